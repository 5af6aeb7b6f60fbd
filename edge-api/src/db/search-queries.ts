import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SearchSort } from "../contract/search-contract.ts";
import type { SearchCursor } from "../domain/search-query.ts";
import { MATCH_END, MATCH_START } from "../domain/search-query.ts";
import { isVisibleArticle } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { articles } from "./schema.ts";

/** bm25 column weights: headline, standfirst, body. A headline match counts most. */
const WEIGHTS = sql.raw("10.0, 4.0, 1.0");
const SNIPPET_TOKENS = 24;

export interface RankedMatch {
  id: number;
  score: number;
  /** Epoch milliseconds (a raw column: `db.all` does not map timestamps); null by relevance. */
  publishedAt: number | null;
}

/**
 * How many of the newest visible matches are ranked. A common word matches most of the
 * publication, and bm25 over every match grows with it (about a second at 100,000 articles);
 * ranking the newest matches keeps a search's cost flat whatever the archive's size, and a
 * news reader wants recent articles anyway. Pages past the window end the results.
 */
export const SEARCH_WINDOW = 500;

/**
 * Visible articles matching `expression` (already a safe FTS5 expression) and the filters,
 * among the newest `SEARCH_WINDOW` such matches: best first (bm25 ascending, then id) or newest
 * first (publication time, then id), keyset-paginated on the sort's own key. The FTS index is
 * walked newest id first and each match's visibility and filters read from
 * `articles_id_visibility_idx` (the article row itself spills into overflow pages; only a
 * section filter reads the row's `section_id`, which lies before the body).
 */
export function searchVisibleArticles(db: Database, query: SearchQuery): Promise<RankedMatch[]> {
  return db.all<RankedMatch>(searchSql(query));
}

/** What a search is narrowed to: a section, and publication times in [from, until). */
export interface SearchNarrowing {
  sectionId?: number | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

export interface SearchQuery {
  expression: string;
  now: Date;
  sort?: SearchSort | undefined;
  narrowing?: SearchNarrowing | undefined;
  after?: SearchCursor | undefined;
  limit: number;
}

function narrowingCondition(narrowing: SearchNarrowing = {}): SQL {
  const { sectionId, from, until } = narrowing;
  return sql.join(
    [
      sectionId === undefined ? undefined : sql`AND ${articles.sectionId} = ${sectionId}`,
      from === undefined ? undefined : sql`AND ${articles.publishedAt} >= ${from.getTime()}`,
      until === undefined ? undefined : sql`AND ${articles.publishedAt} < ${until.getTime()}`,
    ].filter((part) => part !== undefined),
    sql` `,
  );
}

/** The outer query's keyset condition and order for the sort. */
function pageOrder(sort: SearchSort, after: SearchCursor | undefined): { where: SQL; order: SQL } {
  if (sort === "newest") {
    const at = after?.sort === "newest" ? after.publishedAt.getTime() : undefined;
    return {
      where:
        after && at !== undefined
          ? sql`WHERE m.published_at < ${at} OR (m.published_at = ${at} AND m.id < ${after.id})`
          : sql``,
      order: sql`ORDER BY m.published_at DESC, m.id DESC`,
    };
  }
  const score = after?.sort === "relevance" ? after.score : undefined;
  return {
    where:
      after && score !== undefined
        ? sql`WHERE m.score > ${score} OR (m.score = ${score} AND m.id > ${after.id})`
        : sql``,
    order: sql`ORDER BY m.score, m.id`,
  };
}

/** The statement behind `searchVisibleArticles`, for its query-plan test. */
export function searchSql(query: SearchQuery): SQL {
  const sort = query.sort ?? "relevance";
  const { where, order } = pageOrder(sort, query.after);
  // Read for the window's rows only, and only when they are ordered by it.
  const publishedAt =
    sort === "newest"
      ? sql`(SELECT ${articles.publishedAt} FROM ${articles} INDEXED BY articles_id_visibility_idx
          WHERE ${articles.id} = article_search.rowid)`
      : sql`NULL`;
  return sql`
    SELECT m.id AS id, m.score AS score, m.published_at AS publishedAt
    FROM (
      SELECT rowid AS id, bm25(article_search, ${WEIGHTS}) AS score, ${publishedAt} AS published_at
      FROM article_search
      WHERE article_search MATCH ${query.expression}
        AND EXISTS (
          SELECT 1 FROM articles INDEXED BY articles_id_visibility_idx
          WHERE articles.id = article_search.rowid AND ${isVisibleArticle(query.now)}
            ${narrowingCondition(query.narrowing)}
        )
      ORDER BY rowid DESC
      LIMIT ${SEARCH_WINDOW}
    ) AS m
    ${where}
    ${order}
    LIMIT ${query.limit}
  `;
}

/** Marked snippets (private-use markers around matches) for a handful of ids. */
export function loadSnippets(
  db: Database,
  expression: string,
  ids: readonly number[],
): Promise<{ id: number; snippet: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return db.all<{ id: number; snippet: string }>(sql`
    SELECT rowid AS id,
      snippet(article_search, -1, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) AS snippet
    FROM article_search
    WHERE article_search MATCH ${expression} AND rowid IN (${idList})
  `);
}
