import type {
  NewsSitemapResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
} from "../contract/content-contract.ts";
import { articlePath } from "./article-shaping.ts";

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

/** Listing paths match the shell's routes: `/`, `/{section}`, `/{section}/{category}`, ... */
export function toSitemapIndex(parts: SitemapIndexParts): SitemapIndexResponse {
  const section = lookup(parts.updatedBySection);
  const category = lookup(parts.updatedByCategory);
  const author = lookup(parts.updatedByAuthor);
  const tag = lookup(parts.updatedByTag);
  const sectionSlugs = new Map(parts.sections.map((row) => [row.id, row.slug]));
  return {
    articlePages: parts.articlePages,
    listings: [
      { path: "/", updatedAt: parts.siteUpdatedAt?.toISOString() ?? null },
      ...parts.sections.map((row) => ({ path: `/${row.slug}`, updatedAt: section(row.id) })),
      ...parts.categories.flatMap((row) => {
        const sectionSlug = sectionSlugs.get(row.sectionId);
        return sectionSlug
          ? [{ path: `/${sectionSlug}/${row.slug}`, updatedAt: category(row.id) }]
          : [];
      }),
      ...parts.authors.map((row) => ({ path: `/authors/${row.slug}`, updatedAt: author(row.id) })),
      ...parts.tags.map((row) => ({ path: `/tags/${row.slug}`, updatedAt: tag(row.id) })),
      ...parts.pages.map((row) => ({
        path: `/pages/${row.slug}`,
        updatedAt: row.updatedAt.toISOString(),
      })),
    ],
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

const pathOf = (row: ArticlePathRow) => articlePath(row.sectionSlug, row.categorySlug, row.slug);

export function toSitemapArticles(
  page: number,
  rows: readonly ArticlePathRow[],
): SitemapArticlesResponse {
  return {
    page,
    articles: rows.map((row) => ({ path: pathOf(row), updatedAt: row.updatedAt.toISOString() })),
  };
}

export function toNewsSitemap(rows: readonly ArticlePathRow[]): NewsSitemapResponse {
  return {
    articles: rows.flatMap((row) =>
      row.publishedAt
        ? [
            {
              path: pathOf(row),
              headline: row.headline,
              publishedAt: row.publishedAt.toISOString(),
            },
          ]
        : [],
    ),
  };
}
