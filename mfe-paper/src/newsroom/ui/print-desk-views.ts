/**
 * The print desk's screens' props (issue 17). Plain data the Worker shapes from the API's
 * answers; the browser's `./newsroom` module renders the same. Field names are the forms'
 * input names, so a problem the Worker puts on `date` is shown next to the date field.
 */

/** A problem on one field of a form (`form` for the whole form). */
export interface ProblemView {
  field: string;
  message: string;
}

export interface PrintEditionSummary {
  date: string;
  /** "Wednesday 25 November 2026". */
  dateLabel: string;
  status: "planned" | "published";
  href: string;
  pageCount: number;
  placementCount: number;
}

export interface PlanFormView {
  action: string;
  date: string;
  /** `template`: the desk's usual books; `copy`: the books and pages of `copyFrom`. */
  source: "template" | "copy";
  copyFrom: string;
  /** Editions that can be copied, newest first. */
  copyChoices: readonly { date: string; dateLabel: string }[];
  problems: readonly ProblemView[];
  /** A 409 "already exists": the edition's desk, to link to from the date's problem. */
  existingHref: string | null;
}

export interface PrintEditionsView {
  view: "print-editions";
  publicationName: string;
  editions: readonly PrintEditionSummary[];
  plan: PlanFormView;
  templateHref: string;
  /** What was just done (`planned`), for the notice. */
  done: string | null;
}

/** A published (or scheduled) story the desk can place. */
export interface StoryChoice {
  id: string;
  headline: string;
}

/** A story the desk's search found: placed on a page of this edition (`"B1"`) or not (null). */
export interface FoundStory extends StoryChoice {
  placedOn: string | null;
}

/** The desk's "find a story" search, when the editor ran one (`?q=`). */
export interface StorySearchView {
  q: string;
  found: readonly FoundStory[];
  /** Why the search could not run (empty words), or null. */
  problem: string | null;
}

export interface PlacementFormView {
  storyId: string;
  webHeadline: string;
  printHeadline: string;
  order: number;
  lead: boolean;
}

export interface PrintPageFormView {
  /** `A1`. */
  label: string;
  placements: readonly PlacementFormView[];
  problems: readonly ProblemView[];
  /** What the editor sent when the page was refused (409 or 422), kept so nothing is lost. */
  sent: readonly PlacementFormView[] | null;
}

export interface PrintBookView {
  letter: string;
  name: string;
  pages: readonly PrintPageFormView[];
}

export interface PrintEditionDeskView {
  view: "print-edition";
  publicationName: string;
  date: string;
  dateLabel: string;
  status: "planned" | "published";
  action: string;
  listHref: string;
  /** The revision of the edition the forms were made from (409 when someone moved on). */
  baseRevision: string;
  books: readonly PrintBookView[];
  /** The day's published stories not placed anywhere in the edition. */
  unplaced: readonly StoryChoice[];
  /** The editor's search for a story of any day, or null. */
  search: StorySearchView | null;
  /** This edition's books and page counts, then spare rows (its own form). */
  booksForm: TemplateFormView;
  /** The page whose form was refused, and why (a 409 says so at the top too). */
  conflict: boolean;
  problems: readonly ProblemView[];
  /** "05:00", the paper's publish hour, for the publish form. */
  publishHour: string;
  done: string | null;
  /** The page just saved (`done=page-saved`), whose form says so. */
  savedPage: string | null;
}

export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TemplateBookView {
  letter: string;
  name: string;
  pageCount: string;
}

/** The usual books: the template's own form, with its own revision. */
export interface TemplateFormView {
  baseRevision: string;
  /** The books, then empty rows to add one. */
  books: readonly TemplateBookView[];
  problems: readonly ProblemView[];
  conflict: boolean;
}

/** The days without an edition: the settings' form, with their own revision. */
export interface NoEditionDaysFormView {
  baseRevision: string;
  weekdays: readonly Weekday[];
  /** One date a line, `YYYY-MM-DD`, then its note if any ("2026-12-25 Christmas Day"). */
  dates: string;
  problems: readonly ProblemView[];
  conflict: boolean;
}

export interface PrintTemplateView {
  view: "print-template";
  publicationName: string;
  action: string;
  listHref: string;
  /** "05:00", the paper's publish hour. */
  publishHour: string;
  template: TemplateFormView;
  days: NoEditionDaysFormView;
  /** `template` or `settings`: which form was just saved. */
  done: string | null;
}

export interface PrintProblemView {
  view: "print-problem";
  publicationName: string;
  kind: "forbidden" | "not-found";
  message: string;
  listHref: string;
}

export type PrintDeskView =
  PrintEditionsView | PrintEditionDeskView | PrintTemplateView | PrintProblemView;

export type PrintDeskViewName = PrintDeskView["view"];

const viewNames: readonly string[] = [
  "print-editions",
  "print-edition",
  "print-template",
  "print-problem",
] satisfies readonly PrintDeskViewName[];

/** Props that came from the Worker (or the navigation JSON) and name one of the views. */
export function isPrintDeskView(props: unknown): props is PrintDeskView {
  if (typeof props !== "object" || props === null || !("view" in props)) return false;
  return typeof props.view === "string" && viewNames.includes(props.view);
}
