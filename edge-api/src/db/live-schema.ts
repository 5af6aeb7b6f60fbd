import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { articles } from "./schema.ts";

/**
 * The live blog (issue 16, decision 0021, migration 0015): which stories are or were live,
 * and their timestamped updates. drizzle-kit reads this file with the others
 * (drizzle.config.ts); the migration adds the content-version triggers by hand, so every
 * start, end, post, edit and delete moves the version the edge cache keys on.
 */

export const liveStates = ["live", "ended"] as const;
export type LiveState = (typeof liveStates)[number];

/** One row per story that has ever been live; no row means an ordinary article. */
export const liveBlogs = sqliteTable(
  "live_blogs",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    state: text("state", { enum: liveStates }).notNull(),
    /** When it last went live (a restart moves it). */
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    /** Set exactly when `state` is `ended`. */
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
    /** Account ids (not foreign keys, as on articles: a removed account leaves its work). */
    updatedBy: text("updated_by"),
  },
  (table) => [
    check("live_blogs_state_known", sql`${table.state} IN ('live', 'ended')`),
    check(
      "live_blogs_ended_when_ended",
      sql`(${table.state} = 'ended') = (${table.endedAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * One update. `AUTOINCREMENT`: a deleted update's id is never given again, so the id is both
 * the order (newest first) and the readers' cursor (`?after=<id>`).
 */
export const liveUpdates = sqliteTable(
  "live_updates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** JSON text of `InlineRun[][]` (paragraphs of runs), read back through `normalizeRuns`. */
    body: text("body").notNull(),
    keyEvent: integer("key_event", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    createdBy: text("created_by"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    updatedBy: text("updated_by"),
    /** 1, 2, 3… per update: an edit or delete names the one it started from (409 otherwise). */
    version: integer("version").notNull().default(1),
  },
  (table) => [index("live_updates_article_id_idx").on(table.articleId, table.id)],
);

export type LiveBlogRow = typeof liveBlogs.$inferSelect;
export type LiveUpdateRow = typeof liveUpdates.$inferSelect;
