import { Hono } from "hono";
import { z } from "zod";
import { listVisibleArticlesByIds } from "../../db/article-queries.ts";
import { loadCardRefs } from "../../db/article-ref-queries.ts";
import { loadSnippets, searchVisibleArticles } from "../../db/search-queries.ts";
import type { SearchResponse, SearchResult } from "../../contract/search-contract.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import {
  decodeSearchCursor,
  encodeSearchCursor,
  MAX_QUERY_LENGTH,
  toFtsExpression,
  toSnippetParts,
} from "../../domain/search-query.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { validate } from "../request-validation.ts";

export const SEARCH_PAGE_SIZE = 10;

// Any text is a query (it is reduced to safe terms); only the cursor can be malformed.
const searchQuerySchema = z.strictObject({
  q: z.string().optional(),
  cursor: z
    .string()
    .refine((value) => decodeSearchCursor(value) !== null)
    .optional(),
});

export const searchRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", searchQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const { q = "", cursor } = c.req.valid("query");
    const after = cursor === undefined ? undefined : decodeSearchCursor(cursor);
    if (after === null) throw new ApiError("invalid_cursor");
    const query = q.trim().slice(0, MAX_QUERY_LENGTH);
    const expression = toFtsExpression(query);
    if (!expression) {
      const empty: SearchResponse = { query, results: [], nextCursor: null };
      return c.json(empty, 200);
    }
    const matches = await searchVisibleArticles(db, {
      expression,
      now,
      after,
      limit: SEARCH_PAGE_SIZE + 1,
    });
    const page = matches.slice(0, SEARCH_PAGE_SIZE);
    const ids = page.map((match) => match.id);
    const [rows, snippets] = await Promise.all([
      listVisibleArticlesByIds(db, ids, now),
      loadSnippets(db, expression, ids),
    ]);
    const refs = await loadCardRefs(db, rows);
    const rowsById = new Map(rows.map((row) => [row.id, row]));
    const snippetsById = new Map(snippets.map((row) => [row.id, row.snippet]));
    const results = page.flatMap((match): SearchResult[] => {
      const row = rowsById.get(match.id);
      if (!row) return [];
      const snippet = toSnippetParts(snippetsById.get(match.id) ?? "");
      return [{ article: toArticleCard(row, refs), snippet }];
    });
    const last = page.at(-1);
    const nextCursor =
      matches.length > SEARCH_PAGE_SIZE && last
        ? encodeSearchCursor({ score: last.score, id: last.id })
        : null;
    const body: SearchResponse = { query, results, nextCursor };
    return c.json(body, 200);
  },
);
