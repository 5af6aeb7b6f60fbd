import { z } from "zod";
import { CalendarDateSchema, InstantSchema, SlugSchema } from "./contract-fields.ts";
import { StoryIdSchema } from "./front-page-contract.ts";
import { PersonRefSchema, StoryStatusSchema } from "./newsroom-contract.ts";
import {
  NO_EDITION_DATES_MAX,
  PRINT_BOOKS_MAX,
  PRINT_PLACEMENTS_PER_PAGE_MAX,
} from "./print-desk-limits.ts";

/**
 * The print desk (issue 17, decision 0023): editors and admins plan, fill and publish the
 * printed paper's editions. Every endpoint is under `/api/newsroom/print` and answers
 * anonymous 401, readers and contributors 403.
 *
 * Words:
 * - An edition is named by its date (`YYYY-MM-DD`, the publication's time zone). It is
 *   `planned` (readers never see it) or `published`. A published edition is out for readers
 *   once its publish time has come: `publishAt` when one is set ("now" at publishing), else the
 *   paper's publish hour of its date (`publishHour`, e.g. "05:00" local).
 * - The **news day** of an edition: the 24 hours that end at its publish time (as above; for
 *   a planned edition, the publish hour of its date). Its **unplaced stories** are the stories
 *   published or scheduled within that news day (`publishedAt` in `[newsDay.from,
 *   newsDay.to)`) that are not placed anywhere in the edition, newest first.
 * - The **template**: the paper's usual books (letter, name, number of pages), in print order.
 *   A new edition `from: "template"` gets those books and pages, empty.
 * - `from: { copy: "<date>" }` copies that edition's books and pages, NOT its placements: a
 *   new day has new stories.
 * - **No-edition days**: weekdays without a paper (Sunday by default) and specific dates
 *   (holidays, with an optional note). No edition can be planned on one; readers' "no paper
 *   on …" answers follow them.
 * - `revision` (digits, as a string) moves on every change to an edition, its pages or its
 *   placements; the template and the settings carry their own. Every write sends the
 *   `baseRevision` it started from and gets 409 `stale_revision` (nothing written) when
 *   another editor changed it since.
 * - A story is placed at most once per edition; a page has at most one lead (`isLead`).
 *
 * Endpoints (their entries in `api-endpoints.ts` come with the routes, because that table may
 * only name routes the API's router has; these are their names there):
 * - `printTemplate` GET /template, `savePrintTemplate` PUT /template
 * - `printSettings` GET /settings, `savePrintSettings` PUT /settings
 * - `printEditions` GET /editions?from=&to=, `planPrintEdition` POST /editions (201)
 * - `printEdition` GET /editions/:date
 * - `savePrintPage` PUT /editions/:date/pages/:label
 * - `savePrintBooks` PUT /editions/:date/books (this edition's books and page counts)
 * - `findPrintStories` GET /editions/:date/stories?q= (published or scheduled stories by words
 *   of their headline or slug, any day, with the page each is on in this edition)
 * - `publishPrintEdition` POST /editions/:date/publish
 *
 * Errors (`{ error: { code, message, field? } }`; `field` names the form field):
 * - 400 `invalid_request`: the body or query is not of the shape below.
 * - 404 `not_found`: no edition on that date, no such page in the edition's plan, or (plan
 *   by copy, `field: "from.copy"`) no edition on the copied date.
 * - 409 `stale_revision`: the edition / template / settings changed since `baseRevision`.
 * - 409 `edition_exists` (`field: "date"`): the date already has an edition.
 * - 422 `invalid_template` (`field`: `books`, `books.<i>.letter`, `books.<i>.name`,
 *   `books.<i>.pageCount`): no books, an empty name, 0 or more than `PRINT_PAGES_MAX` pages,
 *   a duplicate letter.
 * - 422 `invalid_settings` (`field`: `noEditionWeekdays`, `noEditionDates.<i>.date`,
 *   `noEditionDates.<i>.note`): every weekday off, a repeated date, a note too long.
 * - 422 `date_in_past` (`field: "date"`): before today in the publication's time zone.
 * - 422 `no_edition_day` (`field: "date"`): the message says which rule (the weekday, or the
 *   date and its note).
 * - 422 `invalid_placements` (`field: "placements.<i>.<name>"` or `placements`): an empty or
 *   too long print headline, two leads, the same story twice, an unknown story, a story not
 *   published (draft, submitted, unpublished), a scheduled story on a published edition
 *   ("… is not published yet"), or a story already on another page of the edition (the
 *   message names the story and that page).
 * - 422 `invalid_books` (`field`: as `invalid_template`, or `books.<i>.pageCount` / `books`
 *   naming a page that would be cut while stories are on it: the message names the page).
 * - 422 `not_ready` (`field`: the page label, or `placements`): publishing an edition with an
 *   empty page, no lead on A1, or a placed story not published by the publish time (the
 *   message says which).
 */

