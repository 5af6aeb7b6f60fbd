import type { ImageRef } from "edge-api/contract/content";
import { z } from "zod/mini";

/**
 * The props the paper's routes render with. The Worker shapes them, the shell ships them to
 * the browser as JSON, and both sides parse them with this one schema before rendering.
 * `zod/mini` because this module ships to the browser: it costs a few KB where classic zod
 * costs about 75 KB.
 */

const EditionDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const MonthSchema = z.string().check(z.regex(/^\d{4}-\d{2}$/));
const SameOriginPathSchema = z.string().check(z.startsWith("/"));

export const PlacementViewSchema = z.object({
  printHeadline: z.string(),
  standfirst: z.string(),
  /** Same-origin path of the web article. */
  path: SameOriginPathSchema,
  sectionName: z.string(),
  /** The printed page, e.g. `A2`. */
  page: z.string(),
});
export type PlacementView = z.infer<typeof PlacementViewSchema>;

export const PageViewSchema = z.object({
  label: z.string(),
  placements: z.array(PlacementViewSchema),
});
export type PageView = z.infer<typeof PageViewSchema>;

export const BookViewSchema = z.object({
  letter: z.string(),
  name: z.string(),
  pages: z.array(PageViewSchema),
});
export type BookView = z.infer<typeof BookViewSchema>;

/**
 * The lead image is the API's `ImageRef` as it is (one source of its type). Its schema is
 * still written here because the browser parses props with `zod/mini` and must not load the
 * contract's classic zod; the annotation makes a field the contract adds a type error here.
 */
export type LeadImageView = ImageRef;
export const LeadImageViewSchema: z.ZodMiniType<LeadImageView> = z.object({
  src: SameOriginPathSchema,
  alt: z.string(),
  width: z.number(),
  height: z.number(),
  caption: z.string(),
  credit: z.string(),
});

/** A lead photograph's variants (issue 16): `srcset` strings the Worker built, and `sizes`. */
export const LeadPictureViewSchema = z.object({
  avif: z.string(),
  webp: z.string(),
  jpg: z.string(),
  sizes: z.string(),
});
export type LeadPictureView = z.infer<typeof LeadPictureViewSchema>;

export const FrontPageViewSchema = z.object({
  label: z.string(),
  lead: PlacementViewSchema,
  leadImage: z.nullable(LeadImageViewSchema),
  /** Present when the lead image is a photograph; an illustration is one SVG. */
  leadPicture: z.nullable(LeadPictureViewSchema),
  /** The page's share image (1200x630 JPEG): the lead photograph's crop, else the home card. */
  shareImage: SameOriginPathSchema,
  columns: z.array(PlacementViewSchema),
});
export type FrontPageView = z.infer<typeof FrontPageViewSchema>;

export const CalendarDayViewSchema = z.object({
  date: EditionDateSchema,
  day: z.number(),
  /** "Monday 2 November 2026" */
  label: z.string(),
  hasEdition: z.boolean(),
  isToday: z.boolean(),
  /** After today in the publication's time zone: without an edition it is not out yet. */
  isFuture: z.boolean(),
  /** The edition (or missing date) the page shows. */
  isSelected: z.boolean(),
});
export type CalendarDayView = z.infer<typeof CalendarDayViewSchema>;

export const MonthLinkViewSchema = z.object({
  month: MonthSchema,
  /** "October 2026" */
  label: z.string(),
  /** This page with `?month=`: works without JavaScript. */
  href: SameOriginPathSchema,
});
export type MonthLinkView = z.infer<typeof MonthLinkViewSchema>;

export const CalendarViewSchema = z.object({
  month: MonthSchema,
  /** "November 2026" */
  title: z.string(),
  /** Weeks from Monday to Sunday; null pads the days outside the month. */
  weeks: z.array(z.array(z.nullable(CalendarDayViewSchema))),
  previous: z.nullable(MonthLinkViewSchema),
  next: z.nullable(MonthLinkViewSchema),
});
export type CalendarView = z.infer<typeof CalendarViewSchema>;

export const EditionViewSchema = z.object({
  view: z.literal("edition"),
  /**
   * `today`: `paper.today` showing today's edition; `latest`: `paper.today` before today's
   * is out (or on a day without one), showing the newest; `dated`: `paper.edition`.
   */
  mode: z.enum(["today", "latest", "dated"]),
  /** The publication's configured name, for the printed contents. */
  publicationName: z.string(),
  date: EditionDateSchema,
  previousDate: z.nullable(EditionDateSchema),
  nextDate: z.nullable(EditionDateSchema),
  frontPage: z.nullable(FrontPageViewSchema),
  books: z.array(BookViewSchema),
  calendar: z.nullable(CalendarViewSchema),
});
export type EditionView = z.infer<typeof EditionViewSchema>;

/** A real date without a published edition: a Sunday, the future, before the archive. */
export const NoEditionViewSchema = z.object({
  view: z.literal("no-edition"),
  date: EditionDateSchema,
  /** After today in the publication's time zone: the page says "not published yet". */
  isFuture: z.boolean(),
  previousDate: z.nullable(EditionDateSchema),
  nextDate: z.nullable(EditionDateSchema),
  calendar: z.nullable(CalendarViewSchema),
});
export type NoEditionView = z.infer<typeof NoEditionViewSchema>;

/** A neighbouring printed page in print order (previous or next). */
export const PageLinkViewSchema = z.object({
  label: z.string(),
  href: SameOriginPathSchema,
});
export type PageLinkView = z.infer<typeof PageLinkViewSchema>;

/**
 * One printed page (`paper.page`, issue 17): its stories in order, the lead first and larger
 * (with its image, as on the front page), the rest after it.
 */
export const PrintPageViewSchema = z.object({
  view: z.literal("page"),
  publicationName: z.string(),
  date: EditionDateSchema,
  /** `B1` */
  label: z.string(),
  bookName: z.string(),
  /** The page laid out as the front page is: the lead with its image, then the others; null
   * on a page without stories. */
  stories: z.nullable(FrontPageViewSchema),
  previousPage: z.nullable(PageLinkViewSchema),
  nextPage: z.nullable(PageLinkViewSchema),
});
export type PrintPageView = z.infer<typeof PrintPageViewSchema>;

/** A real edition without the page asked for (`B9` of a paper whose book B has four pages). */
export const NoPageViewSchema = z.object({
  view: z.literal("no-page"),
  date: EditionDateSchema,
  label: z.string(),
});
export type NoPageView = z.infer<typeof NoPageViewSchema>;

export const PaperViewSchema = z.discriminatedUnion("view", [
  EditionViewSchema,
  NoEditionViewSchema,
  PrintPageViewSchema,
  NoPageViewSchema,
]);
export type PaperView = z.infer<typeof PaperViewSchema>;
