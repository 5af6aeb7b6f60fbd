/**
 * Shapes of the public JSON the API serves. Fragments consume them through `edge-api/client`.
 * Dates are ISO 8601 strings (UTC) except edition dates, which are `YYYY-MM-DD` in the
 * publication's time zone.
 */

export interface SectionRef {
  slug: string;
  name: string;
}

export interface CategoryRef {
  slug: string;
  name: string;
}

export interface AuthorRef {
  slug: string;
  name: string;
}

export interface TagRef {
  slug: string;
  name: string;
}

export interface SectionSummary extends SectionRef {
  description: string;
  categories: CategoryRef[];
}

/**
 * An image the API generates (SVG) and serves at `src` (`/images/<id>.svg`), immutable.
 * `width`/`height` give the intrinsic aspect ratio so pages reserve space before it loads.
 */
export interface ImageRef {
  src: string;
  alt: string;
  caption: string;
  credit: string;
  width: number;
  height: number;
}

export interface ArticleCard {
  slug: string;
  /** Canonical path: `/{section}/{category}/{slug}`. */
  path: string;
  headline: string;
  standfirst: string;
  publishedAt: string;
  section: SectionRef;
  category: CategoryRef;
  authors: AuthorRef[];
  /** The lead image, for cards that show one. */
  image: ImageRef | null;
}

/** Article bodies are structured blocks of plain text; no HTML is stored or served. */
export type BodyBlock =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string }
  | { type: "quote"; text: string; attribution?: string }
  | { type: "pullquote"; text: string }
  | { type: "list"; ordered?: boolean; items: string[] }
  | { type: "image"; image: ImageRef };

export interface PrintPlacementRef {
  editionDate: string;
  /** Page label, e.g. `A1`. */
  page: string;
  /** The book's name, e.g. `News` (schema.org `printSection`). */
  book: string;
}

export interface ArticleDetail extends ArticleCard {
  updatedAt: string;
  body: BodyBlock[];
  tags: TagRef[];
  print: PrintPlacementRef | null;
  wordCount: number;
  /** Minutes at ~230 words a minute, at least 1. */
  readingMinutes: number;
  /** Up to 4 other published articles sharing tags or the category, newest first. */
  related: ArticleCard[];
}

/** A listing page: newest first, `nextBefore` is the keyset cursor of the next page. */
export interface ArticlePage {
  articles: ArticleCard[];
  nextBefore: string | null;
}

/** `GET /api/content-version`: opaque; equal strings mean readers see the same content. */
export interface ContentVersionResponse {
  version: string;
}

export interface SectionsResponse {
  sections: SectionSummary[];
}

export interface HomeResponse {
  lead: ArticleCard | null;
  top: ArticleCard[];
  sections: { section: SectionRef; articles: ArticleCard[] }[];
  latest: ArticleCard[];
}

export interface SectionResponse extends ArticlePage {
  section: SectionSummary;
}

export interface CategoryResponse extends ArticlePage {
  section: SectionSummary;
  category: CategoryRef & { description: string };
}

export interface ArticleResponse {
  article: ArticleDetail;
}

export interface AuthorResponse extends ArticlePage {
  author: AuthorRef & { title: string; bio: string; portrait: ImageRef };
}

export interface TagResponse extends ArticlePage {
  tag: TagRef & { description: string };
}

export interface PageResponse {
  page: { slug: string; title: string; body: BodyBlock[]; updatedAt: string };
}

export interface EditionPlacement {
  order: number;
  printHeadline: string;
  article: ArticleCard;
}

export interface EditionPage {
  /** Book letter, e.g. `A`. */
  book: string;
  bookName: string;
  number: number;
  /** Display label, e.g. `A1`. */
  label: string;
  placements: EditionPlacement[];
}

export interface EditionResponse {
  edition: { date: string; pages: EditionPage[] };
  previousDate: string | null;
  nextDate: string | null;
}

/** `GET /api/editions/calendar?month=YYYY-MM`: which days of a month have a published edition. */
export interface EditionCalendarResponse {
  /** `YYYY-MM`, as asked. */
  month: string;
  /** Dates (`YYYY-MM-DD`) of the month's published editions, oldest first. */
  dates: string[];
  /** The nearest earlier month with an edition (`YYYY-MM`), or null before the archive. */
  previousMonth: string | null;
  /** The nearest later month with a published edition, or null. */
  nextMonth: string | null;
}

/**
 * `GET /api/editions/nearest?date=YYYY-MM-DD`: the published editions on either side of a
 * date, for the page that says there was no paper that day. `hasEdition` tells whether the
 * date itself has one.
 */
export interface NearestEditionsResponse {
  date: string;
  hasEdition: boolean;
  previousDate: string | null;
  nextDate: string | null;
}

/** A piece of a search snippet; `match` marks the words that matched the query. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface SearchResult {
  article: ArticleCard;
  snippet: SnippetPart[];
}

/**
 * Full-text search over headlines, standfirsts and bodies, best match first.
 * `nextCursor` fetches the following page (`?cursor=`); null on the last page.
 */
export interface SearchResponse {
  query: string;
  results: SearchResult[];
  nextCursor: string | null;
}

/** What a feed needs: the newest published articles of the site or of one section/author/tag. */
export interface FeedResponse {
  title: string;
  description: string;
  /** Same-origin path of the HTML page the feed mirrors. */
  path: string;
  updatedAt: string | null;
  articles: (ArticleCard & { updatedAt: string })[];
}

/** The sitemap index: how many article pages there are, plus every listing path. */
export interface SitemapIndexResponse {
  articlePages: number;
  /** Paths of the home page, sections, categories, authors, tags and static pages. */
  listings: { path: string; updatedAt: string | null }[];
}

export interface SitemapArticlesResponse {
  page: number;
  articles: { path: string; updatedAt: string }[];
}

/** Google News sitemap: articles published in the last 48 hours. */
export interface NewsSitemapResponse {
  articles: { path: string; headline: string; publishedAt: string }[];
}

/** Every error the API returns has this shape; `code` is stable, `message` is for people. */
export interface ApiErrorBody {
  /** `reason` only on `weak_password` (see auth-types.ts). */
  error: { code: string; message: string; requestId?: string; reason?: string };
}
