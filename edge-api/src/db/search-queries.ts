import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SearchSort } from "../contract/search-contract.ts";
import type { SearchCursor } from "../domain/search-query.ts";
import { MATCH_END, MATCH_START } from "../domain/search-query.ts";
import { isVisibleArticle } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { newestVisibleId } from "./newest-visible-id.ts";
import { articles } from "./schema.ts";

const SNIPPET_TOKENS = 24;

export interface RankedMatch {
  id: number;
  /** By relevance the match's tier (`RELEVANCE_TIERS`); null by newest. */
  score: number | null;
  /** Epoch milliseconds (a raw column: `db.all` does not map timestamps); null by relevance. */
  publishedAt: number | null;
  /** The marked snippet, read in the same pass by relevance; null by newest (`loadSnippets`). */
  snippet: string | null;
}

/**
 * How many of the newest matches the relevance tiers look at, and how many visible matches
 * the newest sort orders by publication time. It bounds the walk for a word that is common in
 * bodies and rare in headlines, so a search's cost stays flat whatever the archive's size.
 */
export const SEARCH_WINDOW = 500;

/**
 * Visible articles matching `expression` (already a safe FTS5 expression) and the filters.
 * By relevance (issue 19, decision 0009): tier 0 has every term in the headline, tier 1 in the
 * headline or standfirst, tier 2 anywhere; tiers 0 and 1 only among the newest
 * `SEARCH_WINDOW` matches (older ones are tier 2); newest first inside a tier, keyset-paginated
 * on (tier, id). Each tier is an FTS walk newest first that stops at the page, its snippet read
 * on the way: no `bm25()`, which counts every document matching each term (about 3 ms at
 * 100,000 articles for a common word) before ranking any. By newest: the newest
 * `SEARCH_WINDOW` visible matches, by publication time then id. Visibility and filters are
 * read from `articles_id_visibility_idx` (the row itself spills into overflow pages; only a
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

/** The statement behind `searchVisibleArticles`, for its query-plan test. */
export function searchSql(query: SearchQuery): SQL {
  return (query.sort ?? "relevance") === "newest" ? newestSql(query) : relevanceSql(query);
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

/** The FTS row is a visible article within the filters (from the id's index). */
function visibleMatch(query: SearchQuery): SQL {
  return sql`EXISTS (
    SELECT 1 FROM ${articles} INDEXED BY articles_id_visibility_idx
    WHERE ${articles.id} = article_search.rowid AND ${isVisibleArticle(query.now)}
      ${narrowingCondition(query.narrowing)}
  )`;
}

/**
 * The window's bounds, computed once: `top` is the newest visible article's id (drafts and
 * scheduled stories, usually the newest rows, are never walked), `low` the id of the
 * `SEARCH_WINDOW`th newest match at or below it (0 when there are fewer).
 */
function windowBounds(query: SearchQuery): SQL {
  return sql`search_window AS MATERIALIZED (
    SELECT top, coalesce((
      SELECT rowid FROM article_search
      WHERE article_search MATCH ${query.expression} AND rowid <= top
      ORDER BY rowid DESC LIMIT 1 OFFSET ${SEARCH_WINDOW - 1}
    ), 0) AS low
    FROM (SELECT ${newestVisibleId(query.now)} AS top)
  )`;
}

/** One walk of a relevance tier: its FTS expression, and where in the window. */
interface TierWalk {
  tier: number;
  expression: string;
  range: "window" | "older";
}

/**
 * The relevance tiers as FTS5 expressions over `all` (every term, implicit AND): column
 * filters decide the tier, `NOT` keeps each match in one tier only. A tier's phrases are only
 * its own columns', so its snippet (the best column) marks the words where the tier found
 * them: the headline for tier 0, the standfirst for tier 1.
 */
export function tierWalks(all: string): TierWalk[] {
  const inHeadline = `{headline} : (${all})`;
  const inHeadlineOrStandfirst = `{headline standfirst} : (${all})`;
  return [
    { tier: 0, expression: inHeadline, range: "window" },
    { tier: 1, expression: `(${inHeadlineOrStandfirst}) NOT (${inHeadline})`, range: "window" },
    { tier: 2, expression: `${all} NOT (${inHeadlineOrStandfirst})`, range: "window" },
    { tier: 2, expression: all, range: "older" },
  ];
}

function tierSql(walk: TierWalk, query: SearchQuery): SQL | null {
  const after = query.after?.sort === "relevance" ? query.after : undefined;
  if (after && walk.tier < after.score) return null;
  const range =
    walk.range === "window"
      ? sql`rowid >= (SELECT low FROM search_window) AND rowid <= (SELECT top FROM search_window)`
      : sql`rowid < (SELECT low FROM search_window)`;
  const afterId = after && walk.tier === after.score ? sql`AND rowid < ${after.id}` : sql``;
  return sql`SELECT * FROM (
    SELECT rowid AS id, ${walk.tier} AS score, NULL AS publishedAt,
      snippet(article_search, -1, ${MATCH_START}, ${MATCH_END}, '…', ${SNIPPET_TOKENS}) AS snippet
    FROM article_search
    WHERE article_search MATCH ${walk.expression} AND ${range} ${afterId} AND ${visibleMatch(query)}
    ORDER BY rowid DESC
    LIMIT ${query.limit}
  )`;
}

/**
 * The tiers' walks in order, joined with `UNION ALL` under the page's `LIMIT`: SQLite runs a
 * later walk only while the page is not full.
 */
function relevanceSql(query: SearchQuery): SQL {
  const walks = tierWalks(query.expression)
    .map((walk) => tierSql(walk, query))
    .filter((walk) => walk !== null);
  return sql`WITH ${windowBounds(query)}
    ${sql.join(walks, sql` UNION ALL `)}
    LIMIT ${query.limit}`;
}

/** The newest `SEARCH_WINDOW` visible matches by publication time, keyset on (time, id). */
function newestSql(query: SearchQuery): SQL {
  const at = query.after?.sort === "newest" ? query.after : undefined;
  const where = at
    ? sql`WHERE m.published_at < ${at.publishedAt.getTime()}
        OR (m.published_at = ${at.publishedAt.getTime()} AND m.id < ${at.id})`
    : sql``;
  return sql`SELECT m.id AS id, NULL AS score, m.published_at AS publishedAt, NULL AS snippet
    FROM (
      SELECT rowid AS id, (
        SELECT ${articles.publishedAt} FROM ${articles} INDEXED BY articles_id_visibility_idx
        WHERE ${articles.id} = article_search.rowid
      ) AS published_at
      FROM article_search
      WHERE article_search MATCH ${query.expression}
        AND rowid <= ${newestVisibleId(query.now)} AND ${visibleMatch(query)}
      ORDER BY rowid DESC
      LIMIT ${SEARCH_WINDOW}
    ) AS m
    ${where}
    ORDER BY m.published_at DESC, m.id DESC
    LIMIT ${query.limit}`;
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
