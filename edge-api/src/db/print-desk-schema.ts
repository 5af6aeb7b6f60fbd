import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";

/**
 * The print desk's settings (issue 17, decision 0023): one row (`id = 1`, made by its
 * migration). The template is the paper's usual books; the no-edition days say which dates
 * have no paper (the API plans and answers readers by them). The template and the settings are
 * edited on separate screens, so each has its own revision (a write from another is 409).
 */
export const printDesk = sqliteTable(
  "print_desk",
  {
    id: integer("id").primaryKey(),
    /** JSON `[{ letter, name, pageCount }]` in print order (`print-desk-contract.ts`). */
    template: text("template").notNull(),
    templateRevision: integer("template_revision").notNull().default(1),
    templateUpdatedAt: integer("template_updated_at", { mode: "timestamp_ms" }),
    templateUpdatedBy: text("template_updated_by").references(() => users.id, {
      onDelete: "set null",
    }),
    /** JSON `["sunday", …]`. */
    noEditionWeekdays: text("no_edition_weekdays").notNull(),
    /** JSON `[{ date, note }]`, oldest first. */
    noEditionDates: text("no_edition_dates").notNull(),
    settingsRevision: integer("settings_revision").notNull().default(1),
    settingsUpdatedAt: integer("settings_updated_at", { mode: "timestamp_ms" }),
    settingsUpdatedBy: text("settings_updated_by").references(() => users.id, {
      onDelete: "set null",
    }),
  },
  (table) => [
    check("print_desk_single_row", sql`${table.id} = 1`),
    check(
      "print_desk_revisions_positive",
      sql`${table.templateRevision} >= 1 AND ${table.settingsRevision} >= 1`,
    ),
  ],
);
export type PrintDeskRow = typeof printDesk.$inferSelect;
