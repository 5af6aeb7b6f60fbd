import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";

/**
 * The front page editors run and the breaking-news banner (issue 16, decision 0020). Each is one
 * row (`id = 1`); no row means the automatic front page and no banner. Both tables move the
 * content version (triggers in their migration), so the edge cache re-keys every page.
 */

export const frontPage = sqliteTable(
  "front_page",
  {
    id: integer("id").primaryKey(),
    /** Moves by one on every write; a write from another revision is 409. */
    revision: integer("revision").notNull(),
    /** JSON `StoredCuration` (`src/domain/front-page-curation.ts`): story and section ids. */
    curation: text("curation").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("front_page_single_row", sql`${table.id} = 1`),
    check("front_page_revision_positive", sql`${table.revision} >= 1`),
  ],
);
export type FrontPageRow = typeof frontPage.$inferSelect;

export const breakingBanner = sqliteTable(
  "breaking_banner",
  {
    id: integer("id").primaryKey(),
    headline: text("headline").notNull(),
    /** A same-site path (`/…`) or an https URL; checked on write. */
    link: text("link").notNull(),
    active: integer("active", { mode: "boolean" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("breaking_banner_single_row", sql`${table.id} = 1`),
    // BANNER_HEADLINE_MAX of the contract; the API refuses longer ones with a clear 422.
    check("breaking_banner_headline_length", sql`length(${table.headline}) BETWEEN 1 AND 140`),
  ],
);
export type BreakingBannerRow = typeof breakingBanner.$inferSelect;
