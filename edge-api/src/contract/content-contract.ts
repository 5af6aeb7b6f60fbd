import { z } from "zod";

/**
 * The public content answers of the API, as zod schemas: the one source of their types (the
 * API's handlers are typed with them) and what `api-client.ts` checks every answer against at
 * run time, so a half-deployed change becomes a clear contract error, never a wrong page
 * (docs/decisions/0012-one-api-contract.md).
 *
 * Dates are ISO 8601 strings (UTC) except edition dates, which are `YYYY-MM-DD` in the
 * publication's time zone. The API returns slugs and ids, never a page address: addresses
 * belong to the shell's route table.
 */

// Zod probes `new Function("")` before its first object parse to decide whether to compile
// parsers; Workers forbid eval, so the probe is skipped wherever this module runs.
z.config({ jitless: true });

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CALENDAR_MONTH = /^\d{4}-\d{2}$/;

export const CalendarDateSchema = z.string().regex(CALENDAR_DATE);
export const CalendarMonthSchema = z.string().regex(CALENDAR_MONTH);
const Slug = z.string().min(1).max(200);
const Instant = z.string().min(1).max(40);

export const NamedRefSchema = z.object({ slug: Slug, name: z.string() });
export const SectionRefSchema = NamedRefSchema;
export const CategoryRefSchema = NamedRefSchema;
export const AuthorRefSchema = NamedRefSchema;
export const TagRefSchema = NamedRefSchema;
export type SectionRef = z.infer<typeof SectionRefSchema>;
export type CategoryRef = z.infer<typeof CategoryRefSchema>;
export type AuthorRef = z.infer<typeof AuthorRefSchema>;
export type TagRef = z.infer<typeof TagRefSchema>;

export const SectionSummarySchema = SectionRefSchema.extend({
  description: z.string(),
  categories: z.array(CategoryRefSchema),
});
export type SectionSummary = z.infer<typeof SectionSummarySchema>;

/**
 * An image the API serves at `src` (`/images/<id>.svg`, its own resource, immutable).
 * `width`/`height` give the intrinsic aspect ratio so pages reserve space before it loads.
 */
export const ImageRefSchema = z.object({
  src: z.string().min(1).max(2048),
  alt: z.string(),
  caption: z.string(),
  credit: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const ArticleCardSchema = z.object({
  slug: Slug,
  headline: z.string(),
  standfirst: z.string(),
  publishedAt: Instant,
  section: SectionRefSchema,
  category: CategoryRefSchema,
  authors: z.array(AuthorRefSchema),
  /** The lead image, for cards that show one. */
  image: ImageRefSchema.nullable(),
});
export type ArticleCard = z.infer<typeof ArticleCardSchema>;

/** Article bodies are structured blocks of plain text; no HTML is stored or served. */
export const BodyBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("paragraph"), text: z.string() }),
  z.object({ type: z.literal("heading"), text: z.string() }),
  z.object({ type: z.literal("quote"), text: z.string(), attribution: z.string().optional() }),
  z.object({ type: z.literal("pullquote"), text: z.string() }),
  z.object({
    type: z.literal("list"),
    ordered: z.boolean().optional(),
    items: z.array(z.string()),
  }),
  z.object({ type: z.literal("image"), image: ImageRefSchema }),
]);
export type BodyBlock = z.infer<typeof BodyBlockSchema>;

export const PrintPlacementRefSchema = z.object({
  editionDate: CalendarDateSchema,
  /** Page label, e.g. `A1`. */
  page: z.string(),
  /** The book's name, e.g. `News` (schema.org `printSection`). */
  book: z.string(),
});
export type PrintPlacementRef = z.infer<typeof PrintPlacementRefSchema>;

