import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import { isSQLWrapper } from "drizzle-orm";
import type { Placeholder, SQL, SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import type { Database } from "./database.ts";
import { momentValue, type QueryMoment } from "./prepared-batch.ts";
import { articleSlugHistory } from "./account-schema.ts";
import { articleAuthors, articles, articleTags, sections } from "./schema.ts";
import type { ArticleRow } from "./schema.ts";

/** The one rule of visibility: published, and not in the future. Drafts never leak. */
export function isVisibleArticle(now: QueryMoment): SQL {
  return and(
    eq(articles.status, "published"),
    sql`${articles.publishedAt} <= ${momentValue(now)}`,
  ) as SQL;
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
  // The story's own words for its lead image (issue 13); null: the image's own.
  leadImageAlt: articles.leadImageAlt,
  leadImageCaption: articles.leadImageCaption,
  leadImageCredit: articles.leadImageCredit,
  // A photograph as the lead (issue 16) instead of `leadImageId`.
  leadMediaId: articles.leadMediaId,
};

/**
 * Which listing. Each id is a number, or (in a statement built once, `listing-page-queries.ts`)
 * a scalar subquery that finds it from a placeholder.
 */
export type ArticleListFilter =
  | { kind: "all" }
  | { kind: "section"; sectionId: number | SQL }
  | { kind: "category"; categoryId: number | SQL }
  | { kind: "author"; authorId: number | SQL }
  | { kind: "tag"; tagId: number | SQL };

type ArticleColumnFilter = Exclude<ArticleListFilter, { kind: "author" } | { kind: "tag" }>;

function filterCondition(filter: ArticleColumnFilter): SQL | undefined {
  switch (filter.kind) {
    case "all":
      return undefined;
    case "section":
      return eq(articles.sectionId, filter.sectionId);
    case "category":
      return eq(articles.categoryId, filter.categoryId);
  }
}

/**
 * Where a listing starts: older than `cursor` (newest first), or newer than it (oldest first,
 * the caller turns the rows round). `inclusive` takes the cursor's own position too, for the
 * one-row peeks that tell whether a page has a neighbour.
 */
export interface ListingBound {
  cursor: ArticleCursor | ListingCursorQuery;
  direction: "older" | "newer";
  inclusive?: boolean;
}

/**
 * A cursor in a statement built once: placeholders filled with its `publishedAt` in epoch
 * milliseconds and its id.
 */
export interface ListingCursorQuery {
  publishedAt: Placeholder;
  id: Placeholder;
}

/** The keyset condition of `bound` on (publishedAt, id). */
function boundCondition(
  bound: ListingBound | undefined,
  publishedAt: SQLiteColumn,
  id: SQLiteColumn,
): SQL | undefined {
  if (!bound) return undefined;
  const { cursor } = bound;
  const [beyond, beyondId] =
    bound.direction === "older"
      ? [lt, bound.inclusive ? lte : lt]
      : [gt, bound.inclusive ? gte : gt];
  return or(
    beyond(publishedAt, cursor.publishedAt),
    and(eq(publishedAt, cursor.publishedAt), beyondId(id, cursor.id)),
  );
}

/** Newest first, or oldest first when walking towards newer articles. */
function listingOrder(
  bound: ListingBound | undefined,
  publishedAt: SQLiteColumn,
  id: SQLiteColumn,
) {
  const direction = bound?.direction === "newer" ? asc : desc;
  return [direction(publishedAt), direction(id)];
}

export interface ArticleListQuery {
  now: QueryMoment;
  filter: ArticleListFilter;
  /** No bound: the newest articles. */
  bound?: ListingBound | undefined;
  limit: number;
}

/**
 * Newest first by (published_at, id), or oldest first after a `newer` bound; keyset
 * pagination, never OFFSET. Every filter walks one index in listing order (backwards for
 * `newer`) and stops after `limit` rows, whatever the size of the publication: sections and
 * categories their `articles` index, authors and tags their link table's (`published_at`
 * copied there, see schema.ts). `listing-query-plans.test.ts` holds them to it.
 */
export function listVisibleArticles(db: Database, query: ArticleListQuery) {
  const { filter, bound } = query;
  if (filter.kind === "author" || filter.kind === "tag") {
    const link =
      filter.kind === "author"
        ? { table: articleAuthors, key: articleAuthors.authorId, value: filter.authorId }
        : { table: articleTags, key: articleTags.tagId, value: filter.tagId };
    return db
      .select(listColumns)
      .from(link.table)
      .innerJoin(articles, eq(articles.id, link.table.articleId))
      .where(
        and(
          eq(link.key, link.value),
          sql`${link.table.publishedAt} <= ${momentValue(query.now)}`,
          boundCondition(bound, link.table.publishedAt, link.table.articleId),
          isVisibleArticle(query.now),
        ),
      )
      .orderBy(...listingOrder(bound, link.table.publishedAt, link.table.articleId))
      .limit(query.limit);
  }
  return db
    .select(listColumns)
    .from(articles)
    .where(
      and(
        isVisibleArticle(query.now),
        filterCondition(filter),
        boundCondition(bound, articles.publishedAt, articles.id),
      ),
    )
    .orderBy(...listingOrder(bound, articles.publishedAt, articles.id))
    .limit(query.limit);
}

/**
 * The newest `perSection` visible articles of every section, in one query: per section, a
 * correlated subquery walks `articles_section_published_idx` newest first and stops at
 * `perSection`, so the home page never ranks the whole archive.
 */
export function listNewestPerSection(db: Database, now: QueryMoment, perSection: number) {
  return db
    .select(listColumns)
    .from(sections)
    .innerJoin(articles, newestOfSection(db, now, perSection))
    .orderBy(desc(articles.publishedAt), desc(articles.id));
}

/** The ids of `listNewestPerSection`'s rows, unordered (a subquery: `home-page-queries.ts`). */
export function newestPerSectionIds(db: Database, now: QueryMoment, perSection: number) {
  return db
    .select({ id: articles.id })
    .from(sections)
    .innerJoin(articles, newestOfSection(db, now, perSection));
}

function newestOfSection(db: Database, now: QueryMoment, perSection: number): SQL {
  // The inner `articles` shadows the outer one; `sections.id` is the outer row's section.
  const newest = db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.sectionId, sections.id), isVisibleArticle(now)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(perSection);
  return inArray(articles.id, newest);
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

/**
 * The visibility rule for rows already found by id. The unary `+` keeps SQLite from walking
 * `articles_status_published_id_idx` over every visible article (what it picks without
 * statistics) instead of looking the few ids up by primary key.
 */
export function isVisibleById(now: QueryMoment): SQL {
  return sql`+${articles.status} = 'published' AND +${articles.publishedAt} <= ${momentValue(now)}`;
}

/**
 * Visible articles among `ids` (a list, or a subquery of ids); anything unpublished is silently
 * absent.
 */
export function listVisibleArticlesByIds(
  db: Database,
  ids: readonly number[] | SQLWrapper,
  now: QueryMoment,
) {
  return db
    .select(listColumns)
    .from(articles)
    .where(
      and(inArray(articles.id, isSQLWrapper(ids) ? ids : [...new Set(ids)]), isVisibleById(now)),
    );
}

/** The stored bodies of some articles (a feed's), by id: one query for the caller's batch. */
export function listBodiesByIds(db: Database, ids: readonly number[]) {
  return db
    .select({ id: articles.id, body: articles.body })
    .from(articles)
    .where(inArray(articles.id, [...ids]));
}

/** The id of the article that had `slug` before its current one (a scalar subquery). */
function formerOwnerOf(slug: string | Placeholder): SQL {
  return sql`(SELECT ${articleSlugHistory.articleId} FROM ${articleSlugHistory} WHERE ${articleSlugHistory.slug} = ${slug})`;
}

/**
 * The id of the article a reader's `slug` names, its current slug first, else a former one (a
 * scalar subquery), so the statements of an article page can all start from the slug and go in
 * one batch.
 */
export function articleIdAtSlug(slug: string | Placeholder): SQL {
  return sql`coalesce((SELECT ${articles.id} FROM ${articles} WHERE ${articles.slug} = ${slug}), ${formerOwnerOf(slug)})`;
}

/**
 * The two statements behind `readerOutcome`, for the caller's batch: the article at `slug`, and
 * the one that had `slug` before. No join in a D1 batch: its rows are keyed by column name, and
 * both tables have `slug`.
 */
export function articleAtSlugQueries(db: Database, slug: string | Placeholder) {
  return [
    db.select().from(articles).where(eq(articles.slug, slug)).limit(1),
    db
      .select()
      .from(articles)
      .where(eq(articles.id, formerOwnerOf(slug)))
      .limit(1),
  ] as const;
}

export type ReaderOutcome = { kind: "visible"; row: ArticleRow } | { kind: "gone" } | null;

/**
 * What readers get from the rows of `articleAtSlugQueries`: the visible article (also under one of
 * its old slugs, answered under its current one), `gone` for an article the desk took down
 * (410), or nothing (404). A story scheduled and taken down before it ever went live is nothing,
 * not gone.
 */
export function readerOutcome(
  current: readonly ArticleRow[],
  old: readonly ArticleRow[],
  now: Date,
): ReaderOutcome {
  const row = current[0] ?? old[0];
  if (!row) return null;
  if (row.status === "published" && row.publishedAt && row.publishedAt <= now) {
    return { kind: "visible", row };
  }
  const wasLive =
    row.status === "draft" &&
    row.unpublishedAt !== null &&
    row.publishedAt !== null &&
    row.publishedAt <= row.unpublishedAt;
  return wasLive ? { kind: "gone" } : null;
}

/** `readerOutcome` of `slug` in a round trip of its own. */
export async function findArticleForReaders(
  db: Database,
  slug: string,
  now: Date,
): Promise<ReaderOutcome> {
  const [current, old] = await db.batch(articleAtSlugQueries(db, slug));
  return readerOutcome(current, old, now);
}
