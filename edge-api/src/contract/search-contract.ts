import { z } from "zod";
import { ArticleCardSchema } from "./article-contract.ts";

/** `GET /api/search`: ranked matches with snippets. */

/** A piece of a search snippet; `match` marks the words that matched the query. */
export const SnippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPartSchema>;

export const SearchResultSchema = z.object({
  article: ArticleCardSchema,
  snippet: z.array(SnippetPartSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Best match first; `nextCursor` fetches the following page (`?cursor=`), null on the last. */
export const SearchResponseSchema = z.object({
  query: z.string(),
  results: z.array(SearchResultSchema),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
