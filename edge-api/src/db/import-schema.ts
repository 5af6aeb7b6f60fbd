import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { articles, pages } from "./schema.ts";

/**
 * Issue 18 (decision 0024): what an import made, so importing the same file again changes
 * nothing, and the old site's addresses that answer 301 to their new ones.
 */

/**
 * One thing an import made from one thing of an export: `origin` names the old site
 * (`ghost:https://old.example` or `wordpress:https://old.example`, the file's own address),
 * `kind` what it was (`author`, `tag`, `category`, `post`, `page`), `sourceId` its id there.
 */
export const importItems = sqliteTable(
  "import_items",
  {
    origin: text("origin").notNull(),
    kind: text("kind", {
      enum: ["author", "tag", "section", "category", "post", "page"],
    }).notNull(),
    sourceId: text("source_id").notNull(),
    /** The row it became (authors.id, tags.id, sections.id, categories.id, articles.id, pages.id). */
    targetId: integer("target_id").notNull(),
    importedAt: integer("imported_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.origin, table.kind, table.sourceId] })],
);

/**
 * An old address (a same-site path, lower-case, without a trailing slash except `/`, with the
 * one query parameter that names a post: `/?p=123`) and the article or page it now is. The new
 * address is built when asked, so a later change of slug or section is followed.
 */
export const legacyRedirects = sqliteTable(
  "legacy_redirects",
  {
    path: text("path").primaryKey(),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    pageId: integer("page_id").references(() => pages.id, { onDelete: "cascade" }),
    origin: text("origin").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check(
      "legacy_redirects_one_target",
      sql`(${table.articleId} IS NULL) <> (${table.pageId} IS NULL)`,
    ),
    index("legacy_redirects_article_idx").on(table.articleId),
    index("legacy_redirects_page_idx").on(table.pageId),
  ],
);
