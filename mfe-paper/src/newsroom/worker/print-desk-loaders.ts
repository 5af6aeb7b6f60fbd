import type { ApiFailure } from "edge-api/client";
import { hrefFor } from "shell/contract/addresses";
import { formatLongCalendarDate, isCalendarDate } from "shell/fragment-kit/dates";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type {
  PlacementFormView,
  PlanFormView,
  PrintBookView,
  ProblemView,
  StorySearchView,
  TemplateBookView,
} from "../ui/print-desk-views.ts";
import { WEEKDAYS } from "../ui/print-desk-views.ts";
import { PRINT_BOOKS_MAX } from "edge-api/contract/print-desk-limits";
import type { DeskEdition, DeskSettings, DeskTemplate } from "./print-desk-api.ts";
import {
  commonFailure,
  need,
  noEditionPage,
  printDeskPage,
  seeOther,
  type PrintDeskContext,
} from "./print-desk-answers.ts";
import {
  readPageForm,
  readPlanForm,
  readPublishForm,
  readSettingsForm,
  readTemplateForm,
  type PageSaveRequest,
  type PlanRequest,
} from "./print-desk-forms.ts";

/**
 * The print desk's three screens: read, shape, answer; a form is read, sent to the API as the
 * person, and answered 303 (post/redirect/get), or shown again with its problems on its fields
 * (422), or, when someone else moved the edition on (409), with the edition as it is now and
 * what the editor sent kept in the form.
 */

type Loader = (context: PrintDeskContext) => Promise<LoadOutcome>;

const listHref = () => hrefFor("paper.newsroom-print");
const editionHref = (date: string) => hrefFor("paper.newsroom-print-edition", { date });

/**
 * Words for the API's refusals (edge-api/contract/print-desk), by code, shown on the field it
 * names when the API's answer carries no sentence of its own (its own names the page, the
 * story, the rule, so it is shown first).
 */
const codeMessages: Readonly<Record<string, string>> = {
  date_in_past: "This date is in the past. Plan an edition from today on.",
  no_edition_day:
    "There is no edition on this day (a weekday or a date without a paper in the print template).",
  edition_exists: "An edition is already planned for this date.",
  not_found: "There is no edition on this date to copy.",
  invalid_placements:
    "This placement was refused: a print headline has 1 to 120 characters, a page has one lead, and a story is placed once, published, on one page of the edition.",
  not_ready:
    "The edition is not ready: every page needs a story, A1 needs a lead, and every placed story must be published by the publish time.",
  invalid_template: "Check the books: each has a letter used once, a name, and from 1 to 48 pages.",
  invalid_books:
    "Check the books: each has a letter used once, a name, and from 1 to 48 pages; a page with stories cannot be cut.",
  invalid_settings:
    "Check the days without an edition: at least one weekday has a paper, a date is listed once, a note has at most 120 characters.",
};

/**
 * The page form's field an API problem names: `placements.2.printHeadline` (or any field of the
 * third placement) is `headline-2`, the row that holds it; anything else is the page's form.
 */
function pageFieldOf(failure: ApiFailure): string {
  const placement = /^placements\.(\d+)(?:\.|$)/.exec(failure.field ?? "");
  return placement ? `headline-${placement[1]}` : "form";
}

function refusal(field: string, failure: ApiFailure): ProblemView {
  return {
    field,
    message:
      failure.message ??
      codeMessages[failure.code] ??
      "This was refused. Check the field and try again.",
  };
}

// ── /newsroom/print ──────────────────────────────────────────────────────────

const plannedDone = (query: URLSearchParams) =>
  query.get("done") === "planned" ? "planned" : null;