export const ArticleDetailSchema = ArticleCardSchema.extend({
  updatedAt: Instant,
  body: z.array(BodyBlockSchema),
  tags: z.array(TagRefSchema),
  print: PrintPlacementRefSchema.nullable(),
  wordCount: z.number().int().min(0),
  /** Minutes at ~230 words a minute, at least 1. */
  readingMinutes: z.number().int().min(1),
  /** Up to 4 other published articles sharing tags or the category, newest first. */
  related: z.array(ArticleCardSchema),
});
export type ArticleDetail = z.infer<typeof ArticleDetailSchema>;

/** A listing page: newest first, `nextBefore` is the keyset cursor of the next page. */
const ArticlePageFields = {
  articles: z.array(ArticleCardSchema),
  nextBefore: z.string().nullable(),
};
export const ArticlePageSchema = z.object(ArticlePageFields);
export type ArticlePage = z.infer<typeof ArticlePageSchema>;

/** `GET /api/content-version`: opaque; equal strings mean readers see the same content. */
export const ContentVersionResponseSchema = z.object({ version: z.string().min(1) });
export type ContentVersionResponse = z.infer<typeof ContentVersionResponseSchema>;

export const SectionsResponseSchema = z.object({ sections: z.array(SectionSummarySchema) });
export type SectionsResponse = z.infer<typeof SectionsResponseSchema>;

export const HomeResponseSchema = z.object({
  lead: ArticleCardSchema.nullable(),
  top: z.array(ArticleCardSchema),
  sections: z.array(z.object({ section: SectionRefSchema, articles: z.array(ArticleCardSchema) })),
  latest: z.array(ArticleCardSchema),
});
export type HomeResponse = z.infer<typeof HomeResponseSchema>;

export const SectionResponseSchema = z.object({
  section: SectionSummarySchema,
  ...ArticlePageFields,
});
export type SectionResponse = z.infer<typeof SectionResponseSchema>;

export const CategoryResponseSchema = z.object({
  section: SectionSummarySchema,
  category: CategoryRefSchema.extend({ description: z.string() }),
  ...ArticlePageFields,
});
export type CategoryResponse = z.infer<typeof CategoryResponseSchema>;

export const ArticleResponseSchema = z.object({ article: ArticleDetailSchema });
export type ArticleResponse = z.infer<typeof ArticleResponseSchema>;

export const AuthorResponseSchema = z.object({
  author: AuthorRefSchema.extend({
    title: z.string(),
    bio: z.string(),
    portrait: ImageRefSchema,
  }),
  ...ArticlePageFields,
});
export type AuthorResponse = z.infer<typeof AuthorResponseSchema>;

export const TagResponseSchema = z.object({
  tag: TagRefSchema.extend({ description: z.string() }),
  ...ArticlePageFields,
});
export type TagResponse = z.infer<typeof TagResponseSchema>;

export const PageResponseSchema = z.object({
  page: z.object({
    slug: Slug,
    title: z.string(),
    body: z.array(BodyBlockSchema),
    updatedAt: Instant,
  }),
});
export type PageResponse = z.infer<typeof PageResponseSchema>;

export const EditionPlacementSchema = z.object({
  order: z.number().int(),
  printHeadline: z.string(),
  article: ArticleCardSchema,
});
export type EditionPlacement = z.infer<typeof EditionPlacementSchema>;

export const EditionPageSchema = z.object({
  /** Book letter, e.g. `A`. */
  book: z.string(),
  bookName: z.string(),
  number: z.number().int().positive(),
  /** Display label, e.g. `A1`. */
  label: z.string(),
  placements: z.array(EditionPlacementSchema),
});
export type EditionPage = z.infer<typeof EditionPageSchema>;

export const EditionResponseSchema = z.object({
  edition: z.object({ date: CalendarDateSchema, pages: z.array(EditionPageSchema) }),
  previousDate: CalendarDateSchema.nullable(),
  nextDate: CalendarDateSchema.nullable(),
});
export type EditionResponse = z.infer<typeof EditionResponseSchema>;