export * from "./print-desk-limits.ts";

export const RevisionSchema = z.string().regex(/^\d{1,12}$/);

export const EditionStatusSchema = z.enum(["planned", "published"]);
export type EditionStatus = z.infer<typeof EditionStatusSchema>;

export const weekdays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export const WeekdaySchema = z.enum(weekdays);
export type Weekday = z.infer<typeof WeekdaySchema>;

/** A book letter: one capital, `A` to `Z`. */
export const BookLetterSchema = z.string().regex(/^[A-Z]$/);
/** A page label: its book's letter and its number, `A1`. */
export const PageLabelSchema = z.string().regex(/^[A-Z][1-9]\d{0,1}$/);

// ---- The template ---------------------------------------------------------------------------

export const TemplateBookSchema = z.strictObject({
  letter: BookLetterSchema,
  /** Names and page counts are checked by the API with clear 422s, not by this shape. */
  name: z.string().max(2_000),
  pageCount: z.number().int(),
});
export type TemplateBook = z.infer<typeof TemplateBookSchema>;

/** `GET /template` and `PUT /template`'s answer. */
export const PrintTemplateAnswerSchema = z.object({
  template: z.object({
    /** In print order. */
    books: z.array(TemplateBookSchema),
    revision: RevisionSchema,
    updatedAt: InstantSchema.nullable(),
    updatedBy: PersonRefSchema.nullable(),
  }),
});
export type PrintTemplateAnswer = z.infer<typeof PrintTemplateAnswerSchema>;

export const SaveTemplateBodySchema = z.strictObject({
  baseRevision: RevisionSchema,
  books: z.array(TemplateBookSchema).max(PRINT_BOOKS_MAX),
});
export type SaveTemplateBody = z.infer<typeof SaveTemplateBodySchema>;

// ---- The settings: days without a paper -----------------------------------------------------

export const NoEditionDateSchema = z.strictObject({
  date: CalendarDateSchema,
  /** "Christmas Day"; null: no note. */
  note: z.string().max(2_000).nullable(),
});
export type NoEditionDate = z.infer<typeof NoEditionDateSchema>;

/** `GET /settings` and `PUT /settings`'s answer. */
export const PrintSettingsAnswerSchema = z.object({
  settings: z.object({
    noEditionWeekdays: z.array(WeekdaySchema),
    /** Oldest first. */
    noEditionDates: z.array(NoEditionDateSchema),
    /** The publication's time zone and publish hour ("05:00"), for the desk's words. */
    timeZone: z.string(),
    publishHour: z.string().regex(/^\d{2}:\d{2}$/),
    revision: RevisionSchema,
    updatedAt: InstantSchema.nullable(),
    updatedBy: PersonRefSchema.nullable(),
  }),
});
export type PrintSettingsAnswer = z.infer<typeof PrintSettingsAnswerSchema>;

export const SaveSettingsBodySchema = z.strictObject({
  baseRevision: RevisionSchema,
  noEditionWeekdays: z.array(WeekdaySchema).max(7),
  noEditionDates: z.array(NoEditionDateSchema).max(NO_EDITION_DATES_MAX),
});
export type SaveSettingsBody = z.infer<typeof SaveSettingsBodySchema>;

// ---- The editions ---------------------------------------------------------------------------

export const PrintEditionSummarySchema = z.object({
  date: CalendarDateSchema,
  status: EditionStatusSchema,
  /** When it is (or will be) out for readers: `publishAt`, or its date's publish hour. */
  publishesAt: InstantSchema,
  /** True when `publishAt` was set ("now"); false: the publish hour of its date. */
  publishAtSet: z.boolean(),
  pageCount: z.number().int().nonnegative(),
  placementCount: z.number().int().nonnegative(),
  revision: RevisionSchema,
});
export type PrintEditionSummary = z.infer<typeof PrintEditionSummarySchema>;

/** `GET /editions?from=&to=` (dates, both included; default: 30 days back to 14 ahead). */
export const PrintEditionsAnswerSchema = z.object({
  from: CalendarDateSchema,
  to: CalendarDateSchema,
  /** Newest first. */
  editions: z.array(PrintEditionSummarySchema),
});
export type PrintEditionsAnswer = z.infer<typeof PrintEditionsAnswerSchema>;
export type PrintEditionsQuery = { from?: string; to?: string };

export const PlanEditionBodySchema = z.strictObject({
  date: CalendarDateSchema,
  /** The template's books, or the books and pages (not the placements) of another edition. */
  from: z.union([z.literal("template"), z.strictObject({ copy: CalendarDateSchema })]),
});
export type PlanEditionBody = z.infer<typeof PlanEditionBodySchema>;

