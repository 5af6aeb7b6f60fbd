import type { Publication } from "shell/fragment-kit/publication";

/**
 * View props of the content pages: the small, page-shaped data the server renders with and
 * embeds for hydration. They are deliberately separate from edge-api's response types.
 * Dates are ISO 8601 strings; the UI formats them in the publication's time zone.
 */

/**
 * The publication as the pages need it, from the Worker's configuration: its name, and the
 * time zone dates are shown in. In the props, so the browser hydrates with the same text.
 */
export type PublicationView = Pick<Publication, "name" | "timeZone">;

/** What every page's props carry besides its own data. */
interface ContentViewBase {
  publication: PublicationView;
}

export interface LinkView {
  href: string;
  label: string;
}

/**
 * An image the API serves at a same-origin path; width and height reserve its space. An
 * illustration is one SVG; a photograph (issue 16) also carries `picture`.
 */
export interface ImageView {
  src: string;
  alt: string;
  width: number;
  height: number;
  caption: string;
  credit: string;
  picture?: PictureView;
}

/**
 * A photograph's raster variants as ready `srcset` strings (AVIF, WebP, and the JPEG `src` is
 * one of), with the `sizes` of the place it is shown in. Built by the worker, so the browser's
 * bundle only prints them.
 */
export interface PictureView {
  avif: string;
  webp: string;
  jpg: string;
  sizes: string;
}

export interface StoryCardView {
  href: string;
  headline: string;
  standfirst: string;
  publishedAt: string;
  kicker: LinkView;
  authorNames: string[];
  /** Only lead cards carry their lead image; the others stay text. */
  image: ImageView | null;
}

/**
 * A run of body text with its marks. `href` is a checked link target: a path on this site
 * (`external` false) or an http(s)/mailto address (`external` true).
 */
export interface InlineRunView {
  text: string;
  bold: boolean;
  italic: boolean;
  href: string | null;
  external: boolean;
}

/** Plain text, or runs with marks (`runs` null when the block has no marks). */
export type BodyBlockView =
  | { type: "paragraph"; text: string; runs: InlineRunView[] | null }
  | { type: "heading"; text: string }
  | { type: "quote"; text: string; attribution: string | null; runs: InlineRunView[] | null }
  | { type: "pullquote"; text: string }
  | { type: "list"; ordered: boolean; items: string[]; itemRuns: (InlineRunView[] | null)[] | null }
  | { type: "image"; image: ImageView };

/** A dated correction note at an article's foot. */
export interface CorrectionView {
  /** ISO instant, for `<time dateTime>`. */
  at: string;
  text: string;
}

/**
 * A listing's ways to other pages: `newerHref` (`?after=`) when newer articles exist, `olderHref`
 * (`?before=`) when older ones do, `latestHref` (the listing without a cursor) on every page
 * asked with a cursor. Each is null when there is nowhere to go.
 */
export interface PagingView {
  newerHref: string | null;
  olderHref: string | null;
  latestHref: string | null;
}

/** A visible link to the page's RSS feed. */
export type FeedLinkView = LinkView;

/** Plain share links: no third-party script runs on the page. */
export interface ShareLinksView {
  email: string;
  x: string;
  facebook: string;
  linkedin: string;
  /** The canonical URL itself, for readers to copy. */
  canonical: string;
}

export interface HomeView extends ContentViewBase {
  view: "home";
  lead: StoryCardView | null;
  top: StoryCardView[];
  sections: { section: LinkView; stories: StoryCardView[] }[];
  latest: StoryCardView[];
}

export interface SectionView extends ContentViewBase {
  view: "section";
  name: string;
  description: string;
  categories: LinkView[];
  /** The newest article, with its image, on the first page only. */
  lead: StoryCardView | null;
  stories: StoryCardView[];
  paging: PagingView;
  feed: FeedLinkView;
}

export interface CategoryView extends ContentViewBase {
  view: "category";
  name: string;
  description: string;
  section: LinkView;
  categories: LinkView[];
  currentHref: string;
  lead: StoryCardView | null;
  stories: StoryCardView[];
  paging: PagingView;
}

export interface ArticleView extends ContentViewBase {
  view: "article";
  headline: string;
  standfirst: string;
  section: LinkView;
  category: LinkView;
  authors: LinkView[];
  publishedAt: string;
  updatedAt: string;
  image: ImageView | null;
  readingMinutes: number;
  body: BodyBlockView[];
  tags: LinkView[];
  print: { href: string; page: string; editionDate: string } | null;
  related: StoryCardView[];
  share: ShareLinksView;
  save: SaveView;
  corrections: CorrectionView[];
  /** A live blog (issue 16), or null for an ordinary article. */
  live: LiveView | null;
}

/** One update of a live blog; its anchor on the page is `update-<id>`. */
export interface LiveUpdateView {
  id: string;
  /** ISO instant, for `<time dateTime>`. */
  postedAt: string;
  keyEvent: boolean;
  paragraphs: { text: string; runs: InlineRunView[] | null }[];
}

/**
 * A live blog as the article shows it: its state, the newest updates (newest first), and the
 * address an open page polls for newer ones (`GET /api/articles/<slug>/updates`, through the
 * shell) while it is live.
 */