async function editionsPage(
  context: PrintDeskContext,
  plan: Partial<PlanFormView> & { sent?: PlanRequest },
  status: 200 | 409 | 422 = 200,
): Promise<LoadOutcome> {
  const { editions } = need(context, await context.desk.editions(), "print editions");
  const newest = [...editions].sort((a, b) => b.date.localeCompare(a.date));
  return printDeskPage(
    context,
    "Print desk",
    {
      view: "print-editions",
      publicationName: context.publicationName,
      editions: newest.map((edition) => ({
        ...edition,
        dateLabel: formatLongCalendarDate(edition.date),
        href: editionHref(edition.date),
      })),
      plan: {
        action: listHref(),
        date: plan.sent?.date ?? plan.date ?? "",
        source: plan.sent?.source ?? plan.source ?? "template",
        copyFrom: plan.sent?.copyFrom ?? newest[0]?.date ?? "",
        copyChoices: newest.map((edition) => ({
          date: edition.date,
          dateLabel: formatLongCalendarDate(edition.date),
        })),
        problems: plan.problems ?? [],
        existingHref: plan.existingHref ?? null,
      },
      templateHref: hrefFor("paper.newsroom-print-template"),
      done: plannedDone(context.query),
    },
    status,
  );
}

const loadEditions: Loader = async (context) => {
  if (!context.isPost) return editionsPage(context, {});
  const read = readPlanForm(context.form, context.today);
  const typed = {
    date: context.form.date ?? "",
    source: context.form.source === "copy" ? ("copy" as const) : ("template" as const),
  };
  if (!read.ok) return editionsPage(context, { ...typed, problems: read.problems }, 422);
  const result = await context.desk.plan(read.value);
  if (result.ok)
    return seeOther(
      hrefFor("paper.newsroom-print-edition", { date: read.value.date }, { done: "planned" }),
    );
  const common = commonFailure(context, result);
  if (common) return common;
  if (result.status === 409) {
    return editionsPage(
      context,
      {
        sent: read.value,
        problems: [{ field: "date", message: codeMessages.edition_exists ?? "" }],
        existingHref: editionHref(read.value.date),
      },
      409,
    );
  }
  // 404 `not_found` (`from.copy`): no edition on the date to copy.
  if (result.status === 422 || result.status === 400 || result.status === 404) {
    const field = result.status === 404 || result.field === "from.copy" ? "copyFrom" : "date";
    return editionsPage(context, { sent: read.value, problems: [refusal(field, result)] }, 422);
  }
  return need(context, result, "plan an edition") as never;
};

// ── /newsroom/print/:date ────────────────────────────────────────────────────

interface RefusedPage {
  label: string;
  problems: readonly ProblemView[];
  sent: readonly PlacementFormView[];
}

const editionDoneWords = ["planned", "page-saved", "books-saved", "published", "scheduled"];
const editionDone = (query: URLSearchParams) => {
  const done = query.get("done") ?? "";
  return editionDoneWords.includes(done) ? done : null;
};

/**
 * The desk's address after a write: its notice, the page saved (whose form says so), the
 * editor's search kept, and the anchor of the part saved.
 */
function deskAfter(
  date: string,
  done: string,
  options: { search?: string; page?: string; anchor: string },
): string {
  const query: Record<string, string> = { done };
  if (options.page) query.page = options.page;
  if (options.search) query.q = options.search;
  return `${hrefFor("paper.newsroom-print-edition", { date }, query)}${options.anchor}`;
}

/** The page a `done=page-saved` names, when it is a page label. */
const savedPageOf = (query: URLSearchParams) => {
  const page = query.get("page") ?? "";
  return /^[A-Z][1-9]\d{0,2}$/.test(page) ? page : null;
};

/** The words the editor searched for: the address's `q`, or the form's on a post. */
function searchWords(context: PrintDeskContext): string | null {
  const words = context.isPost ? context.form.q : context.query.get("q");
  return words === undefined || words === null ? null : words.trim().slice(0, 200);
}

async function storySearch(
  context: PrintDeskContext,
  date: string,
): Promise<StorySearchView | null> {
  const q = searchWords(context);
  if (q === null) return null;
  if (q === "") return { q, found: [], problem: "Type words of a headline or a story's slug." };
  const result = await context.desk.findStories(date, q);
  if (!result.ok && result.status === 400) {
    return { q, found: [], problem: refusal("q", result).message };
  }
  return { q, found: need(context, result, "find stories").stories, problem: null };
}

