/**
 * Issue 18 (decision 0024): what an export file says, in one shape for Ghost and WordPress. The
 * parsers (`ghost-export.ts`, `wordpress-export.ts`) read a file into an `ImportSource`; the
 * planner (`import-plan.ts`) maps it onto our sections, categories, authors, tags, articles,
 * pages and redirects, with a report; the writer (`import-writer.ts`) writes the plan in
 * batches. Nothing here knows D1.
 */

export type ImportSystem = "ghost" | "wordpress";

/** A line of the report, by post where there is one: what was dropped, kept aside or skipped. */
export interface ImportNote {
  /** The post's source id and title, or null for the file as a whole. */
  post: { sourceId: string; title: string } | null;
  kind:
    | "skipped" // the post is not imported (too large, unreadable): `detail` says why
    | "dropped" // an element the body cannot hold (script, iframe, form, shortcode…)
    | "linked" // an element kept as a link (an embed, a gallery) instead
    | "external-image" // an image left at its old address (not downloaded)
    | "renamed" // a slug already taken here: the new one is in `detail`
    | "mapped" // a taxonomy decision worth reading (uncategorised → the named section)
    | "warning";
  detail: string;
}

export interface SourceAuthor {
  sourceId: string;
  slug: string;
  name: string;
  bio: string;
  /** Ghost's `location`, WordPress's nothing: kept out of the profile, never an account. */
  jobTitle: string;
}

export interface SourceTag {
  sourceId: string;
  slug: string;
  name: string;
  description: string;
}

/** WordPress only: a category, nested under `parentSourceId` or at the top. */
export interface SourceCategory {
  sourceId: string;
  slug: string;
  name: string;
  parentSourceId: string | null;
}

export type SourceStatus = "published" | "draft" | "scheduled";

export interface SourcePost {
  sourceId: string;
  /** `page` becomes a static page, `post` an article. */
  kind: "post" | "page";
  slug: string;
  title: string;
  /** The body as the export has it (Ghost `html`, WordPress `content:encoded`). */
  html: string;
  /** Ghost `custom_excerpt`, WordPress `excerpt:encoded`: the standfirst. */
  excerpt: string;
  status: SourceStatus;
  /** When it went (or goes) out; null for a draft. */
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** In byline order. */
  authorSourceIds: string[];
  /** In the export's order; Ghost's first is its primary tag. */
  tagSourceIds: string[];
  categorySourceIds: string[];
  featureImage: { url: string; alt: string; caption: string } | null;
  /**
   * Its old addresses as same-site paths with their query (`/my-post/`, `/2024/05/my-post/`,
   * `/?p=123`), for the redirects. The parsers write them already in `legacy_redirects`' form
   * (`normalizeOldPath` in import-file.ts: `/my-post`, `/2024/05/my-post`, `/?p=123`).
   */
  oldPaths: string[];
}

export interface ImportSource {
  system: ImportSystem;
  /** The old site's address (Ghost: from the export's settings when present; WordPress:
   * `<wp:base_site_url>` or the channel's `<link>`), or "" when the file does not say. */
  siteUrl: string;
  siteTitle: string;
  authors: SourceAuthor[];
  tags: SourceTag[];
  categories: SourceCategory[];
  posts: SourcePost[];
  /** What the parser skipped or noticed (a post with a 5 MB body, an unknown status…). */
  notes: ImportNote[];
}
