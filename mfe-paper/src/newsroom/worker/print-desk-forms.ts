import { isCalendarDate } from "shell/fragment-kit/dates";
import {
  NO_EDITION_NOTE_MAX,
  PRINT_BOOK_NAME_MAX,
  PRINT_BOOKS_MAX,
  PRINT_HEADLINE_MAX,
  PRINT_PAGES_MAX,
} from "edge-api/contract/print-desk-limits";
import type { PlacementFormView, ProblemView } from "../ui/print-desk-views.ts";
import { WEEKDAYS, type Weekday } from "../ui/print-desk-views.ts";

/**
 * Reading the print desk's plain forms into what the API is asked to do. Each reader checks what
 * the page itself can know (a date's form, a headline's length, an order that is a number) and
 * answers problems on the fields the screen shows, so the API is asked only about what it alone
 * knows (a no-edition day, a story placed twice, a stale revision).
 */

export type FormRead<T> = { ok: true; value: T } | { ok: false; problems: ProblemView[] };

const problem = (field: string, message: string): { ok: false; problems: ProblemView[] } => ({
  ok: false,
  problems: [{ field, message }],
});

export interface PlanRequest {
  date: string;
  source: "template" | "copy";
  copyFrom: string | null;
}

/** "Plan an edition": a real date from today on, from the template or a previous edition. */
export function readPlanForm(
  form: Readonly<Record<string, string>>,
  today: string,
): FormRead<PlanRequest> {
  const date = (form.date ?? "").trim();
  if (date === "") return problem("date", "Enter the date of the edition.");
  if (!isCalendarDate(date)) return problem("date", "Enter a real date, written YYYY-MM-DD.");
  if (date < today)
    return problem("date", "This date is in the past. Plan an edition from today on.");
  if (form.source === "copy") {
    const copyFrom = (form.copyFrom ?? "").trim();
    if (!isCalendarDate(copyFrom)) return problem("copyFrom", "Choose the edition to copy.");
    return { ok: true, value: { date, source: "copy", copyFrom } };
  }
  return { ok: true, value: { date, source: "template", copyFrom: null } };
}

export interface PageSaveRequest {
  page: string;
  baseRevision: string;
  /**
   * The page's placements in order (the API replaces the page with them). A story added from
   * the day's list is the last, its print headline starting as its web headline.
   */
  placements: PlacementFormView[];
}

const MAX_PLACEMENTS = 60;
const PAGE_LABEL = /^[A-Z][1-9][0-9]{0,2}$/;

/**
 * One page's form: its placements in the order the editor asked for (the order fields, or an
 * up/down button's `move`), removed ones left out. `webHeadline`s come from `headlines` (the
 * page as the API has it); a story not on it keeps its print headline as its name.
 */
export function readPageForm(
  form: Readonly<Record<string, string>>,
  webHeadlines: ReadonlyMap<string, string>,
): FormRead<PageSaveRequest> & { sent?: PlacementFormView[] } {
  const page = form.page ?? "";
  if (!PAGE_LABEL.test(page)) return problem("form", "This page does not exist in the plan.");
  const count = Number(form.placements ?? "0");
  if (!Number.isInteger(count) || count < 0 || count > MAX_PLACEMENTS) {
    return problem("form", "The form was not complete. Open the page again and try once more.");
  }
  const rows: PlacementFormView[] = [];
  const problems: ProblemView[] = [];
  for (let index = 0; index < count; index++) {
    const storyId = form[`story-${index}`] ?? "";
    if (storyId === "") continue;
    const printHeadline = (form[`headline-${index}`] ?? "").trim();
    const order = Number(form[`order-${index}`] ?? index + 1);
    const row = {
      storyId,
      webHeadline: webHeadlines.get(storyId) ?? printHeadline,
      printHeadline,
      order: Number.isFinite(order) ? order : index + 1,
      lead: form.lead === storyId,
    };
    if (form[`remove-${index}`]) continue;
    if (printHeadline === "") {
      problems.push({ field: `headline-${rows.length}`, message: "Enter a print headline." });
    } else if (printHeadline.length > PRINT_HEADLINE_MAX) {
      problems.push({
        field: `headline-${rows.length}`,
        message: `A print headline has at most ${PRINT_HEADLINE_MAX} characters; this one has ${printHeadline.length}.`,
      });
    }
    rows.push(row);
  }
  // The order fields decide, ties kept as they were; then a button moves one place.
  const ordered = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.order - b.row.order || a.index - b.index)
    .map(({ row }) => row);
  const move = /^(up|down):(\d+)$/.exec(form.move ?? "");
  if (move) {
    const from = Number(move[2]);
    const to = move[1] === "up" ? from - 1 : from + 1;
    const [a, b] = [ordered[from], ordered[to]];
    if (a && b) [ordered[from], ordered[to]] = [b, a];
  }
  const addId = (form["add-story"] ?? "").trim();
  if (addId !== "") {
    const webHeadline = webHeadlines.get(addId) ?? "";
    ordered.push({
      storyId: addId,
      webHeadline,
      printHeadline: startingPrintHeadline(webHeadline),
      order: ordered.length + 1,
      lead: false,
    });
  }
  const placements = ordered.map((row, index) => ({ ...row, order: index + 1 }));
  if (problems.length > 0) return { ok: false, problems, sent: placements };
  return { ok: true, value: { page, baseRevision: form.baseRevision ?? "", placements } };
}