/** The edition's books as the books form's rows, then spare rows to add a book. */
function bookRows(edition: DeskEdition): TemplateBookView[] {
  return [
    ...edition.books.map((book) => ({
      letter: book.letter,
      name: book.name,
      pageCount: String(book.pages.length),
    })),
    ...Array.from({ length: SPARE_BOOK_ROWS }, emptyRow),
  ];
}

interface RefusedBooks {
  problems: readonly ProblemView[];
  conflict: boolean;
}

function booksView(edition: DeskEdition, refused: RefusedPage | null): PrintBookView[] {
  return edition.books.map((book) => ({
    letter: book.letter,
    name: book.name,
    pages: book.pages.map((page) => ({
      label: page.label,
      placements: [...page.placements].sort((a, b) => a.order - b.order),
      problems: refused?.label === page.label ? refused.problems : [],
      sent: refused?.label === page.label ? refused.sent : null,
    })),
  }));
}

async function editionDesk(
  context: PrintDeskContext,
  date: string,
  options: {
    refused?: RefusedPage;
    refusedBooks?: RefusedBooks;
    conflict?: boolean;
    problems?: readonly ProblemView[];
    status?: 200 | 409 | 422;
  } = {},
): Promise<LoadOutcome> {
  const result = await context.desk.edition(date);
  if (!result.ok && result.status === 404)
    return noEditionPage(context, formatLongCalendarDate(date));
  const { edition, unplaced, publishHour } = need(context, result, "print edition");
  const search = await storySearch(context, date);
  const refusedBooks = options.refusedBooks;
  return printDeskPage(
    context,
    `Edition of ${formatLongCalendarDate(date)}`,
    {
      view: "print-edition",
      publicationName: context.publicationName,
      date,
      dateLabel: formatLongCalendarDate(date),
      status: edition.status,
      action: editionHref(date),
      listHref: listHref(),
      baseRevision: edition.revision,
      books: booksView(edition, options.refused ?? null),
      unplaced,
      search,
      booksForm: {
        baseRevision: edition.revision,
        books: refusedBooks ? typedBooks(context.form) : bookRows(edition),
        problems: refusedBooks?.problems ?? [],
        conflict: refusedBooks?.conflict ?? false,
      },
      conflict: options.conflict ?? false,
      problems: options.problems ?? [],
      publishHour,
      done: editionDone(context.query),
      savedPage: savedPageOf(context.query),
    },
    options.status ?? 200,
  );
}

/** The web headlines of the edition's placed stories, to show beside what the editor sent. */
async function webHeadlines(context: PrintDeskContext, date: string): Promise<Map<string, string>> {
  const result = await context.desk.edition(date);
  const headlines = new Map<string, string>();
  if (!result.ok) return headlines;
  for (const book of result.data.edition.books) {
    for (const page of book.pages) {
      for (const placement of page.placements)
        headlines.set(placement.storyId, placement.webHeadline);
    }
  }
  for (const story of result.data.unplaced) headlines.set(story.id, story.headline);
  // A story added from the editor's search: the form carries the words, so search again.
  const words = searchWords(context);
  if (words) {
    const found = await context.desk.findStories(date, words);
    if (found.ok) for (const story of found.data.stories) headlines.set(story.id, story.headline);
  }
  return headlines;
}

