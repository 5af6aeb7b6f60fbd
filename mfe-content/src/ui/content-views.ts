/**
 * View props of the content pages: the small, page-shaped data the server renders with and
 * embeds for hydration. They are deliberately separate from edge-api's response types.
 * Dates are ISO 8601 strings; the UI formats them.
 */

export interface LinkView {
  href: string;
  label: string;
}

export interface StoryCardView {
  href: string;
  headline: string;
  standfirst: string;
  publishedAt: string;
  kicker: LinkView;
  authorNames: string[];
}

export type BodyBlockView =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string }
  | { type: "quote"; text: string; attribution: string | null }
  | { type: "list"; items: string[] };

export interface HomeView {
  view: "home";
  lead: StoryCardView | null;
  top: StoryCardView[];
  sections: { section: LinkView; stories: StoryCardView[] }[];
  latest: StoryCardView[];
}

export interface SectionView {
  view: "section";
  name: string;
  description: string;
  categories: LinkView[];
  stories: StoryCardView[];
  olderHref: string | null;
}

export interface CategoryView {
  view: "category";
  name: string;
  description: string;
  section: LinkView;
  categories: LinkView[];
  currentHref: string;
  stories: StoryCardView[];
  olderHref: string | null;
}

export interface ArticleView {
  view: "article";
  headline: string;
  standfirst: string;
  section: LinkView;
  category: LinkView;
  authors: LinkView[];
  publishedAt: string;
  updatedAt: string;
  body: BodyBlockView[];
  tags: LinkView[];
  print: { href: string; page: string; editionDate: string } | null;
}

export interface AuthorView {
  view: "author";
  name: string;
  title: string;
  bio: string;
  stories: StoryCardView[];
  olderHref: string | null;
}

export interface TagView {
  view: "tag";
  name: string;
  description: string;
  stories: StoryCardView[];
  olderHref: string | null;
}

export interface StaticPageView {
  view: "page";
  title: string;
  body: BodyBlockView[];
  updatedAt: string;
}

export type ContentView =
  HomeView | SectionView | CategoryView | ArticleView | AuthorView | TagView | StaticPageView;

export type ContentViewName = ContentView["view"];

/** Which view each route of this fragment renders. */
export const viewOfRoute: Readonly<Record<string, ContentViewName>> = {
  "content.home": "home",
  "content.section": "section",
  "content.category": "category",
  "content.article": "article",
  "content.author": "author",
  "content.tag": "tag",
  "content.page": "page",
};

const viewNames = new Set<string>(Object.values(viewOfRoute));

/**
 * Props reach the browser as JSON the same build produced on the server; this guard only
 * checks the discriminant, so a mismatched route renders nothing rather than crashing.
 */
export function isContentView(value: unknown): value is ContentView {
  if (typeof value !== "object" || value === null) return false;
  const view = (value as { view?: unknown }).view;
  return typeof view === "string" && viewNames.has(view);
}
