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
}

/** The statement behind `searchVisibleArticles`, for its query-plan test. */
export function searchSql(query: SearchQuery): SQL {
  const after = query.after
    ? sql`WHERE m.score > ${query.after.score} OR (m.score = ${query.after.score} AND m.id > ${query.after.id})`
    : sql``;
  return sql`
    SELECT m.id AS id, m.score AS score
    FROM (
      SELECT rowid AS id, bm25(article_search, ${WEIGHTS}) AS score
      FROM article_search
      WHERE article_search MATCH ${query.expression}
        AND EXISTS (
          SELECT 1 FROM articles INDEXED BY articles_id_visibility_idx
          WHERE articles.id = article_search.rowid AND ${isVisibleArticle(query.now)}
        )
      ORDER BY rowid DESC
      LIMIT ${SEARCH_WINDOW}
    ) AS m
    ${after}
    ORDER BY m.score, m.id
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
