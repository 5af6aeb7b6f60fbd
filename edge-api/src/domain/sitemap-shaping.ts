import type {
  NewsSitemapResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
} from "../contract/feed-and-sitemap-contract.ts";

export interface SitemapIndexParts {
  articlePages: number;
  siteUpdatedAt: Date | null;
  sections: readonly { id: number; slug: string }[];
  categories: readonly { id: number; sectionId: number; slug: string }[];
  authors: readonly { id: number; slug: string }[];
  tags: readonly { id: number; slug: string }[];
  pages: readonly { slug: string; updatedAt: Date }[];
  updatedBySection: readonly { id: number; updatedAt: Date | null }[];
  updatedByCategory: readonly { id: number; updatedAt: Date | null }[];
  updatedByAuthor: readonly { id: number; updatedAt: Date | null }[];
  updatedByTag: readonly { id: number; updatedAt: Date | null }[];
}

function lookup(rows: readonly { id: number; updatedAt: Date | null }[]) {
  const byId = new Map(rows.map((row) => [row.id, row.updatedAt]));
  return (id: number) => byId.get(id)?.toISOString() ?? null;
}

/** Every listing with when it last changed; the content fragment turns them into addresses. */
export function toSitemapIndex(parts: SitemapIndexParts): SitemapIndexResponse {
  const section = lookup(parts.updatedBySection);
  const category = lookup(parts.updatedByCategory);
  const author = lookup(parts.updatedByAuthor);
  const tag = lookup(parts.updatedByTag);
  const sectionSlugs = new Map(parts.sections.map((row) => [row.id, row.slug]));
  return {
    articlePages: parts.articlePages,
    siteUpdatedAt: parts.siteUpdatedAt?.toISOString() ?? null,
    sections: parts.sections.map((row) => ({ slug: row.slug, updatedAt: section(row.id) })),
    categories: parts.categories.flatMap((row) => {
      const sectionSlug = sectionSlugs.get(row.sectionId);
      return sectionSlug
        ? [{ section: sectionSlug, slug: row.slug, updatedAt: category(row.id) }]
        : [];
    }),
    authors: parts.authors.map((row) => ({ slug: row.slug, updatedAt: author(row.id) })),
    tags: parts.tags.map((row) => ({ slug: row.slug, updatedAt: tag(row.id) })),
    pages: parts.pages.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() })),
  };
}

export interface ArticlePathRow {
  slug: string;
  sectionSlug: string;
  categorySlug: string;
  updatedAt: Date;
  publishedAt: Date | null;
  headline: string;
}

const addressOf = (row: ArticlePathRow) => ({
  section: row.sectionSlug,
  category: row.categorySlug,
  slug: row.slug,
});

export function toSitemapArticles(
  page: number,
  rows: readonly ArticlePathRow[],
): SitemapArticlesResponse {
  return {
    page,
    articles: rows.map((row) => ({ ...addressOf(row), updatedAt: row.updatedAt.toISOString() })),
  };
}

export function toNewsSitemap(rows: readonly ArticlePathRow[]): NewsSitemapResponse {
  return {
    articles: rows.flatMap((row) =>
      row.publishedAt
        ? [
            {
              ...addressOf(row),
              headline: row.headline,
              publishedAt: row.publishedAt.toISOString(),
            },
          ]
        : [],
    ),
  };
}
