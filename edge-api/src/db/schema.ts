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
import { reservedSectionSlugs } from "../domain/reserved-slugs.ts";

/**
 * The one description of the database. Migrations are generated from it
 * (`npx drizzle-kit generate`); row types below are inferred from it, never hand-written.
 * Instants are integer milliseconds since the epoch (UTC); edition dates are `YYYY-MM-DD`.
 */

// DDL cannot take bound parameters, so the reserved words are inlined as quoted literals.
const reservedSlugList = sql.raw(
  reservedSectionSlugs.map((slug) => `'${slug.replaceAll("'", "''")}'`).join(", "),
);

export const sections = sqliteTable(
  "sections",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull(),
  },
  (table) => [check("sections_slug_not_reserved", sql`${table.slug} NOT IN (${reservedSlugList})`)],
);

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => sections.id),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
  },
  (table) => [uniqueIndex("categories_section_slug_unique").on(table.sectionId, table.slug)],
);

export const imageKinds = ["lead", "portrait", "inline"] as const;

/**
 * Generated pictures: the SVG is drawn from `seed` and `hue` on request, so only the
 * description is stored. Served at `/images/<id>.svg`.
 */
export const images = sqliteTable(
  "images",
  {
    id: integer("id").primaryKey(),
    kind: text("kind", { enum: imageKinds }).notNull(),
    alt: text("alt").notNull(),
    caption: text("caption").notNull().default(""),
    credit: text("credit").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Drives the shapes the renderer draws. */
    seed: integer("seed").notNull(),
    /** Base hue of the palette, 0-359. */
    hue: integer("hue").notNull(),
  },
  (table) => [
    check("images_kind_known", sql`${table.kind} IN ('lead', 'portrait', 'inline')`),
    check(
      "images_size_sane",
      sql`${table.width} BETWEEN 1 AND 10000 AND ${table.height} BETWEEN 1 AND 10000`,
    ),
    check("images_hue_range", sql`${table.hue} BETWEEN 0 AND 359`),
  ],
);

export const authors = sqliteTable("authors", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  title: text("title").notNull().default(""),
  bio: text("bio").notNull().default(""),
  portraitImageId: integer("portrait_image_id").references(() => images.id),
});

export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
});

export const articleStatuses = ["draft", "scheduled", "published"] as const;

export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => sections.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    headline: text("headline").notNull(),
    standfirst: text("standfirst").notNull().default(""),
    /** JSON text of `BodyBlock[]`. */
    body: text("body").notNull().default("[]"),
    leadImageId: integer("lead_image_id").references(() => images.id),
    status: text("status", { enum: articleStatuses }).notNull().default("draft"),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("articles_status_known", sql`${table.status} IN ('draft', 'scheduled', 'published')`),
    index("articles_status_published_id_idx").on(table.status, table.publishedAt, table.id),
    index("articles_category_published_idx").on(table.categoryId, table.publishedAt),
    index("articles_section_published_idx").on(table.sectionId, table.publishedAt),
    // Visibility by id without reading the row (its body spills into overflow pages): search
    // checks thousands of FTS matches this way.
    index("articles_id_visibility_idx").on(table.id, table.status, table.publishedAt),
  ],
);

/**
 * The listing key copied onto a link table (`article_authors`, `article_tags`): the article's
 * `published_at` while its status is `published`, null otherwise. Triggers in migration 0006
 * keep it in step with `articles`, so no write path sets it; it lets an author's or a tag's
 * listing walk one index newest first instead of sorting all of its articles.
 */
const listedAt = () => integer("published_at", { mode: "timestamp_ms" });

export const articleAuthors = sqliteTable(
  "article_authors",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => authors.id),
    position: integer("position").notNull().default(0),
    publishedAt: listedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.authorId] }),
    index("article_authors_author_published_idx").on(
      table.authorId,
      table.publishedAt,
      table.articleId,
    ),
  ],
);

export const articleTags = sqliteTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id),
    publishedAt: listedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.tagId] }),
    index("article_tags_tag_published_idx").on(table.tagId, table.publishedAt, table.articleId),
  ],
);

export const pages = sqliteTable("pages", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  /** JSON text of `BodyBlock[]`. */
  body: text("body").notNull().default("[]"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * One edition per printed date. When it comes out is not stored: it follows from its date and
 * the configured publish hour (`src/domain/edition-schedule.ts`), so there is one rule.
 */
export const printEditions = sqliteTable("print_editions", {
  id: integer("id").primaryKey(),
  /** `YYYY-MM-DD` in the publication's time zone. */
  date: text("date").notNull().unique(),
});

export const printPages = sqliteTable(
  "print_pages",
  {
    id: integer("id").primaryKey(),
    editionId: integer("edition_id")
      .notNull()
      .references(() => printEditions.id, { onDelete: "cascade" }),
    book: text("book").notNull(),
    bookName: text("book_name").notNull(),
    number: integer("number").notNull(),
  },
  (table) => [
    uniqueIndex("print_pages_edition_book_number_unique").on(
      table.editionId,
      table.book,
      table.number,
    ),
  ],
);

export const printPlacements = sqliteTable(
  "print_placements",
  {
    id: integer("id").primaryKey(),
    pageId: integer("page_id")
      .notNull()
      .references(() => printPages.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id),
    order: integer("order").notNull(),
    printHeadline: text("print_headline").notNull(),
  },
  (table) => [
    index("print_placements_page_idx").on(table.pageId),
    index("print_placements_article_idx").on(table.articleId),
  ],
);

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

export type ImageRow = typeof images.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type AuthorRow = typeof authors.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;
export type ArticleAuthorRow = typeof articleAuthors.$inferSelect;
export type ArticleTagRow = typeof articleTags.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
export type PrintEditionRow = typeof printEditions.$inferSelect;
export type PrintPageRow = typeof printPages.$inferSelect;
export type PrintPlacementRow = typeof printPlacements.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];
export type OutboxRow = typeof outbox.$inferSelect;

/** An article as listings load it: everything but the body. */
export type ArticleListRow = Omit<ArticleRow, "body">;
/** An author of an article, as loaded for a page of articles. */
export type ArticleAuthorRefRow = Pick<ArticleAuthorRow, "articleId" | "position"> &
  Pick<AuthorRow, "slug" | "name">;

/**
 * One row whose `counter` moves on every write to published content: triggers in migration
 * 0005 bump it after any insert, update or delete on the content tables. With the newest
 * visible publication time it makes the content version the edge cache keys on.
 */
export const contentVersion = sqliteTable(
  "content_version",
  {
    id: integer("id").primaryKey(),
    counter: integer("counter").notNull(),
  },
  (table) => [check("content_version_single_row", sql`${table.id} = 1`)],
);
