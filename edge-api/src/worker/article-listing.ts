import { listVisibleArticles } from "../db/article-queries.ts";
import type { ArticleListFilter, ListingBound } from "../db/article-queries.ts";
import { loadCardRefs } from "../db/article-ref-queries.ts";
import type { Database } from "../db/database.ts";
import type { ArticlePage } from "../contract/listing-contract.ts";
import { encodeCursor } from "../domain/article-cursor.ts";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import { toArticleCards } from "../domain/article-shaping.ts";

export const LISTING_PAGE_SIZE = 20;

/** Which page of a listing: older than `before`, newer than `after`, or (neither) the newest. */
export type ArticlePageRequest =
  | { before?: undefined; after?: undefined }
  | { before: ArticleCursor; after?: undefined }
  | { before?: undefined; after: ArticleCursor };

type ListedRow = Awaited<ReturnType<typeof listVisibleArticles>>[number];

function cursorOf(row: ListedRow | undefined): string | null {
  return row?.publishedAt ? encodeCursor({ publishedAt: row.publishedAt, id: row.id }) : null;
}

/**
 * One page of a listing, newest first: one query for the rows (one more row than the page, to
 * see past its far end) and, after a cursor, a one-row peek back past the cursor in parallel,
 * to see whether anything lies on the near side; then one batch of refs. An empty page has no
 * neighbours (the reader goes back to the first page).
 */
export async function loadArticlePage(
  db: Database,
  now: Date,
  filter: ArticleListFilter,
  page: ArticlePageRequest,
): Promise<ArticlePage> {
  const bound: ListingBound | undefined = page.after
    ? { cursor: page.after, direction: "newer" }
    : page.before
      ? { cursor: page.before, direction: "older" }
      : undefined;
  // Past the cursor, going back: the cursor's own article counts, as nothing lies between it
  // and this page.
  const peekBound: ListingBound | undefined = bound && {
    cursor: bound.cursor,
    direction: bound.direction === "newer" ? "older" : "newer",
    inclusive: true,
  };
  const [rows, behind] = await Promise.all([
    listVisibleArticles(db, { now, filter, bound, limit: LISTING_PAGE_SIZE + 1 }),
    peekBound ? listVisibleArticles(db, { now, filter, bound: peekBound, limit: 1 }) : [],
  ]);
  const beyondPage = rows.length > LISTING_PAGE_SIZE;
  const walked = rows.slice(0, LISTING_PAGE_SIZE);
  const pageRows = bound?.direction === "newer" ? walked.reverse() : walked;
  const [newest, oldest] = [pageRows[0], pageRows.at(-1)];
  const [hasNewer, hasOlder] =
    bound?.direction === "newer"
      ? [beyondPage, behind.length > 0]
      : [behind.length > 0, beyondPage];
  const refs = await loadCardRefs(db, pageRows);
  return {
    articles: toArticleCards(pageRows, refs),
    nextBefore: hasOlder ? cursorOf(oldest) : null,
    newerAfter: hasNewer ? cursorOf(newest) : null,
  };
}
