import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { articles } from "./schema.ts";

/**
 * The account half of the database: accounts, sessions, email links, the development outbox,
 * saved articles and rate limits (issue 4). The content half is `schema.ts`; drizzle-kit reads
 * both (drizzle.config.ts).
 */

/**
 * Legacy: `users.role` is always `reader` and nothing reads it. Roles live in `staff_members`
 * (issue 13, migration 0008): the column's CHECK cannot change without rebuilding `users`,
 * and dropping `users` would cascade-delete every session and saved article.
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
    /**
     * Set when the row is rotated: the pair that followed it, sealed with a key derived from
     * this row's refresh token (which is never stored), so presenting the token again within
     * the grace window answers the same pair (migration 0011, `auth/sessions.ts`).
     */
    successorSealed: text("successor_sealed"),
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

/**
 * A browser that has logged in to the account before (OWASP's device cookie, migration 0011):
 * the shell keeps the token in an HttpOnly cookie; only its SHA-256 is stored. Failed logins
 * from a known device count against that device, not against the account's unknown devices.
 */
export const knownDevices = sqliteTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("known_devices_user_idx").on(table.userId)],
);

/**
 * A sign-up waiting for its emailed link (issue 14, migration 0012): no account exists and
 * nobody is signed in until the link is opened, so a sign-up answers the same whether or not
 * the address has an account. Holds the argon2id hash of the password chosen at sign-up; the
 * row is deleted when the link is used, when a newer sign-up for the address replaces it, and
 * once expired (on the next sign-up).
 */
export const signUpRequests = sqliteTable(
  "sign_up_requests",
  {
    /** SHA-256 (hex) of the emailed token; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /**
     * Where the reader was when they signed up (issue 15, migration 0013; a `NextPathSchema`
     * path, checked before it is stored), handed back when the link is opened. Null when they
     * gave none, and for requests made before the column existed.
     */
    next: text("next"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("sign_up_requests_email_lower_case", sql`${table.email} = lower(${table.email})`),
    index("sign_up_requests_email_idx").on(table.email),
    index("sign_up_requests_expires_idx").on(table.expiresAt),
  ],
);

/** When an account holder was last told that someone tried to sign up with their address. */
export const signUpNotices = sqliteTable("sign_up_notices", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
});

/** Fixed-window counters: `key` names what is counted (e.g. failed logins of one address). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
  count: integer("count").notNull(),
});

// ---- The newsroom (issue 13) ---------------------------------------------------------------

export const staffRoleValues = ["contributor", "editor", "admin"] as const;

/** An account's newsroom role; no row means a reader. */
export const staffMembers = sqliteTable(
  "staff_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: staffRoleValues }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("staff_members_role_known", sql`${table.role} IN ('contributor', 'editor', 'admin')`),
  ],
);

/** A TOTP secret (RFC 6238); confirmed once the person typed a code from their app. */
export const secondFactors = sqliteTable("second_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The Base32 secret, sealed with AES-256-GCM under the Worker secret `SECOND_FACTOR_KEY`. */
  secret: text("secret").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  /** The last time step accepted: a code is never accepted twice. */
  lastStep: integer("last_step"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/** Single-use recovery codes; only their SHA-256 is stored. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId)],
);

/**
 * A newsroom session: a signed-in browser session (`sessions.family_id`) that passed the
 * second factor. Shorter than the session itself; revoked at once when the role changes.
 */
export const newsroomSessions = sqliteTable(
  "newsroom_sessions",
  {
    familyId: text("family_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("newsroom_sessions_user_idx").on(table.userId)],
);

/** An invitation to join the staff: single use, 7 days; only the token's SHA-256 is stored. */
export const staffInvites = sqliteTable(
  "staff_invites",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    role: text("role", { enum: staffRoleValues }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    check("staff_invites_role_known", sql`${table.role} IN ('contributor', 'editor', 'admin')`),
    index("staff_invites_email_idx").on(table.email),
  ],
);

/** Every save of a story: its fields as the newsroom contract's `StoryFields` JSON. */
export const articleRevisions = sqliteTable(
  "article_revisions",
  {
    id: integer("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    fields: text("fields").notNull(),
    /** "Saved", "Published", "Restored revision 3"… */
    note: text("note").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    createdBy: text("created_by"),
  },
  (table) => [
    uniqueIndex("article_revisions_article_number_unique").on(table.articleId, table.number),
  ],
);

/** Dated correction notes on published articles (readers see them: content-version triggers). */
export const articleCorrections = sqliteTable(
  "article_corrections",
  {
    id: integer("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    createdBy: text("created_by"),
  },
  (table) => [
    index("article_corrections_article_idx").on(table.articleId, table.createdAt),
    index("article_corrections_created_idx").on(table.createdAt, table.id),
  ],
);

/** Slugs an article used to have: its old addresses answer 301 to the current one. */
export const articleSlugHistory = sqliteTable(
  "article_slug_history",
  {
    slug: text("slug").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("article_slug_history_article_idx").on(table.articleId)],
);

/** Private preview links (24 hours); only the token's SHA-256 is stored. */
export const storyPreviews = sqliteTable(
  "story_previews",
  {
    tokenHash: text("token_hash").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdBy: text("created_by"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("story_previews_article_idx").on(table.articleId)],
);

/** Who did what in the newsroom, newest last; never updated or deleted by the API. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    /** JSON object: what changed. */
    detail: text("detail").notNull().default("{}"),
  },
  (table) => [index("audit_log_at_idx").on(table.at, table.id)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];
export type OutboxRow = typeof outbox.$inferSelect;
export type SignUpRequestRow = typeof signUpRequests.$inferSelect;
