import { z } from "zod";

/**
 * The scalar fields the content answers share. Every content contract module builds on this
 * one, so the zod setting below is in force wherever any of them is loaded.
 *
 * Dates are ISO 8601 strings (UTC) except edition dates, which are `YYYY-MM-DD` in the
 * publication's time zone.
 */

// Zod probes `new Function("")` before its first object parse to decide whether to compile
// parsers; Workers forbid eval, so the probe is skipped wherever this module runs.
z.config({ jitless: true });

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CALENDAR_MONTH = /^\d{4}-\d{2}$/;

export const CalendarDateSchema = z.string().regex(CALENDAR_DATE);
export const CalendarMonthSchema = z.string().regex(CALENDAR_MONTH);
export const SlugSchema = z.string().min(1).max(200);
export const InstantSchema = z.string().min(1).max(40);

/**
 * A run of text with its inline marks (issue 13). `href` is a link target the API has checked
 * on write: `http:`, `https:`, `mailto:` or a same-site path (`/...`, never `//...`). Here, not
 * in `article-contract.ts`, because the live blog's updates are paragraphs of runs and the
 * article answer carries them (no import cycle).
 */
export const InlineRunSchema = z.object({
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  href: z.string().max(2048).optional(),
});
export type InlineRun = z.infer<typeof InlineRunSchema>;
