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
import { media } from "./media-schema.ts";

/**
 * The one description of the database. Migrations are generated from it
 * (`npx drizzle-kit generate`); row types below are inferred from it, never hand-written.
 * Instants are integer milliseconds since the epoch (UTC); edition dates are `YYYY-MM-DD`.
 */

/**
 * A section slug can never be a reserved word (a static route of the shell's table); that is
 * checked in code where sections are written (`src/domain/section-slugs.ts`), not by a CHECK,
 * so a new top-level route needs no migration (migration 0007, decision 0011).
 */
export const sections = sqliteTable("sections", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull(),
});

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

/**
 * Stored statuses. `scheduled` is legacy: the CHECK still names it (SQLite cannot change a
 * CHECK without rebuilding the table), migration 0008 turned every such row into `published`
 * with its future `published_at`, and a trigger refuses it from then on. A story is
 * "scheduled" in the newsroom when it is published with `published_at` still ahead.
 */
export const articleStatuses = ["draft", "published"] as const;

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
    // ---- The newsroom (issue 13, migration 0008). Added columns, not a rebuild: dropping
    // `articles` would cascade-delete its author and tag links. ----
    /** A draft sent for review (`status` stays `draft`); null otherwise. */
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    /** Taken down by an editor (`status` is `draft`): readers get 410. Null otherwise. */
    unpublishedAt: integer("unpublished_at", { mode: "timestamp_ms" }),
    /** The revision the row shows; every write names it (`stale_revision` 409 otherwise). */
    currentRevisionId: integer("current_revision_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }),
    /** Account ids (not foreign keys: a removed account leaves its stories). */
    createdBy: text("created_by"),
    updatedBy: text("updated_by"),
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    /** The lead image's words for this story; null means the image's own. */
    leadImageAlt: text("lead_image_alt"),
    leadImageCaption: text("lead_image_caption"),
    leadImageCredit: text("lead_image_credit"),
    /**
     * A photograph from the media library as the lead (issue 16, migration 0017), instead of
     * `lead_image_id`: never both (triggers in 0017; adding a CHECK would rebuild `articles`,
     * whose DROP cascade-deletes its author and tag links). The `lead_image_*` words above are
     * the story's own for whichever it has.
     */
    leadMediaId: text("lead_media_id").references(() => media.id),
  },
  (table) => [
    check("articles_status_known", sql`${table.status} IN ('draft', 'scheduled', 'published')`),
    // The story desk's list (newest updated first) by status, by section and a contributor's
    // own (migration 0009): each walks one of these in order instead of sorting every match.
    // Visibility rides along (migration 0024): the sitemap index takes the newest change of
    // the site, a section and a category from the top of these, skipping drafts and scheduled
    // stories without reading their rows.
    index("articles_updated_idx").on(table.updatedAt, table.id, table.status, table.publishedAt),
    index("articles_status_updated_idx").on(
      table.status,
      table.updatedAt,
      table.id,
      table.publishedAt,
    ),
    index("articles_section_updated_idx").on(
      table.sectionId,
      table.updatedAt,
      table.id,
      table.status,
      table.publishedAt,
    ),
    index("articles_category_updated_idx").on(
      table.categoryId,
      table.updatedAt,
      table.status,
      table.publishedAt,
    ),
    index("articles_created_by_updated_idx").on(table.createdBy, table.updatedAt, table.id),
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

/**
 * The article's `updated_at`, copied onto a link table by the same triggers (migration 0024):
 * the sitemap index takes an author's or a tag's newest change from the top of its
 * `(key, updated_at, published_at)` index instead of reading every article it links.
 */
const changedAt = () => integer("updated_at", { mode: "timestamp_ms" });

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
    updatedAt: changedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.authorId] }),
    index("article_authors_author_published_idx").on(
      table.authorId,
      table.publishedAt,
      table.articleId,
    ),
    index("article_authors_author_updated_idx").on(
      table.authorId,
      table.updatedAt,
      table.publishedAt,
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
    updatedAt: changedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.tagId] }),
    index("article_tags_tag_published_idx").on(table.tagId, table.publishedAt, table.articleId),
    index("article_tags_tag_updated_idx").on(table.tagId, table.updatedAt, table.publishedAt),
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
 * One edition per printed date (decision 0023). Readers see it once `status` is `published`
 * and it is out: at `publishAt`, or when NULL at the publish hour of its date
 * (`src/domain/edition-schedule.ts`). `planned` editions are the print desk's only.
 */
export const printEditions = sqliteTable("print_editions", {
  id: integer("id").primaryKey(),
  /** `YYYY-MM-DD` in the publication's time zone. */
  date: text("date").notNull().unique(),
  /** `planned` | `published` (the print desk checks; the migration makes old rows published). */
  status: text("status", { enum: ["planned", "published"] })
    .notNull()
    .default("published"),
  /** NULL: the publish hour of its date. Set when an editor publishes "now". */
  publishAt: integer("publish_at", { mode: "timestamp_ms" }),
  /** Moves by one on every change to the edition, its pages or placements (the 409 token). */
  revision: integer("revision").notNull().default(1),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  /**
   * A random token each write sets with the new revision: the rest of its batch runs only
   * where the edition holds its own token, so two writes from one revision in the same
   * millisecond cannot both think they won (decision 0023).
   */
  writeToken: text("write_token"),
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
    /** The page's lead (shown larger); at most one per page. */
    isLead: integer("is_lead", { mode: "boolean" }).notNull().default(false),
    /**
     * Its page's edition, so a story is placed once per edition (the unique index). Filled
     * and checked by triggers (migration 0018) from `page_id`; NULL only between an insert and
     * its trigger.
     */
    editionId: integer("edition_id"),
  },
  (table) => [
    index("print_placements_page_idx").on(table.pageId),
    index("print_placements_article_idx").on(table.articleId),
    uniqueIndex("print_placements_edition_article_unique").on(table.editionId, table.articleId),
    uniqueIndex("print_placements_one_lead_per_page")
      .on(table.pageId)
      .where(sql`${table.isLead} = 1`),
  ],
);

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

/** An article as listings load it: everything but the body. */
/** What listings read of an article: the card's columns, never the body or the desk's. */
export type ArticleListRow = Pick<
  ArticleRow,
  | "id"
  | "slug"
  | "sectionId"
  | "categoryId"
  | "headline"
  | "standfirst"
  | "leadImageId"
  | "status"
  | "publishedAt"
  | "updatedAt"
  | "leadImageAlt"
  | "leadImageCaption"
  | "leadImageCredit"
  | "leadMediaId"
>;
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