export interface LiveView {
  state: "live" | "ended";
  endedAt: string | null;
  updates: LiveUpdateView[];
  pollHref: string;
}

/**
 * "Save for later" in one step (issue 15): a form POST to the account fragment's profile with
 * the article's `slug` and the path to come back to (`next`). `saved` is the render request's
 * (true only when the shell knows the signed-in reader saved it); it is in the props so the
 * browser hydrates the same state.
 */
export interface SaveView {
  /** The account fragment's profile (`account.profile`), where the form posts. */
  action: string;
  slug: string;
  next: string;
  saved: boolean;
}

/** An article the newsroom has withdrawn: 410, with a short explanation. */
export interface GoneView extends ContentViewBase {
  view: "gone";
  /** The front page, the way on. */
  homeHref: string;
}

export interface AuthorView extends ContentViewBase {
  view: "author";
  name: string;
  title: string;
  bio: string;
  portrait: ImageView | null;
  stories: StoryCardView[];
  paging: PagingView;
  feed: FeedLinkView;
  /** "All authors" (`/authors`). */
  index: LinkView;
}

export interface TagView extends ContentViewBase {
  view: "tag";
  name: string;
  description: string;
  stories: StoryCardView[];
  paging: PagingView;
  feed: FeedLinkView;
  /** "All topics" (`/tags`). */
  index: LinkView;
}

/**
 * `/authors` and `/tags` (issue 15): every author with a published article, by name (with a
 * portrait and their role), or every tag, most used first. The words are the server's, so the
 * browser's bundle carries one small list component.
 */
export interface IndexView extends ContentViewBase {
  view: "authors" | "tags";
  title: string;
  /** What the page says when the index is empty. */
  empty: string;
  items: {
    href: string;
    name: string;
    /** An author's role at the paper; null for a tag. */
    role: string | null;
    portrait: ImageView | null;
    /** "12 articles". */
    count: string;
  }[];
}

export interface StaticPageView extends ContentViewBase {
  view: "page";
  title: string;
  body: BodyBlockView[];
  updatedAt: string;
  /**
   * The corrections page (`/pages/corrections`) lists every correction after its text, newest
   * first; null on every other page.
   */
  corrections: {
    items: { at: string; text: string; article: { href: string; headline: string } }[];
    olderHref: string | null;
  } | null;
}

/** A piece of a search snippet; `match` pieces are shown highlighted. */
export interface SnippetPartView {
  text: string;
  match: boolean;
}

export interface SearchResultView {
  story: StoryCardView;
  snippet: SnippetPartView[];
}

/**
 * The search form's filters as the reader set them (issue 15), echoed into the form: a section
 * slug ("" for all sections), `from` and `to` dates (`YYYY-MM-DD`, "" for none) and the sort.
 */
export interface SearchFiltersView {
  section: string;
  from: string;
  to: string;
  sort: "relevance" | "newest";
}

/**
 * The search page. `empty`: no query yet (how to search). `results`: at least one hit.
 * `no-results`: nothing matched, or the query could not be searched (`tooLong`). `problem`: the
 * filters or the page asked for cannot be searched (400); `problem` says what is wrong.
 */
export interface SearchView extends ContentViewBase {
  view: "search";
  /** The search page's own address, the form's action. */
  action: string;
  query: string;
  /** The page's heading, naming the filters that apply (the server's words). */
  heading: string;
  state: "empty" | "results" | "no-results" | "problem";
  tooLong: boolean;
  problem: string | null;
  filters: SearchFiltersView;
  /** Every section, for the form's section select. */
  sectionOptions: { slug: string; name: string }[];
  results: SearchResultView[];
  moreHref: string | null;
  /** Sections to browse instead, when nothing was found. */
  sections: LinkView[];
}

export type ContentView =
  | HomeView
  | SectionView
  | CategoryView
  | ArticleView
  | GoneView
  | AuthorView
  | TagView
  | IndexView
  | StaticPageView
  | SearchView;

export type ContentViewName = ContentView["view"];

/** Which view each route of this fragment renders. */
export const viewsOfRoute: Readonly<Record<string, readonly ContentViewName[]>> = {
  "content.home": ["home"],
  "content.section": ["section"],
  "content.category": ["category"],
  // An unpublished article answers 410 with the `gone` view.
  "content.article": ["article", "gone"],
  "content.author": ["author"],
  "content.tag": ["tag"],
  "content.authors": ["authors"],
  "content.tags": ["tags"],
  "content.page": ["page"],
  "content.search": ["search"],
};

const viewNames = new Set<string>(Object.values(viewsOfRoute).flat());

function isPublicationView(value: unknown): value is PublicationView {
  if (typeof value !== "object" || value === null) return false;
  const { name, timeZone } = value as { name?: unknown; timeZone?: unknown };
  return typeof name === "string" && typeof timeZone === "string";
}

/**
 * Props reach the browser as JSON the same build produced on the server; this guard only
 * checks the discriminant and the publication every page needs, so a mismatched route renders
 * nothing rather than crashing.
 */
export function isContentView(value: unknown): value is ContentView {
  if (typeof value !== "object" || value === null) return false;
  const { view, publication } = value as { view?: unknown; publication?: unknown };
  return typeof view === "string" && viewNames.has(view) && isPublicationView(publication);
}
