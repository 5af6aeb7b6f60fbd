import { and, asc, desc, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { isVisibleArticle } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { newestVisibleId } from "./newest-visible-id.ts";
import {
  articleAuthors,
  articles,
  articleTags,
  authors,
  categories,
  pages,
  sections,
  tags,
} from "./schema.ts";

/** Article sitemap pages are id ranges of this size: stable, and served from the primary key. */
export const SITEMAP_PAGE_SIZE = 1_000;

/**
 * A listing's newest change, `updated_at` of its newest visible article, as a correlated
 * subquery read from the top of `index` (newest change first): the first entry that is
 * visible ends the walk, and visibility is in the index, so drafts and scheduled stories are
 * skipped without reading their rows. The sitemap index costs O(listings), not O(articles)
 * (issue 19; the aggregate over every visible article took about 4 s at 100,000).
 */
function newestChange(index: string, key: SQL, now: Date) {
  return sql<Date | null>`(SELECT ${articles.updatedAt} FROM ${articles} INDEXED BY ${sql.identifier(index)}
    WHERE ${key} AND ${isVisibleArticle(now)}
    ORDER BY ${articles.updatedAt} DESC LIMIT 1)`.mapWith(articles.updatedAt);
}

/**
 * The same from a link table: its copy of the article's `updated_at` and listing
 * `published_at` (non-null only while published; triggers of migrations 0006 and 0024).
 */
function newestLinkedChange(link: typeof articleAuthors | typeof articleTags, key: SQL, now: Date) {
  return sql<Date | null>`(SELECT ${link.updatedAt} FROM ${link}
    WHERE ${key} AND ${link.publishedAt} <= ${now.getTime()}
    ORDER BY ${link.updatedAt} DESC LIMIT 1)`.mapWith(link.updatedAt);
}

/** The statements behind `loadSitemapIndex` (its query-plan test reads them). */
export function sitemapIndexQueries(db: Database, now: Date) {
  return [
    db
      .select({
        maxId: newestVisibleId(now),
        updatedAt: newestChange("articles_updated_idx", sql`1`, now),
      })
      .from(sql`(SELECT 1)`),
    db
      .select({
        id: sections.id,
        slug: sections.slug,
        updatedAt: newestChange(
          "articles_section_updated_idx",
          sql`${articles.sectionId} = ${sections.id}`,
          now,
        ),
      })
      .from(sections)
      .orderBy(asc(sections.position), asc(sections.id)),
    db
      .select({
        id: categories.id,
        sectionId: categories.sectionId,
        slug: categories.slug,
        updatedAt: newestChange(
          "articles_category_updated_idx",
          sql`${articles.categoryId} = ${categories.id}`,
          now,
        ),
      })
      .from(categories)
      .orderBy(asc(categories.sectionId), asc(categories.id)),
    db
      .select({
        id: authors.id,
        slug: authors.slug,
        updatedAt: newestLinkedChange(
          articleAuthors,
          sql`${articleAuthors.authorId} = ${authors.id}`,
          now,
        ),
      })
      .from(authors)
      .orderBy(asc(authors.slug)),
    db
      .select({
        id: tags.id,
        slug: tags.slug,
        updatedAt: newestLinkedChange(articleTags, sql`${articleTags.tagId} = ${tags.id}`, now),
      })
      .from(tags)
      .orderBy(asc(tags.slug)),
    db
      .select({ slug: pages.slug, updatedAt: pages.updatedAt })
      .from(pages)
      .orderBy(asc(pages.slug)),
  ] as const;
}

/** Everything the sitemap index lists, with each listing's newest change, in one round trip. */
export async function loadSitemapIndex(db: Database, now: Date) {
  const [newest, sectionRows, categoryRows, authorRows, tagRows, pageRows] = await db.batch(
    sitemapIndexQueries(db, now),
  );
  return {
    maxVisibleId: newest[0]?.maxId ?? null,
    siteUpdatedAt: newest[0]?.updatedAt ?? null,
    sections: sectionRows,
    categories: categoryRows,
    authors: authorRows,
    tags: tagRows,
    pages: pageRows,
    updatedBySection: sectionRows,
    updatedByCategory: categoryRows,
    updatedByAuthor: authorRows,
    updatedByTag: tagRows,
  };
}

export type SitemapIndexRows = Awaited<ReturnType<typeof loadSitemapIndex>>;

export async function findMaxVisibleId(db: Database, now: Date): Promise<number | null> {
  const rows = await db.select({ maxId: newestVisibleId(now) }).from(sql`(SELECT 1)`);
  return rows[0]?.maxId ?? null;
}

const pathColumns = {
  slug: articles.slug,
  sectionSlug: sections.slug,
  categorySlug: categories.slug,
  updatedAt: articles.updatedAt,
  publishedAt: articles.publishedAt,
  headline: articles.headline,
};

/** Visible articles with ids in [firstId, lastId], by id. */
export function listVisibleArticlePathsInRange(
  db: Database,
  firstId: number,
  lastId: number,
  now: Date,
) {
  return db
    .select(pathColumns)
    .from(articles)
    .innerJoin(sections, eq(sections.id, articles.sectionId))
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(gte(articles.id, firstId), lte(articles.id, lastId), isVisibleArticle(now)))
    .orderBy(asc(articles.id));
}

export const NEWS_WINDOW_MS = 48 * 3_600_000;
const NEWS_LIMIT = 1_000;

/** Visible articles published in the last 48 hours, newest first. */
export function listRecentArticlePaths(db: Database, now: Date) {
  return db
    .select(pathColumns)
    .from(articles)
    .innerJoin(sections, eq(sections.id, articles.sectionId))
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(
      and(
        gt(articles.publishedAt, new Date(now.getTime() - NEWS_WINDOW_MS)),
        isVisibleArticle(now),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(NEWS_LIMIT);
}
