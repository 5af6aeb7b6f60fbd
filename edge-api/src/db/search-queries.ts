import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SearchCursor } from "../domain/search-query.ts";
import { MATCH_END, MATCH_START } from "../domain/search-query.ts";
import { isVisibleArticle } from "./article-queries.ts";
import type { Database } from "./database.ts";

/** bm25 column weights: headline, standfirst, body. A headline match counts most. */
const WEIGHTS = sql.raw("10.0, 4.0, 1.0");
const SNIPPET_TOKENS = 24;

export interface RankedMatch {
  id: number;
  score: number;
}

/**
 * How many of the newest visible matches are ranked. A common word matches most of the
 * publication, and bm25 over every match grows with it (about a second at 100,000 articles);
 * ranking the newest matches keeps a search's cost flat whatever the archive's size, and a
 * news reader wants recent articles anyway. Pages past the window end the results.
 */
export const SEARCH_WINDOW = 500;

/**
 * The two full-text indexes (migrations 0002 and 0007): every article, and only the newest
 * `RECENT_INDEX_SIZE`. bm25() counts every row of its index that matches each term before it
 * ranks anything, so a common word costs as much as the archive is large in `all`, and no more
 * than the recent articles in `recent`.
 */
export type SearchIndex = "all" | "recent";
const INDEX_TABLES: Record<SearchIndex, SQL> = {
  all: sql.raw("article_search"),
  recent: sql.raw("article_search_recent"),
};
/** Articles in `article_search_recent`: those with an id above the newest id minus this. */
export const RECENT_INDEX_SIZE = 5_000;

/**
 * Which index ranks `expression`: `recent` when the newest `SEARCH_WINDOW` visible matches are
 * all among the recent articles (then both indexes hold the same window, and ranking it in
 * `recent` is cheap), else `all`. Finding the window costs no bm25 count.
 */
export async function chooseSearchIndex(
  db: Database,
  expression: string,
  now: Date,
): Promise<SearchIndex> {
  const [row] = await db.all<{ matches: number }>(sql`
    SELECT count(*) AS matches FROM (
      SELECT 1 FROM article_search_recent
      WHERE article_search_recent MATCH ${expression} AND ${visibleMatch(INDEX_TABLES.recent, now)}
      LIMIT ${SEARCH_WINDOW}
    )
  `);
  return (row?.matches ?? 0) >= SEARCH_WINDOW ? "recent" : "all";
}

/** The match's article is visible, read from `articles_id_visibility_idx`. */
function visibleMatch(table: SQL, now: Date): SQL {
  return sql`EXISTS (
    SELECT 1 FROM articles INDEXED BY articles_id_visibility_idx
    WHERE articles.id = ${table}.rowid AND ${isVisibleArticle(now)}
  )`;
}

/**
 * Visible articles matching `expression` (already a safe FTS5 expression) among the newest
 * `SEARCH_WINDOW` visible matches, best first: bm25 ascending, then id. Keyset-paginated on
 * (score, id). The FTS index is walked newest id first and each match's visibility read from
 * `articles_id_visibility_idx` (the article row itself spills into overflow pages).
 */
export function searchVisibleArticles(db: Database, query: SearchQuery): Promise<RankedMatch[]> {
  return db.all<RankedMatch>(searchSql(query));
}

export interface SearchQuery {
  expression: string;
  now: Date;
  after?: SearchCursor | undefined;
  limit: number;
  /** Which index ranks the window (`chooseSearchIndex`); `all` when not given. */
  index?: SearchIndex;
}

/** The statement behind `searchVisibleArticles`, for its query-plan test. */
export function searchSql(query: SearchQuery): SQL {
  const table = INDEX_TABLES[query.index ?? "all"];
  const after = query.after
    ? sql`WHERE m.score > ${query.after.score} OR (m.score = ${query.after.score} AND m.id > ${query.after.id})`
    : sql``;
  return sql`
    SELECT m.id AS id, m.score AS score
    FROM (
      SELECT rowid AS id, bm25(${table}, ${WEIGHTS}) AS score
      FROM ${table}
      WHERE ${table} MATCH ${query.expression} AND ${visibleMatch(table, query.now)}
      ORDER BY rowid DESC
      LIMIT ${SEARCH_WINDOW}
    ) AS m
    ${after}
    ORDER BY m.score, m.id
    LIMIT ${query.limit}
  `;
}

/** Marked snippets (private-use markers around matches) for a handful of ids, from `index`. */
export function loadSnippets(
  db: Database,
  expression: string,
  ids: readonly number[],
  index: SearchIndex = "all",
): Promise<{ id: number; snippet: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const table = INDEX_TABLES[index];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return db.all<{ id: number; snippet: string }>(sql`
    SELECT rowid AS id,
      snippet(${table}, -1, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) AS snippet
    FROM ${table}
    WHERE ${table} MATCH ${expression} AND rowid IN (${idList})
  `);
}
