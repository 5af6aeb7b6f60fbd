import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { articles } from "./schema.ts";

/**
 * The account half of the database: accounts, sessions, email links, the development outbox,
 * saved articles and rate limits (issue 4). The content half is `schema.ts`; drizzle-kit reads
 * both (drizzle.config.ts).
 */

export const userRoles = ["reader", "editor"] as const;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Always stored lower-cased; the CHECK makes the database refuse anything else. */
    email: text("email").notNull().unique(),
    displayName: text("display_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    role: text("role", { enum: userRoles }).notNull().default("reader"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("users_email_lower_case", sql`${table.email} = lower(${table.email})`),
    check("users_email_trimmed", sql`${table.email} = trim(${table.email})`),
    check("users_role_known", sql`${table.role} IN ('reader', 'editor')`),
  ],
);

/**
 * One generation of a refresh token. A login starts a family (`family_id`, the session id the
 * access token carries as `sid` and the profile lists); every refresh marks the row rotated
 * and adds the next one. Presenting a rotated token revokes the whole family.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: text("family_id").notNull(),
    /** SHA-256 (hex) of the refresh token; the token itself is never stored. */
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    /** When the family began (copied to each generation). */
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }),
    /** "Firefox on Linux", from the user-agent at login. */
    device: text("device").notNull(),
  },
  (table) => [
    index("sessions_family_idx").on(table.familyId),
    index("sessions_user_idx").on(table.userId),
  ],
);

export const emailTokenPurposes = ["verify", "change-email", "reset"] as const;

/** Single-use links sent by email. Only the SHA-256 of the token is stored. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: integer("id").primaryKey(),
    purpose: text("purpose", { enum: emailTokenPurposes }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address being confirmed, for `change-email`. */
    newEmail: text("new_email"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    check(
      "email_tokens_purpose_known",
      sql`${table.purpose} IN ('verify', 'change-email', 'reset')`,
    ),
    index("email_tokens_user_purpose_idx").on(table.userId, table.purpose),
  ],
);

/** Every email the site sends, as the development mailer keeps it. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("outbox_to_idx").on(table.to, table.id)],
);

export const savedArticles = sqliteTable(
  "saved_articles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    savedAt: integer("saved_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.articleId] }),
    index("saved_articles_user_saved_idx").on(table.userId, table.savedAt),
  ],
);

/** Fixed-window counters: `key` names what is counted (e.g. failed logins of one address). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
  count: integer("count").notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];
export type OutboxRow = typeof outbox.$inferSelect;