/**
 * A placed story's first print headline: its web headline, cut at a word to fit the print
 * limit when it is longer (the editor shortens it on the page anyway).
 */
export function startingPrintHeadline(webHeadline: string): string {
  const headline = webHeadline.trim();
  if (headline.length <= PRINT_HEADLINE_MAX) return headline;
  const cut = headline.slice(0, PRINT_HEADLINE_MAX + 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, PRINT_HEADLINE_MAX)).trimEnd();
}

export interface PublishRequest {
  baseRevision: string;
  /** `scheduled`: out at the publish hour of its date; `now`: out at once. */
  when: "scheduled" | "now";
}

export function readPublishForm(form: Readonly<Record<string, string>>): PublishRequest {
  return {
    baseRevision: form.baseRevision ?? "",
    when: form.when === "now" ? "now" : "scheduled",
  };
}

export interface TemplateBook {
  letter: string;
  name: string;
  pageCount: number;
}

export interface TemplateRequest {
  baseRevision: string;
  books: TemplateBook[];
  /** The form row of each book (empty rows are dropped), to put the API's `books.<i>` back. */
  rows: number[];
}

/** The rows the form sends at most (the books and a few empty ones). */
const MAX_BOOK_ROWS = PRINT_BOOKS_MAX + 4;

/** The usual books: each row a book, an empty row dropped. */
export function readTemplateForm(
  form: Readonly<Record<string, string>>,
): FormRead<TemplateRequest> {
  const count = Math.min(Number(form.books ?? "0") || 0, MAX_BOOK_ROWS);
  const problems: ProblemView[] = [];
  const books: TemplateBook[] = [];
  const rows: number[] = [];
  for (let index = 0; index < count; index++) {
    const letter = (form[`book-${index}-letter`] ?? "").trim().toUpperCase();
    const name = (form[`book-${index}-name`] ?? "").trim();
    const pages = (form[`book-${index}-pages`] ?? "").trim();
    if (letter === "" && name === "" && pages === "") continue;
    if (!/^[A-Z]$/.test(letter)) {
      problems.push({
        field: `book-${index}-letter`,
        message: "A book's letter is one letter, A to Z.",
      });
    } else if (books.some((book) => book.letter === letter)) {
      problems.push({
        field: `book-${index}-letter`,
        message: `Book ${letter} is already in the template.`,
      });
    }
    if (name === "") problems.push({ field: `book-${index}-name`, message: "Name the book." });
    else if (name.length > PRINT_BOOK_NAME_MAX) {
      problems.push({
        field: `book-${index}-name`,
        message: `A book's name has at most ${PRINT_BOOK_NAME_MAX} characters.`,
      });
    }
    const pageCount = Number(pages);
    if (!Number.isInteger(pageCount) || pageCount < 1 || pageCount > PRINT_PAGES_MAX) {
      problems.push({
        field: `book-${index}-pages`,
        message: `A book has from 1 to ${PRINT_PAGES_MAX} pages.`,
      });
    }
    books.push({ letter, name, pageCount });
    rows.push(index);
  }
  if (books.length === 0 && problems.length === 0) {
    problems.push({ field: "form", message: "The paper needs at least one book." });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { baseRevision: form.baseRevision ?? "", books, rows } };
}

export interface SettingsRequest {
  baseRevision: string;
  noEditionWeekdays: Weekday[];
  /** Oldest first. */
  noEditionDates: { date: string; note: string | null }[];
}

/**
 * The days without an edition: the ticked weekdays (`no-edition-<weekday>`; each its own field,
 * since the shell keeps one value a field) and one date a line with an optional note.
 */
export function readSettingsForm(
  form: Readonly<Record<string, string>>,
): FormRead<SettingsRequest> {
  const noEditionWeekdays = WEEKDAYS.filter((day) => Boolean(form[`no-edition-${day}`]));
  if (noEditionWeekdays.length === WEEKDAYS.length) {
    return problem("form", "The paper needs at least one weekday with an edition.");
  }
  const byDate = new Map<string, string | null>();
  for (const line of (form.noEditionDates ?? "").split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    const [date = "", ...words] = trimmed.split(/\s+/);
    if (!isCalendarDate(date)) {
      return problem(
        "noEditionDates",
        `"${trimmed}" does not start with a date written YYYY-MM-DD.`,
      );
    }
    const note = words.join(" ");
    if (note.length > NO_EDITION_NOTE_MAX) {
      return problem(
        "noEditionDates",
        `The note for ${date} has ${note.length} characters; a note has at most ${NO_EDITION_NOTE_MAX}.`,
      );
    }
    if (byDate.has(date)) return problem("noEditionDates", `${date} is listed twice.`);
    byDate.set(date, note === "" ? null : note);
  }
  const noEditionDates = [...byDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, note]) => ({ date, note }));
  return {
    ok: true,
    value: { baseRevision: form.baseRevision ?? "", noEditionWeekdays, noEditionDates },
  };
}