async function savePage(context: PrintDeskContext, date: string): Promise<LoadOutcome> {
  const read = readPageForm(context.form, await webHeadlines(context, date));
  const label = context.form.page ?? "";
  if (!read.ok) {
    return editionDesk(context, date, {
      refused: { label, problems: read.problems, sent: read.sent ?? [] },
      status: 422,
    });
  }
  const request: PageSaveRequest = read.value;
  const result = await context.desk.savePage(date, request);
  if (result.ok) {
    return seeOther(
      deskAfter(date, "page-saved", {
        search: searchWords(context) ?? "",
        page: request.page,
        anchor: `#page-${request.page}`,
      }),
    );
  }
  const common = commonFailure(context, result);
  if (common) return common;
  if (result.status === 409) {
    return editionDesk(context, date, {
      refused: { label, problems: [], sent: request.placements },
      conflict: true,
      status: 409,
    });
  }
  if (result.status === 422 || result.status === 400 || result.status === 404) {
    const problem =
      result.status === 404
        ? { field: "form", message: "This page does not exist in the edition's plan." }
        : refusal(pageFieldOf(result), result);
    return editionDesk(context, date, {
      refused: { label, problems: [problem], sent: request.placements },
      status: 422,
    });
  }
  return need(context, result, "save a print page") as never;
}

async function publish(context: PrintDeskContext, date: string): Promise<LoadOutcome> {
  const request = readPublishForm(context.form);
  const result = await context.desk.publish(date, request);
  if (result.ok) {
    const done = request.when === "now" ? "published" : "scheduled";
    return seeOther(hrefFor("paper.newsroom-print-edition", { date }, { done }));
  }
  const common = commonFailure(context, result);
  if (common) return common;
  if (result.status === 409) return editionDesk(context, date, { conflict: true, status: 409 });
  if (result.status === 422 || result.status === 400) {
    return editionDesk(context, date, { problems: [refusal("form", result)], status: 422 });
  }
  return need(context, result, "publish an edition") as never;
}

async function saveBooks(context: PrintDeskContext, date: string): Promise<LoadOutcome> {
  const refuse = (problems: readonly ProblemView[], status: 409 | 422 = 422) =>
    editionDesk(context, date, {
      refusedBooks: { problems, conflict: status === 409 },
      status,
    });
  const read = readTemplateForm(context.form);
  if (!read.ok) return refuse(read.problems);
  const result = await context.desk.saveBooks(date, read.value);
  if (result.ok) return seeOther(deskAfter(date, "books-saved", { anchor: "#p-pd-books-title" }));
  const common = commonFailure(context, result);
  if (common) return common;
  if (result.status === 409) return refuse([], 409);
  if (result.status === 422 || result.status === 400) {
    return refuse([refusal(bookFieldOf(result, read.value.rows), result)]);
  }
  if (result.status === 404) return noEditionPage(context, formatLongCalendarDate(date));
  return need(context, result, "save an edition's books") as never;
}

const loadEdition: Loader = async (context) => {
  const date = context.request.params.date ?? "";
  if (!isCalendarDate(date)) return { kind: "not-found" };
  if (!context.isPost) return editionDesk(context, date);
  if (context.form.intent === "publish") return publish(context, date);
  if (context.form.intent === "save-books") return saveBooks(context, date);
  return savePage(context, date);
};

// ── /newsroom/print/template ─────────────────────────────────────────────────

/** Two empty rows beyond the books, to add one without JavaScript. */
const SPARE_BOOK_ROWS = 2;

const emptyRow = (): TemplateBookView => ({ letter: "", name: "", pageCount: "" });

/** The rows as the editor typed them (kept on a refusal), and the spare rows again. */
function typedBooks(form: Readonly<Record<string, string>>): TemplateBookView[] {
  const count = Math.min(Number(form.books ?? "0") || 0, PRINT_BOOKS_MAX + SPARE_BOOK_ROWS);
  return Array.from({ length: count }, (_, index) => ({
    letter: form[`book-${index}-letter`] ?? "",
    name: form[`book-${index}-name`] ?? "",
    pageCount: form[`book-${index}-pages`] ?? "",
  }));
}

const datesText = (dates: DeskSettings["noEditionDates"]) =>
  dates.map(({ date, note }) => (note ? `${date} ${note}` : date)).join("\n");

/** The form a refusal belongs to, with its problems and whether it was a 409. */
interface TemplateRefusal {
  form: "template" | "settings";
  problems: readonly ProblemView[];
  conflict: boolean;
  status: 409 | 422;
}

