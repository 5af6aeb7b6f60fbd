import { z } from "zod/mini";

/**
 * The props the paper's routes render with. The Worker shapes them, the shell ships them to
 * the browser as JSON, and both sides parse them with this one schema before rendering.
 * `zod/mini` because this module ships to the browser: it costs a few KB where classic zod
 * costs about 75 KB.
 */

const EditionDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const PlacementViewSchema = z.object({
  printHeadline: z.string(),
  standfirst: z.string(),
  /** Same-origin path of the web article. */
  path: z.string().check(z.startsWith("/")),
  sectionName: z.string(),
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

export const FrontPageViewSchema = z.object({
  label: z.string(),
  lead: PlacementViewSchema,
  columns: z.array(PlacementViewSchema),
});
export type FrontPageView = z.infer<typeof FrontPageViewSchema>;

export const EditionViewSchema = z.object({
  /** `today` when reached through /todays-paper, `dated` through /todays-paper/:date. */
  mode: z.enum(["today", "dated"]),
  date: EditionDateSchema,
  previousDate: z.nullable(EditionDateSchema),
  nextDate: z.nullable(EditionDateSchema),
  frontPage: z.nullable(FrontPageViewSchema),
  books: z.array(BookViewSchema),
});
export type EditionView = z.infer<typeof EditionViewSchema>;
