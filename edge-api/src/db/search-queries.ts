import { sql } from "drizzle-orm";
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
 * Visible articles matching `expression` (already a safe FTS5 expression), best first:
 * bm25 ascending, then id. Keyset-paginated on (score, id).
 */
export function searchVisibleArticles(
  db: Database,
  query: { expression: string; now: Date; after?: SearchCursor | undefined; limit: number },
): Promise<RankedMatch[]> {
  const after = query.after
    ? sql`AND (m.score > ${query.after.score} OR (m.score = ${query.after.score} AND m.id > ${query.after.id}))`
    : sql``;
  return db.all<RankedMatch>(sql`
    SELECT m.id AS id, m.score AS score
    FROM (
      SELECT rowid AS id, bm25(article_search, ${WEIGHTS}) AS score
      FROM article_search
      WHERE article_search MATCH ${query.expression}
    ) AS m
    JOIN articles ON articles.id = m.id
    WHERE ${isVisibleArticle(query.now)} ${after}
    ORDER BY m.score, m.id
    LIMIT ${query.limit}
  `);
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