/** `GET /api/editions/calendar?month=YYYY-MM`: which days of a month have a published edition. */
export const EditionCalendarResponseSchema = z.object({
  /** `YYYY-MM`, as asked. */
  month: CalendarMonthSchema,
  /** Dates of the month's published editions, oldest first. */
  dates: z.array(CalendarDateSchema),
  /** The nearest earlier month with an edition, or null before the archive. */
  previousMonth: CalendarMonthSchema.nullable(),
  /** The nearest later month with a published edition, or null. */
  nextMonth: CalendarMonthSchema.nullable(),
});
export type EditionCalendarResponse = z.infer<typeof EditionCalendarResponseSchema>;

/**
 * `GET /api/editions/nearest?date=YYYY-MM-DD`: the published editions on either side of a
 * date, for the page that says there was no paper that day.
 */
export const NearestEditionsResponseSchema = z.object({
  date: CalendarDateSchema,
  hasEdition: z.boolean(),
  previousDate: CalendarDateSchema.nullable(),
  nextDate: CalendarDateSchema.nullable(),
});
export type NearestEditionsResponse = z.infer<typeof NearestEditionsResponseSchema>;

/** A piece of a search snippet; `match` marks the words that matched the query. */
export const SnippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPartSchema>;

export const SearchResultSchema = z.object({
  article: ArticleCardSchema,
  snippet: z.array(SnippetPartSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Best match first; `nextCursor` fetches the following page (`?cursor=`), null on the last. */
export const SearchResponseSchema = z.object({
  query: z.string(),
  results: z.array(SearchResultSchema),
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** Whose newest articles a feed lists: the whole site, or one section, author or tag. */
export const FeedSubjectSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("site") }),
  z.object({ kind: z.literal("section"), slug: Slug, name: z.string(), description: z.string() }),
  z.object({ kind: z.literal("author"), slug: Slug, name: z.string(), title: z.string() }),
  z.object({ kind: z.literal("tag"), slug: Slug, name: z.string(), description: z.string() }),
]);
export type FeedSubject = z.infer<typeof FeedSubjectSchema>;

/** The newest published articles of a feed's subject; the content fragment writes the XML. */
export const FeedResponseSchema = z.object({
  subject: FeedSubjectSchema,
  updatedAt: Instant.nullable(),
  articles: z.array(ArticleCardSchema.extend({ updatedAt: Instant })),
});
export type FeedResponse = z.infer<typeof FeedResponseSchema>;

const Dated = { slug: Slug, updatedAt: Instant.nullable() };

/**
 * The sitemap index: how many article pages there are, and every listing (home, sections,
 * categories, authors, tags, static pages) with when it last changed. References, not
 * addresses: the content fragment builds them from the shell's route table.
 */
export const SitemapIndexResponseSchema = z.object({
  articlePages: z.number().int().min(0),
  siteUpdatedAt: Instant.nullable(),
  sections: z.array(z.object(Dated)),
  categories: z.array(z.object({ section: Slug, ...Dated })),
  authors: z.array(z.object(Dated)),
  tags: z.array(z.object(Dated)),
  pages: z.array(z.object({ slug: Slug, updatedAt: Instant })),
});
export type SitemapIndexResponse = z.infer<typeof SitemapIndexResponseSchema>;

/** Where an article lives: its section, category and slug. */
const ArticleAddressFields = { section: Slug, category: Slug, slug: Slug };

export const SitemapArticlesResponseSchema = z.object({
  page: z.number().int().min(1),
  articles: z.array(z.object({ ...ArticleAddressFields, updatedAt: Instant })),
});
export type SitemapArticlesResponse = z.infer<typeof SitemapArticlesResponseSchema>;

/** Google News sitemap: articles published in the last 48 hours. */
export const NewsSitemapResponseSchema = z.object({
  articles: z.array(
    z.object({ ...ArticleAddressFields, headline: z.string(), publishedAt: Instant }),
  ),
});
export type NewsSitemapResponse = z.infer<typeof NewsSitemapResponseSchema>;

/** Every error the API returns has this shape; `code` is stable, `message` is for people. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    /** Only on `weak_password` (see account-contract.ts). */
    reason: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
