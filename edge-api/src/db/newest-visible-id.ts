import { sql } from "drizzle-orm";
import { isVisibleArticle } from "./article-queries.ts";
import { articles } from "./schema.ts";

/**
 * The newest visible article's id, as a scalar subquery: a walk down
 * `articles_id_visibility_idx` from the top, past the drafts and scheduled stories (usually the
 * newest rows) without reading a row, where `max(id)` over the visible would read them all.
 */
export function newestVisibleId(now: Date) {
  return sql<
    number | null
  >`(SELECT ${articles.id} FROM ${articles} INDEXED BY articles_id_visibility_idx
    WHERE ${isVisibleArticle(now)} ORDER BY ${articles.id} DESC LIMIT 1)`;
}
