import type {
  ArticleCard,
  ArticleDetail,
  AuthorResponse,
  CategoryResponse,
  HomeResponse,
  PageResponse,
  SectionResponse,
  SectionSummary,
  TagResponse,
} from "edge-api/types";

/** Small factories for edge-api responses; each test overrides only what it asserts on. */

let sequence = 0;
const next = (): number => ++sequence;

export function aSection(overrides: Partial<SectionSummary> = {}): SectionSummary {
  return {
    slug: "world",
    name: "World",
    description: "Reporting from every continent.",
    categories: [
      { slug: "europe", name: "Europe" },
      { slug: "asia", name: "Asia" },
    ],
    ...overrides,
  };
}

export function anArticleCard(overrides: Partial<ArticleCard> = {}): ArticleCard {
  const n = next();
  const slug = overrides.slug ?? `story-number-${n}`;
  const section = overrides.section ?? { slug: "world", name: "World" };
  const category = overrides.category ?? { slug: "europe", name: "Europe" };
  return {
    slug,
    path: `/${section.slug}/${category.slug}/${slug}`,
    headline: `Story number ${n} makes the news`,
    standfirst: `What happened in story ${n}, and why it matters.`,
    publishedAt: "2026-11-21T09:30:00.000Z",
    section,
    category,
    authors: [{ slug: "ada-okafor", name: "Ada Okafor" }],
    ...overrides,
  };
}

export function anArticleDetail(overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  return {
    ...anArticleCard(overrides),
    updatedAt: "2026-11-21T14:05:00.000Z",
    body: [
      { type: "paragraph", text: "The harbour bridge reopened on Saturday morning." },
      { type: "heading", text: "What comes next" },
      { type: "quote", text: "We built it to last a century.", attribution: "The chief engineer" },
      { type: "list", items: ["New cycle lanes", "Wider footpaths"] },
    ],
    tags: [{ slug: "infrastructure", name: "Infrastructure" }],
    print: null,
    ...overrides,
  };
}

export function aHomeResponse(overrides: Partial<HomeResponse> = {}): HomeResponse {
  return {
    lead: anArticleCard({ headline: "Harbour bridge reopens after three years" }),
    top: [anArticleCard(), anArticleCard()],
    sections: [
      { section: { slug: "world", name: "World" }, articles: [anArticleCard()] },
      {
        section: { slug: "business", name: "Business" },
        articles: [
          anArticleCard({
            section: { slug: "business", name: "Business" },
            category: { slug: "markets", name: "Markets" },
          }),
        ],
      },
    ],
    latest: [anArticleCard({ headline: "Latest: ferry timetable changes" })],
    ...overrides,
  };
}

export function aSectionResponse(overrides: Partial<SectionResponse> = {}): SectionResponse {
  return {
    section: aSection(),
    articles: [anArticleCard(), anArticleCard()],
    nextBefore: null,
    ...overrides,
  };
}

export function aCategoryResponse(overrides: Partial<CategoryResponse> = {}): CategoryResponse {
  return {
    section: aSection(),
    category: { slug: "europe", name: "Europe", description: "News from across Europe." },
    articles: [anArticleCard()],
    nextBefore: null,
    ...overrides,
  };
}

export function anAuthorResponse(overrides: Partial<AuthorResponse> = {}): AuthorResponse {
  return {
    author: {
      slug: "ada-okafor",
      name: "Ada Okafor",
      title: "Europe correspondent",
      bio: "Ada reports on European politics from Brussels.",
    },
    articles: [anArticleCard()],
    nextBefore: null,
    ...overrides,
  };
}

export function aTagResponse(overrides: Partial<TagResponse> = {}): TagResponse {
  return {
    tag: {
      slug: "infrastructure",
      name: "Infrastructure",
      description: "Bridges, railways and the grid.",
    },
    articles: [anArticleCard()],
    nextBefore: null,
    ...overrides,
  };
}

export function aPageResponse(overrides: Partial<PageResponse["page"]> = {}): PageResponse {
  return {
    page: {
      slug: "about-us",
      title: "About us",
      body: [{ type: "paragraph", text: "The Daily Edge is an independent newsroom." }],
      updatedAt: "2026-01-15T12:00:00.000Z",
      ...overrides,
    },
  };
}
