import { and, desc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import type { Database } from "./database.ts";
import { articleAuthors, articles, articleTags } from "./schema.ts";
import type { ArticleListRow, ArticleRow } from "./schema.ts";

/** The one rule of visibility: published, and not in the future. Drafts never leak. */
export function isVisibleArticle(now: Date): SQL {
  return and(eq(articles.status, "published"), lte(articles.publishedAt, now)) as SQL;
}

export const listColumns = {
  id: articles.id,
  slug: articles.slug,
  sectionId: articles.sectionId,
  categoryId: articles.categoryId,
  headline: articles.headline,
  standfirst: articles.standfirst,
  leadImageId: articles.leadImageId,
  status: articles.status,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
};

export type ArticleListFilter =
  | { kind: "all" }
  | { kind: "section"; sectionId: number }
  | { kind: "category"; categoryId: number }
  | { kind: "author"; authorId: number }
  | { kind: "tag"; tagId: number };

function filterCondition(db: Database, filter: ArticleListFilter): SQL | undefined {
  switch (filter.kind) {
    case "all":
      return undefined;
    case "section":
      return eq(articles.sectionId, filter.sectionId);
    case "category":
      return eq(articles.categoryId, filter.categoryId);
    case "author":
      return inArray(
        articles.id,
        db
          .select({ id: articleAuthors.articleId })
          .from(articleAuthors)
          .where(eq(articleAuthors.authorId, filter.authorId)),
      );
    case "tag":
      return inArray(
        articles.id,
        db
          .select({ id: articleTags.articleId })
          .from(articleTags)
          .where(eq(articleTags.tagId, filter.tagId)),
      );
  }
}

function beforeCondition(cursor: ArticleCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    lt(articles.publishedAt, cursor.publishedAt),
    and(eq(articles.publishedAt, cursor.publishedAt), lt(articles.id, cursor.id)),
  );
}

export interface ArticleListQuery {
  now: Date;
  filter: ArticleListFilter;
  before?: ArticleCursor | undefined;
  limit: number;
}

/** Newest first by (published_at, id); keyset pagination, never OFFSET. */
export function listVisibleArticles(db: Database, query: ArticleListQuery) {
  return db
    .select(listColumns)
    .from(articles)
    .where(
      and(
        isVisibleArticle(query.now),
        filterCondition(db, query.filter),
        beforeCondition(query.before),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(query.limit);
}

/** The newest `perSection` visible articles of every section, in one query. */
export async function listNewestPerSection(
  db: Database,
  now: Date,
  perSection: number,
): Promise<ArticleListRow[]> {
  const ranked = db
    .select({
      id: articles.id,
      rank: sql<number>`row_number() over (partition by ${articles.sectionId} order by ${articles.publishedAt} desc, ${articles.id} desc)`.as(
        "rank",
      ),
    })
    .from(articles)
    .where(isVisibleArticle(now))
    .as("ranked");
  return db
    .select(listColumns)
    .from(articles)
    .innerJoin(ranked, eq(ranked.id, articles.id))
    .where(lte(ranked.rank, perSection))
    .orderBy(desc(articles.publishedAt), desc(articles.id));
}

export async function findVisibleArticleBySlug(
  db: Database,
  slug: string,
  now: Date,
): Promise<ArticleRow | undefined> {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), isVisibleArticle(now)))
    .limit(1);
  return rows[0];
}

/** Visible articles among `ids`; anything unpublished is silently absent. */
export function listVisibleArticlesByIds(
  db: Database,
  ids: readonly number[],
  now: Date,
): Promise<ArticleListRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(listColumns)
    .from(articles)
    .where(and(inArray(articles.id, [...new Set(ids)]), isVisibleArticle(now)));
}