async function templatePage(
  context: PrintDeskContext,
  refused: TemplateRefusal | null = null,
): Promise<LoadOutcome> {
  const template: DeskTemplate = need(context, await context.desk.template(), "print template");
  const settings: DeskSettings = need(context, await context.desk.settings(), "print settings");
  // The refused form keeps what the editor sent; the other shows what is saved.
  const sentTemplate = refused?.form === "template";
  const sentSettings = refused?.form === "settings";
  const done = context.query.get("done");
  return printDeskPage(
    context,
    "Print template",
    {
      view: "print-template",
      publicationName: context.publicationName,
      action: hrefFor("paper.newsroom-print-template"),
      listHref: listHref(),
      publishHour: settings.publishHour,
      template: {
        baseRevision: template.revision,
        books: sentTemplate
          ? typedBooks(context.form)
          : [
              ...template.books.map((book) => ({ ...book, pageCount: String(book.pageCount) })),
              ...Array.from({ length: SPARE_BOOK_ROWS }, emptyRow),
            ],
        problems: sentTemplate ? refused.problems : [],
        conflict: sentTemplate && refused.conflict,
      },
      days: {
        baseRevision: settings.revision,
        weekdays: sentSettings
          ? WEEKDAYS.filter((day) => Boolean(context.form[`no-edition-${day}`]))
          : settings.noEditionWeekdays,
        dates: sentSettings
          ? (context.form.noEditionDates ?? "")
          : datesText(settings.noEditionDates),
        problems: sentSettings ? refused.problems : [],
        conflict: sentSettings && refused.conflict,
      },
      done: done === "template" || done === "settings" ? done : null,
    },
    refused?.status ?? 200,
  );
}

/** The template form's field an API problem names: `books.2.pageCount` is that book's row. */
function bookFieldOf(failure: ApiFailure, rows: readonly number[]): string {
  const named = /^books\.(\d+)\.(letter|name|pageCount)$/.exec(failure.field ?? "");
  if (!named) return "form";
  const row = rows[Number(named[1])];
  if (row === undefined) return "form";
  return `book-${row}-${named[2] === "pageCount" ? "pages" : (named[2] ?? "")}`;
}

/** The settings form's field: a date's problem is on the dates, any other on the form. */
const daysFieldOf = (failure: ApiFailure): string =>
  (failure.field ?? "").startsWith("noEditionDates") ? "noEditionDates" : "form";

const loadTemplate: Loader = async (context) => {
  if (!context.isPost) return templatePage(context);
  const isSettings = context.form.intent === "save-settings";
  const form = isSettings ? ("settings" as const) : ("template" as const);
  const refuse = (problems: readonly ProblemView[], status: 409 | 422 = 422) =>
    templatePage(context, { form, problems, conflict: status === 409, status });
  let result;
  let fieldOf: (failure: ApiFailure) => string;
  if (isSettings) {
    const read = readSettingsForm(context.form);
    if (!read.ok) return refuse(read.problems);
    result = await context.desk.saveSettings(read.value);
    fieldOf = daysFieldOf;
  } else {
    const read = readTemplateForm(context.form);
    if (!read.ok) return refuse(read.problems);
    result = await context.desk.saveTemplate(read.value);
    fieldOf = (failure) => bookFieldOf(failure, read.value.rows);
  }
  if (result.ok) return seeOther(hrefFor("paper.newsroom-print-template", {}, { done: form }));
  const common = commonFailure(context, result);
  if (common) return common;
  if (result.status === 409) return refuse([], 409);
  if (result.status === 422 || result.status === 400) {
    return refuse([refusal(fieldOf(result), result)]);
  }
  return need(context, result, `save the print ${form}`) as never;
};

export const printDeskLoaders: Readonly<Record<string, Loader>> = {
  "paper.newsroom-print": loadEditions,
  "paper.newsroom-print-edition": loadEdition,
  "paper.newsroom-print-template": loadTemplate,
};
