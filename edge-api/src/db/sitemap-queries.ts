import { and, asc, desc, eq, gt, gte, lte, max } from "drizzle-orm";
import { isVisibleArticle } from "./article-queries.ts";
import type { Database } from "./database.ts";
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

const lastUpdated = max(articles.updatedAt);

/** Everything the sitemap index lists, with each listing's newest change, in one round trip. */
export async function loadSitemapIndex(db: Database, now: Date) {
  const visible = isVisibleArticle(now);
  const [
    newest,
    sectionRows,
    categoryRows,
    authorRows,
    tagRows,
    pageRows,
    bySection,
    byCategory,
    byAuthor,
    byTag,
  ] = await db.batch([
    db
      .select({ maxId: max(articles.id), updatedAt: lastUpdated })
      .from(articles)
      .where(visible),
    db.select().from(sections).orderBy(asc(sections.position), asc(sections.id)),
    db.select().from(categories).orderBy(asc(categories.sectionId), asc(categories.id)),
    db.select({ id: authors.id, slug: authors.slug }).from(authors).orderBy(asc(authors.slug)),
    db.select({ id: tags.id, slug: tags.slug }).from(tags).orderBy(asc(tags.slug)),
    db
      .select({ slug: pages.slug, updatedAt: pages.updatedAt })
      .from(pages)
      .orderBy(asc(pages.slug)),
    db
      .select({ id: articles.sectionId, updatedAt: lastUpdated })
      .from(articles)
      .where(visible)
      .groupBy(articles.sectionId),
    db
      .select({ id: articles.categoryId, updatedAt: lastUpdated })
      .from(articles)
      .where(visible)
      .groupBy(articles.categoryId),
    db
      .select({ id: articleAuthors.authorId, updatedAt: lastUpdated })
      .from(articleAuthors)
      .innerJoin(articles, eq(articles.id, articleAuthors.articleId))
      .where(visible)
      .groupBy(articleAuthors.authorId),
    db
      .select({ id: articleTags.tagId, updatedAt: lastUpdated })
      .from(articleTags)
      .innerJoin(articles, eq(articles.id, articleTags.articleId))
      .where(visible)
      .groupBy(articleTags.tagId),
  ]);
  return {
    maxVisibleId: newest[0]?.maxId ?? null,
    siteUpdatedAt: newest[0]?.updatedAt ?? null,
    sections: sectionRows,
    categories: categoryRows,
    authors: authorRows,
    tags: tagRows,
    pages: pageRows,
    updatedBySection: bySection,
    updatedByCategory: byCategory,
    updatedByAuthor: byAuthor,
    updatedByTag: byTag,
  };
}

export type SitemapIndexRows = Awaited<ReturnType<typeof loadSitemapIndex>>;

export async function findMaxVisibleId(db: Database, now: Date): Promise<number | null> {
  const rows = await db
    .select({ maxId: max(articles.id) })
    .from(articles)
    .where(isVisibleArticle(now));
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
