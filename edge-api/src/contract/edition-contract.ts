import { z } from "zod";
import { ArticleCardSchema } from "./article-contract.ts";
import { CalendarDateSchema, CalendarMonthSchema } from "./contract-fields.ts";

/** The printed paper: an edition's pages and placements, its calendar and its neighbours. */

export const EditionPlacementSchema = z.object({
  order: z.number().int(),
  printHeadline: z.string(),
  /** The page's lead story (at most one a page), shown larger (issue 17, decision 0023). */
  isLead: z.boolean(),
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