export const DeskPlacementSchema = z.object({
  articleId: StoryIdSchema,
  slug: SlugSchema,
  webHeadline: z.string(),
  printHeadline: z.string(),
  /** 1, 2, … in the page's order. */
  order: z.number().int().positive(),
  isLead: z.boolean(),
  /** The story's status now (a placed story can have been unpublished since). */
  status: StoryStatusSchema,
  publishedAt: InstantSchema.nullable(),
});
export type DeskPlacement = z.infer<typeof DeskPlacementSchema>;

export const DeskPageSchema = z.object({
  label: PageLabelSchema,
  number: z.number().int().positive(),
  placements: z.array(DeskPlacementSchema),
});
export type DeskPage = z.infer<typeof DeskPageSchema>;

export const DeskBookSchema = z.object({
  letter: BookLetterSchema,
  name: z.string(),
  pages: z.array(DeskPageSchema),
});
export type DeskBook = z.infer<typeof DeskBookSchema>;

/** A story of the edition's news day not placed in it. */
export const UnplacedStorySchema = z.object({
  articleId: StoryIdSchema,
  slug: SlugSchema,
  webHeadline: z.string(),
  section: z.object({ slug: SlugSchema, name: z.string() }),
  status: z.enum(["published", "scheduled"]),
  publishedAt: InstantSchema,
});
export type UnplacedStory = z.infer<typeof UnplacedStorySchema>;

/**
 * `GET /editions/:date`, `POST /editions` (201), `PUT /editions/:date/pages/:label` and
 * `POST /editions/:date/publish`: the desk's view of one edition.
 */
export const PrintEditionAnswerSchema = z.object({
  edition: z.object({
    date: CalendarDateSchema,
    status: EditionStatusSchema,
    publishesAt: InstantSchema,
    publishAtSet: z.boolean(),
    revision: RevisionSchema,
    updatedAt: InstantSchema.nullable(),
    /** In print order; pages in number order. */
    books: z.array(DeskBookSchema),
  }),
  /** The 24 hours ending at the edition's publish time: `[from, to)`. */
  newsDay: z.object({ from: InstantSchema, to: InstantSchema }),
  /** Newest first. */
  unplaced: z.array(UnplacedStorySchema),
  /** "05:00", the paper's local publish hour (for "publish at the publish hour"). */
  publishHour: z.string().regex(/^\d{2}:\d{2}$/),
  timeZone: z.string(),
});
export type PrintEditionAnswer = z.infer<typeof PrintEditionAnswerSchema>;

export const PagePlacementInputSchema = z.strictObject({
  articleId: StoryIdSchema,
  /** Checked by the API (1 to `PRINT_HEADLINE_MAX` characters, trimmed) with a clear 422. */
  printHeadline: z.string().max(2_000),
  isLead: z.boolean(),
});
export type PagePlacementInput = z.infer<typeof PagePlacementInputSchema>;

/** Replaces the page's placements; their order is the array's. An empty array clears it. */
export const SavePageBodySchema = z.strictObject({
  baseRevision: RevisionSchema,
  placements: z.array(PagePlacementInputSchema).max(PRINT_PLACEMENTS_PER_PAGE_MAX),
});
export type SavePageBody = z.infer<typeof SavePageBodySchema>;

/**
 * `now`: out for readers at once (`publishAt` = now). `scheduled`: out at the publish hour of
 * its date (`publishAt` NULL). A published edition can still be edited (a late change) and
 * published again to move its time.
 */
export const PublishEditionBodySchema = z.strictObject({
  baseRevision: RevisionSchema,
  when: z.enum(["now", "scheduled"]),
});
export type PublishEditionBody = z.infer<typeof PublishEditionBodySchema>;

/**
 * Replaces the edition's books and page counts (a thin day has fewer pages than the
 * template). Pages kept keep their stories; a page that would be cut must be empty first. The
 * checks are the template's (names, 1 to `PRINT_PAGES_MAX` pages, letters once).
 */
export const SaveBooksBodySchema = z.strictObject({
  baseRevision: RevisionSchema,
  books: z.array(TemplateBookSchema).max(PRINT_BOOKS_MAX),
});
export type SaveBooksBody = z.infer<typeof SaveBooksBodySchema>;

/** `GET /editions/:date/stories?q=`: words of a headline or a slug, 1 to 200 characters. */
export type PrintStoriesQuery = { q: string };

/** A story found for the desk: published (or scheduled), any day, newest first. */
export const FoundStorySchema = UnplacedStorySchema.extend({
  /** The page it is on in this edition (`"B1"`), or null: not placed. */
  placedOn: PageLabelSchema.nullable(),
});
export type FoundStory = z.infer<typeof FoundStorySchema>;

export const PrintStoriesAnswerSchema = z.object({
  q: z.string(),
  stories: z.array(FoundStorySchema),
});
export type PrintStoriesAnswer = z.infer<typeof PrintStoriesAnswerSchema>;
