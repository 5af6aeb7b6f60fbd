import type {
  ArticleCard,
  ArticleDetail,
  ImageRef,
  PageResponse,
  SectionSummary,
} from "../contract/article-contract.ts";
import type {
  AuthorResponse,
  AuthorsIndexResponse,
  CategoryResponse,
  HomeResponse,
  SectionResponse,
  TagResponse,
  TagsIndexResponse,
} from "../contract/listing-contract.ts";
import type { ArticleLive, LiveUpdate } from "../contract/live-contract.ts";
import type { SearchResponse } from "../contract/search-contract.ts";
import type {
  FeedResponse,
  NewsSitemapResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
} from "../contract/feed-and-sitemap-contract.ts";

/** Small factories for edge-api responses; each test overrides only what it asserts on. */

let sequence = 0;
/** A number no other factory call has used (unique slugs and headlines). */
export const next = (): number => ++sequence;

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

export function anImage(overrides: Partial<ImageRef> = {}): ImageRef {
  const n = next();
  return {
    src: `/images/img${n}.svg`,
    alt: `Picture number ${n}: the harbour at dawn`,
    caption: `The harbour at dawn, picture ${n}.`,
    credit: "Photograph: Daily Edge staff",
    width: 1200,
    height: 675,
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
    headline: `Story number ${n} makes the news`,
    standfirst: `What happened in story ${n}, and why it matters.`,
    publishedAt: "2026-11-21T09:30:00.000Z",
    section,
    category,
    authors: [{ slug: "ada-okafor", name: "Ada Okafor" }],
    image: anImage(),
    ...overrides,
  };
}

export function anArticleDetail(overrides: Partial<ArticleDetail> = {}): ArticleDetail {
  const { related, ...cardOverrides } = overrides;
  return {
    ...anArticleCard(cardOverrides),
    related: related ?? [anArticleCard({ headline: "Ferry fares to rise in spring" })],
    wordCount: 1380,
    readingMinutes: 6,
    updatedAt: "2026-11-21T14:05:00.000Z",
    body: [
      { type: "paragraph", text: "The harbour bridge reopened on Saturday morning." },
      { type: "heading", text: "What comes next" },
      { type: "quote", text: "We built it to last a century.", attribution: "The chief engineer" },
      { type: "list", items: ["New cycle lanes", "Wider footpaths"] },
    ],
    tags: [{ slug: "infrastructure", name: "Infrastructure" }],
    print: null,
    corrections: [],
    seo: { title: "", description: "" },
    live: null,
    ...overrides,
  };
}

/** A live blog's update (issue 16); ids grow with each call, as the API's do. */
export function aLiveUpdate(overrides: Partial<LiveUpdate> = {}): LiveUpdate {
  return {
    id: String(next()),
    postedAt: "2026-11-21T15:00:00.000Z",
    updatedAt: "2026-11-21T15:00:00.000Z",
    keyEvent: false,
    paragraphs: [[{ text: "The count goes on." }]],
    ...overrides,
  };
}

/** A live blog for `anArticleDetail({ live })`: live since 14:00, updates newest first. */
export function anArticleLive(overrides: Partial<ArticleLive> = {}): ArticleLive {
  return {
    state: "live",
    startedAt: "2026-11-21T14:00:00.000Z",
    endedAt: null,
    updates: [aLiveUpdate()],
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
    newerAfter: null,
    ...overrides,
  };
}

export function aCategoryResponse(overrides: Partial<CategoryResponse> = {}): CategoryResponse {
  return {
    section: aSection(),
    category: { slug: "europe", name: "Europe", description: "News from across Europe." },
    articles: [anArticleCard()],
    nextBefore: null,
    newerAfter: null,
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
      portrait: anImage({ alt: "Ada Okafor, smiling", width: 400, height: 400 }),
    },
    articles: [anArticleCard()],
    nextBefore: null,
    newerAfter: null,
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
    newerAfter: null,
    ...overrides,
  };
}

/** `GET /api/authors`: one author with a portrait, role and article count. */
export function anAuthorsIndexResponse(
  overrides: Partial<AuthorsIndexResponse> = {},
): AuthorsIndexResponse {
  return {
    authors: [
      {
        slug: "ada-okafor",
        name: "Ada Okafor",
        title: "Europe correspondent",
        portrait: anImage({ alt: "Ada Okafor, smiling", width: 400, height: 400 }),
        articleCount: 12,
      },
    ],
    ...overrides,
  };
}

/** `GET /api/tags`: tags most used first, with their article counts. */
export function aTagsIndexResponse(overrides: Partial<TagsIndexResponse> = {}): TagsIndexResponse {
  return {
    tags: [
      { slug: "infrastructure", name: "Infrastructure", articleCount: 9 },
      { slug: "climate", name: "Climate", articleCount: 4 },
    ],
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

export function aSearchResponse(overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    query: "bridge",
    filters: { section: null, from: null, to: null, sort: "relevance" },
    results: [
      {
        article: anArticleCard({ headline: "Harbour bridge reopens after three years" }),
        snippet: [
          { text: "The harbour ", match: false },
          { text: "bridge", match: true },
          { text: " reopened on Saturday morning.", match: false },
        ],
      },
    ],
    nextCursor: null,
    ...overrides,
  };
}

export function aFeedResponse(overrides: Partial<FeedResponse> = {}): FeedResponse {
  const article = anArticleCard({ headline: "Harbour bridge reopens after three years" });
  return {
    subject: { kind: "site" },
    updatedAt: "2026-11-21T14:05:00.000Z",
    articles: [{ ...article, updatedAt: "2026-11-21T14:05:00.000Z" }],
    ...overrides,
  };
}

export function aSitemapIndexResponse(
  overrides: Partial<SitemapIndexResponse> = {},
): SitemapIndexResponse {
  return {
    articlePages: 2,
    siteUpdatedAt: "2026-11-21T14:05:00.000Z",
    sections: [{ slug: "world", updatedAt: "2026-11-21T09:30:00.000Z" }],
    categories: [],
    authors: [],
    tags: [],
    pages: [{ slug: "about-us", updatedAt: "2026-01-15T12:00:00.000Z" }],
    ...overrides,
  };
}

export function aSitemapArticlesResponse(
  overrides: Partial<SitemapArticlesResponse> = {},
): SitemapArticlesResponse {
  return {
    page: 1,
    articles: [
      {
        section: "world",
        category: "europe",
        slug: "bridge-reopens",
        updatedAt: "2026-11-21T14:05:00.000Z",
      },
      {
        section: "world",
        category: "europe",
        slug: "ferry-fares",
        updatedAt: "2026-11-20T08:00:00.000Z",
      },
    ],
    ...overrides,
  };
}

export function aNewsSitemapResponse(
  overrides: Partial<NewsSitemapResponse> = {},
): NewsSitemapResponse {
  return {
    articles: [
      {
        section: "world",
        category: "europe",
        slug: "bridge-reopens",
        headline: "Harbour bridge reopens after three years",
        publishedAt: "2026-11-21T09:30:00.000Z",
      },
    ],
    ...overrides,
  };
}
