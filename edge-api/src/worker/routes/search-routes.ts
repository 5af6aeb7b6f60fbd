import { Hono } from "hono";
import { listVisibleArticlesByIds } from "../../db/article-queries.ts";
import { loadCardRefs } from "../../db/article-ref-queries.ts";
import { loadSnippets, searchVisibleArticles } from "../../db/search-queries.ts";
import type { RankedMatch } from "../../db/search-queries.ts";
import { findSectionBySlug } from "../../db/taxonomy-queries.ts";
import type { SearchResponse, SearchResult, SearchSort } from "../../contract/search-contract.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import { encodeSearchCursor, toFtsExpression, toSnippetParts } from "../../domain/search-query.ts";
import type { SearchCursor } from "../../domain/search-query.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { validate } from "../request-validation.ts";
import { readSearchRequest, searchQuerySchema } from "../search-request.ts";

export const SEARCH_PAGE_SIZE = 10;

/**
 * Full-text search, narrowed by section and publication dates and sorted by relevance or
 * newest (issue 15). An empty query (nothing searchable) answers no results with the filters
 * echoed, once they are checked: an unknown section is a 404 either way.
 */
export const searchRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", searchQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const request = readSearchRequest(c.req.valid("query"), c.var.timeZone);
    const { query, filters, sort } = request;
    const section = filters.section === null ? null : await findSectionBySlug(db, filters.section);
    if (filters.section !== null && !section) {
      throw new ApiError("not_found", `No section is called "${filters.section}".`);
    }
    const expression = toFtsExpression(query);
    if (!expression) {
      const empty: SearchResponse = { query, filters, results: [], nextCursor: null };
      return c.json(empty, 200);
    }
    const matches = await searchVisibleArticles(db, {
      expression,
      now,
      sort,
      narrowing: { sectionId: section?.id, from: request.from, until: request.until },
      after: request.cursor,
      limit: SEARCH_PAGE_SIZE + 1,
    });
    const page = matches.slice(0, SEARCH_PAGE_SIZE);
    const ids = page.map((match) => match.id);
    // By relevance each match brings its snippet; by newest they are read for the page.
    const unsnipped = page.filter((match) => match.snippet === null).map((match) => match.id);
    const [rows, snippets] = await Promise.all([
      listVisibleArticlesByIds(db, ids, now),
      loadSnippets(db, expression, unsnipped),
    ]);
    const refs = await loadCardRefs(db, rows);
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    const snippetsById = new Map([
      ...page.map((match) => [match.id, match.snippet] as const),
      ...snippets.map((row) => [row.id, row.snippet] as const),
    ]);
    const results = page.flatMap((match): SearchResult[] => {
      const row = rowsById.get(match.id);
      if (!row) return [];
      const snippet = toSnippetParts(snippetsById.get(match.id) ?? "");
      return [{ article: toArticleCard(row, refs), snippet }];
    });
    const last = page.at(-1);
    const nextCursor =
      matches.length > SEARCH_PAGE_SIZE && last ? encodeSearchCursor(cursorAt(sort, last)) : null;
    const body: SearchResponse = { query, filters, results, nextCursor };
    return c.json(body, 200);
  },
);

/** The cursor that continues after `match`, in the sort's own key. */
function cursorAt(sort: SearchSort, match: RankedMatch): SearchCursor {
  return sort === "newest"
    ? { sort, publishedAt: new Date(match.publishedAt ?? 0), id: match.id }
    : { sort, score: match.score ?? 0, id: match.id };
}
