import { eq, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import { listVisibleArticles } from "./article-queries.ts";
import type { ArticleListFilter, ListingBound } from "./article-queries.ts";
import { cardRefStatements } from "./article-ref-queries.ts";
import type { Database } from "./database.ts";
import { NOW_MS, preparedOnce, type PreparedSelect } from "./prepared-batch.ts";
import { authors, categories, images, sections, tags } from "./schema.ts";
import {
  authorBySlugQuery,
  categoriesOfSectionQuery,
  categoryBySlugQuery,
  sectionBySlugQuery,
  tagBySlugQuery,
} from "./taxonomy-queries.ts";

/**
 * A listing page (section, category, author, tag) in ONE D1 round trip (issue 19): every
 * statement starts from the address's slugs and the cursor, never from an id an earlier round
 * trip found. The owner is looked up by slug; the listing's key is a scalar subquery of the same
 * slug; the cards' references read the page's ids from the listing itself (a subquery that walks
 * the same index again and stops at the page, a few microseconds in SQLite, against about
 * 0.6 ms of CPU for each round trip it saves). Built once per isolate for each kind of listing
 * and direction (`prepared-batch.ts`) and filled per request by `listingPageValues`.
 */

export const LISTING_PAGE_SIZE = 20;

/** How the page is walked: the newest, older than a cursor (`before`), newer than one (`after`). */
export type ListingWalk = "newest" | "older" | "newer";

const SECTION = sql.placeholder("section");
const CATEGORY = sql.placeholder("category");
const SLUG = sql.placeholder("slug");
const CURSOR = { publishedAt: sql.placeholder("cursorAt"), id: sql.placeholder("cursorId") };

const sectionIdOf = (slug: typeof SECTION) =>
  sql`(SELECT ${sections.id} FROM ${sections} WHERE ${sections.slug} = ${slug})`;
const categoryId = sql`(SELECT ${categories.id} FROM ${categories} WHERE ${categories.sectionId} = ${sectionIdOf(SECTION)} AND ${categories.slug} = ${CATEGORY})`;
const authorId = sql`(SELECT ${authors.id} FROM ${authors} WHERE ${authors.slug} = ${SLUG})`;
const tagId = sql`(SELECT ${tags.id} FROM ${tags} WHERE ${tags.slug} = ${SLUG})`;
const portraitId = sql`(SELECT ${authors.portraitImageId} FROM ${authors} WHERE ${authors.slug} = ${SLUG})`;

/** The statements that find a listing's owner, first in its batch. */
const ownerStatements = {
  section: (db: Database) =>
    [sectionBySlugQuery(db, SECTION), categoriesOfSectionQuery(db, sectionIdOf(SECTION))] as const,
  category: (db: Database) =>
    [
      sectionBySlugQuery(db, SECTION),
      categoriesOfSectionQuery(db, sectionIdOf(SECTION)),
      categoryBySlugQuery(db, sectionIdOf(SECTION), CATEGORY),
    ] as const,
  author: (db: Database) =>
    [
      authorBySlugQuery(db, SLUG),
      db.select().from(images).where(eq(images.id, portraitId)).limit(1),
    ] as const,
  tag: (db: Database) => [tagBySlugQuery(db, SLUG)] as const,
};

export type ListingKind = keyof typeof ownerStatements;

const filters: Record<ListingKind, ArticleListFilter> = {
  section: { kind: "section", sectionId: sectionIdOf(SECTION) },
  category: { kind: "category", categoryId },
  author: { kind: "author", authorId },
  tag: { kind: "tag", tagId },
};

const bounds: Record<ListingWalk, ListingBound | undefined> = {
  newest: undefined,
  older: { cursor: CURSOR, direction: "older" },
  newer: { cursor: CURSOR, direction: "newer" },
};

// Past the cursor, going back: the cursor's own article counts, as nothing lies between it and
// the page. The newest page has nothing on its near side: its peek asks for no row, so every
// walk's batch has the same shape.
const peeks: Record<ListingWalk, { bound: ListingBound | undefined; limit: number }> = {
  newest: { bound: undefined, limit: 0 },
  older: { bound: { cursor: CURSOR, direction: "newer", inclusive: true }, limit: 1 },
  newer: { bound: { cursor: CURSOR, direction: "older", inclusive: true }, limit: 1 },
};

/**
 * The page's rows (one more than the page, to see past its far end), the one-row peek back
 * past the cursor, and the cards' references of the rows.
 */
function pageStatements(db: Database, filter: ArticleListFilter, walk: ListingWalk) {
  const query = { now: NOW_MS, filter, bound: bounds[walk], limit: LISTING_PAGE_SIZE + 1 };
  const page = listVisibleArticles(db, query).as("listing_page");
  const ofPage = (column: SQLiteColumn) => db.select({ value: column }).from(page);
  return [
    listVisibleArticles(db, query),
    listVisibleArticles(db, { now: NOW_MS, filter, ...peeks[walk] }),
    ...cardRefStatements(db, {
      sectionIds: ofPage(page.sectionId),
      categoryIds: ofPage(page.categoryId),
      articleIds: ofPage(page.id),
      imageIds: ofPage(page.leadImageId),
      mediaIds: ofPage(page.leadMediaId),
    }),
  ] as const;
}

type Prepared<T extends readonly { prepare(): unknown }[]> = {
  -readonly [K in keyof T]: ReturnType<T[K]["prepare"]>;
};

function prepareAll<T extends readonly { prepare(): unknown }[]>(statements: T): Prepared<T> {
  return statements.map((statement) => statement.prepare()) as Prepared<T>;
}

function listingQueries<Kind extends ListingKind>(kind: Kind) {
  const byWalk = {
    newest: preparedOnce((db) => build(db, "newest")),
    older: preparedOnce((db) => build(db, "older")),
    newer: preparedOnce((db) => build(db, "newer")),
  };
  function build(db: Database, walk: ListingWalk) {
    const owner = ownerStatements[kind](db) as ReturnType<(typeof ownerStatements)[Kind]>;
    return [
      ...prepareAll(owner),
      ...prepareAll(pageStatements(db, filters[kind], walk)),
    ] as const satisfies readonly PreparedSelect<unknown>[];
  }
  return (db: Database, walk: ListingWalk) => byWalk[walk](db);
}

/** Each listing's statements for a walk: its owner's, then `pageStatements`'. */
export const sectionListingQueries = listingQueries("section");
export const categoryListingQueries = listingQueries("category");
export const authorListingQueries = listingQueries("author");
export const tagListingQueries = listingQueries("tag");

/** The page a reader asked for: the newest, or older than `before`, or newer than `after`. */
export type ArticlePageRequest =
  | { before?: undefined; after?: undefined }
  | { before: ArticleCursor; after?: undefined }
  | { before?: undefined; after: ArticleCursor };

export function walkOf(page: ArticlePageRequest): ListingWalk {
  return page.after ? "newer" : page.before ? "older" : "newest";
}

/**
 * The values of a listing's placeholders: its slugs (`section` and `category`, or `slug` for an
 * author or tag), the request's time and the cursor's position.
 */
export function listingPageValues(
  slugs: { section: string; category?: string } | { slug: string },
  page: ArticlePageRequest,
  now: Date,
): Record<string, unknown> {
  const cursor = page.after ?? page.before;
  return {
    ...slugs,
    nowMs: now.getTime(),
    ...(cursor && { cursorAt: cursor.publishedAt.getTime(), cursorId: cursor.id }),
  };
}
