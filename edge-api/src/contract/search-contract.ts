import { z } from "zod";
import { ArticleCardSchema } from "./article-contract.ts";
import { CalendarDateSchema, SlugSchema } from "./contract-fields.ts";

/** `GET /api/search`: ranked matches with snippets. */

/** A piece of a search snippet; `match` marks the words that matched the query. */
export const SnippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPartSchema>;

export const SearchResultSchema = z.object({
  article: ArticleCardSchema,
  snippet: z.array(SnippetPartSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/**
 * How results are ordered (issue 15): `relevance` is bm25 over the newest matches (the default),
 * `newest` is by publication time. Each has its own keyset cursor.
 */
export const SEARCH_SORTS = ["relevance", "newest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * The filters a search ran with, as the API understood them. `from` and `to` are calendar dates
 * in the publication's time zone, both inclusive, over the publication time; `section` is a
 * section slug (an unknown one is a 404 `not_found`, a `from` after `to` a 400).
 */
export const SearchFiltersSchema = z.object({
  section: SlugSchema.nullable(),
  from: CalendarDateSchema.nullable(),
  to: CalendarDateSchema.nullable(),
  sort: z.enum(SEARCH_SORTS),
});
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

/** The query parameters of `GET /api/search` (all optional; `sort` defaults to relevance). */
export type SearchParams = {
  q?: string | undefined;
  cursor?: string | undefined;
  section?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: SearchSort | undefined;
};

/**
 * Best match first (or newest first); `nextCursor` fetches the following page (`?cursor=`, with
 * the same query and filters), null on the last.
 */
export const SearchResponseSchema = z.object({
  query: z.string(),
  filters: SearchFiltersSchema,
  results: z.array(SearchResultSchema),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
