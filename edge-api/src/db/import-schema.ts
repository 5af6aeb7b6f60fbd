import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";
import { media } from "./media-schema.ts";
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
 * A photograph an import downloaded into the media library (migration 0022): `url` is its
 * absolute address on the old site (`origin` as in `import_items`). Its own table because a
 * media id is text and `import_items.target_id` an integer. The same address in several posts
 * is one row and one photograph; a photograph deleted from the library takes its row with it,
 * so the next run downloads it again.
 */
export const importMedia = sqliteTable(
  "import_media",
  {
    origin: text("origin").notNull(),
    url: text("url").notNull(),
    mediaId: text("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    importedAt: integer("imported_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.origin, table.url] }),
    index("import_media_media_idx").on(table.mediaId),
  ],
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

/**
 * An import the newsroom uploaded (import-contract.ts): the export waits in R2 (`MEDIA`, under
 * `file_key` = `imports/<id>`, never served) between the dry run and the import, which a Queue
 * consumer runs in the background. `rules` is the planner's `ImportRules` as JSON; `report` the
 * dry run's until the import is done, then the import's; `done`/`total` its progress.
 */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    /** 32 random hex digits. */
    id: text("id").primaryKey(),
    system: text("system", { enum: ["ghost", "wordpress"] }).notNull(),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key").notNull().unique(),
    bytes: integer("bytes").notNull(),
    rules: text("rules").notNull(),
    status: text("status", {
      enum: ["checked", "queued", "running", "done", "failed"],
    }).notNull(),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    report: text("report").notNull(),
    error: text("error"),
    /**
     * The consumer run that holds the job while `running` (import-queue.ts): a random token,
     * and until when it holds it (renewed every batch). Two deliveries of one job (a redelivery
     * and a continuation) never write at once: the second waits for the lease to end.
     */
    runToken: text("run_token"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("import_jobs_system", sql`${table.system} IN ('ghost', 'wordpress')`),
    check(
      "import_jobs_status",
      sql`${table.status} IN ('checked', 'queued', 'running', 'done', 'failed')`,
    ),
    check("import_jobs_progress", sql`${table.done} >= 0 AND ${table.total} >= 0`),
    index("import_jobs_created_idx").on(table.createdAt),
  ],
);
