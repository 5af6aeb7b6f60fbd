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
}

/** Article bodies are structured blocks of plain text; no HTML is stored or served. */
export type BodyBlock =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string }
  | { type: "quote"; text: string; attribution?: string }
  | { type: "list"; items: string[] };

export interface PrintPlacementRef {
  editionDate: string;
  page: string;
}

export interface ArticleDetail extends ArticleCard {
  updatedAt: string;
  body: BodyBlock[];
  tags: TagRef[];
  print: PrintPlacementRef | null;
}

/** A listing page: newest first, `nextBefore` is the keyset cursor of the next page. */
export interface ArticlePage {
  articles: ArticleCard[];
  nextBefore: string | null;
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
  author: AuthorRef & { title: string; bio: string };
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

/** Every error the API returns has this shape; `code` is stable, `message` is for people. */
export interface ApiErrorBody {
  error: { code: string; message: string; requestId?: string };
}
