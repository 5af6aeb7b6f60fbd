import type {
  ArticleCard,
  ArticleDetail,
  AuthorResponse,
  BodyBlock,
  CategoryResponse,
  HomeResponse,
  PageResponse,
  SectionResponse,
  SectionSummary,
  TagResponse,
} from "edge-api/types";
import type {
  ArticleView,
  AuthorView,
  BodyBlockView,
  CategoryView,
  HomeView,
  LinkView,
  SectionView,
  StaticPageView,
  StoryCardView,
  TagView,
} from "../ui/content-views.ts";

/** Pure functions from edge-api responses to the view props the pages render with. */

const EDITION_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const sectionHref = (slug: string): string => `/${slug}`;
export const categoryHref = (section: string, category: string): string =>
  `/${section}/${category}`;
export const authorHref = (slug: string): string => `/authors/${slug}`;
export const tagHref = (slug: string): string => `/tags/${slug}`;
export const editionHref = (date: string): string => `/todays-paper/${date}`;

function olderHref(basePath: string, nextBefore: string | null): string | null {
  return nextBefore === null ? null : `${basePath}?before=${encodeURIComponent(nextBefore)}`;
}

export function toStoryCard(card: ArticleCard): StoryCardView {
  return {
    href: card.path,
    headline: card.headline,
    standfirst: card.standfirst,
    publishedAt: card.publishedAt,
    kicker: {
      href: categoryHref(card.section.slug, card.category.slug),
      label: card.category.name,
    },
    authorNames: card.authors.map((author) => author.name),
  };
}

export function toBodyBlocks(blocks: BodyBlock[]): BodyBlockView[] {
  return blocks.map((block): BodyBlockView => {
    switch (block.type) {
      case "paragraph":
        return { type: "paragraph", text: block.text };
      case "heading":
        return { type: "heading", text: block.text };
      case "quote":
        return { type: "quote", text: block.text, attribution: block.attribution ?? null };
      case "list":
        return { type: "list", items: [...block.items] };
    }
  });
}

function categoryLinks(section: SectionSummary): LinkView[] {
  return section.categories.map((category) => ({
    href: categoryHref(section.slug, category.slug),
    label: category.name,
  }));
}

export function toHomeView(home: HomeResponse): HomeView {
  return {
    view: "home",
    lead: home.lead ? toStoryCard(home.lead) : null,
    top: home.top.map(toStoryCard),
    sections: home.sections.map(({ section, articles }) => ({
      section: { href: sectionHref(section.slug), label: section.name },
      stories: articles.map(toStoryCard),
    })),
    latest: home.latest.map(toStoryCard),
  };
}

export function toSectionView(data: SectionResponse): SectionView {
  return {
    view: "section",
    name: data.section.name,
    description: data.section.description,
    categories: categoryLinks(data.section),
    stories: data.articles.map(toStoryCard),
    olderHref: olderHref(sectionHref(data.section.slug), data.nextBefore),
  };
}

export function toCategoryView(data: CategoryResponse): CategoryView {
  const currentHref = categoryHref(data.section.slug, data.category.slug);
  return {
    view: "category",
    name: data.category.name,
    description: data.category.description,
    section: { href: sectionHref(data.section.slug), label: data.section.name },
    categories: categoryLinks(data.section),
    currentHref,
    stories: data.articles.map(toStoryCard),
    olderHref: olderHref(currentHref, data.nextBefore),
  };
}

export function toArticleView(article: ArticleDetail): ArticleView {
  const print =
    article.print && EDITION_DATE.test(article.print.editionDate)
      ? {
          href: editionHref(article.print.editionDate),
          page: article.print.page,
          editionDate: article.print.editionDate,
        }
      : null;
  return {
    view: "article",
    headline: article.headline,
    standfirst: article.standfirst,
    section: { href: sectionHref(article.section.slug), label: article.section.name },
    category: {
      href: categoryHref(article.section.slug, article.category.slug),
      label: article.category.name,
    },
    authors: article.authors.map((a) => ({ href: authorHref(a.slug), label: a.name })),
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    body: toBodyBlocks(article.body),
    tags: article.tags.map((t) => ({ href: tagHref(t.slug), label: t.name })),
    print,
  };
}

export function toAuthorView(data: AuthorResponse): AuthorView {
  return {
    view: "author",
    name: data.author.name,
    title: data.author.title,
    bio: data.author.bio,
    stories: data.articles.map(toStoryCard),
    olderHref: olderHref(authorHref(data.author.slug), data.nextBefore),
  };
}

export function toTagView(data: TagResponse): TagView {
  return {
    view: "tag",
    name: data.tag.name,
    description: data.tag.description,
    stories: data.articles.map(toStoryCard),
    olderHref: olderHref(tagHref(data.tag.slug), data.nextBefore),
  };
}

export function toStaticPageView(data: PageResponse): StaticPageView {
  return {
    view: "page",
    title: data.page.title,
    body: toBodyBlocks(data.page.body),
    updatedAt: data.page.updatedAt,
  };
}
