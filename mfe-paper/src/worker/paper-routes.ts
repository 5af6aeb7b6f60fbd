import { z } from "zod";
import type { ApiClient, ApiResult } from "edge-api/client";
import { createApiClient } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import { calendarDateIn, parseCalendarDate } from "shell/fragment-kit/dates";
import type { LoadOutcome } from "shell/fragment-kit/server";
import type { CalendarView, EditionView, NoPageView, PaperView } from "../ui/paper-view.ts";
import { isPrintDeskRoute, loadPrintDeskRoute } from "../newsroom/worker/print-desk-routes.ts";
import { toCalendarView } from "./calendar-view.ts";
import { parseMonth } from "./edition-dates.ts";
import { editionHead, noEditionHead, noPageHead, printPageHead } from "./edition-head.ts";
import { toEditionView, toNoEditionView, toPrintPageView } from "./edition-view.ts";
import { PaperError } from "./fragment-errors.ts";
import { readPaperEnv, type PaperEnv } from "./fragment-env.ts";

/** Loaders of the paper's reader routes (today, an edition, a printed page): validate the request, load the edition, shape, answer. */

const TODAY_MAX_AGE = 60;
// A dated edition changes little, but its "next edition" link appears when tomorrow's is out.
const EDITION_MAX_AGE = 300;
// A date without an edition may get one (a future date becomes today).
const NO_EDITION_MAX_AGE = 60;

const EditionParamsSchema = z.object({ date: z.string() });
/** A printed page's label: its book's letter and its number (`A1`, `B12`), nothing else. */
const PageParamsSchema = z.object({
  date: z.string(),
  page: z.string().regex(/^[A-Z][1-9]\d{0,2}$/),
});
/** Unknown parameters are ignored; a malformed `date` or `month` is ignored too. */
const PaperSearchSchema = z.object({
  date: z.string().optional(),
  month: z.string().optional(),
});

export interface PaperClock {
  now(): Date;
}

const systemClock: PaperClock = { now: () => new Date() };

interface RouteContext {
  request: FragmentRequest;
  api: ApiClient;
  /** Today in the publication's time zone. */
  today: string;
  /** The publication's configured name (`PUBLICATION_NAME`). */
  publicationName: string;
  /** A valid `?month=YYYY-MM`, if the reader asked for another month of the calendar. */
  month: string | null;
  search: z.infer<typeof PaperSearchSchema>;
}

export async function loadPaperRoute(
  request: FragmentRequest,
  env: PaperEnv,
  clock: PaperClock = systemClock,
): Promise<LoadOutcome> {
  const { API, PUBLICATION_NAME, PUBLICATION_TIME_ZONE } = readPaperEnv(env);
  // The print desk's screens (paper.newsroom-print*; the remote's `./newsroom` module).
  if (isPrintDeskRoute(request.routeId)) {
    const settings = { publicationName: PUBLICATION_NAME, timeZone: PUBLICATION_TIME_ZONE };
    return loadPrintDeskRoute(request, API, settings, clock.now());
  }
  const search = PaperSearchSchema.parse(Object.fromEntries(new URLSearchParams(request.search)));
  const context: RouteContext = {
    request,
    api: createApiClient(API, request.requestId),
    today: calendarDateIn(clock.now(), PUBLICATION_TIME_ZONE),
    publicationName: PUBLICATION_NAME,
    month: search.month === undefined ? null : parseMonth(search.month),
    search,
  };
  switch (request.routeId) {
    case "paper.today":
      return loadToday(context);
    case "paper.edition":
      return loadEdition(context);
    case "paper.page":
      return loadPrintPage(context);
    default:
      throw new PaperError("unknown_route", request.routeId);
  }
}

async function loadToday(context: RouteContext): Promise<LoadOutcome> {
  // The "Go to date" form submits GET `paper.today` with ?date=YYYY-MM-DD.
  if (context.search.date !== undefined) {
    const parsed = parseCalendarDate(context.search.date);
    if (parsed.kind !== "invalid") {
      const location = hrefFor("paper.edition", { date: parsed.date });
      return { kind: "redirect", status: 302, location };
    }
  }
  // The API only serves editions whose publish hour has passed: before today's is out this
  // is the newest earlier one, and the page says which date it is.
  const result = await context.api.latestEdition(context.today);
  if (!result.ok) return missingOrFailure(result, "latest edition");
  const date = result.data.edition.date;
  const calendar = await loadCalendar(context, date, (month) =>
    hrefFor("paper.today", {}, { month }),
  );
  const mode = date === context.today ? "today" : "latest";
  const view = toEditionView(result.data, {
    mode,
    publicationName: context.publicationName,
    calendar,
  });
  return editionAnswer(context, view, TODAY_MAX_AGE);
}

/** The `date` parameter checked: a canonical date, a 301 to it, or not found. */
function editionDateOf(
  date: string,
  canonical: (date: string) => string,
): { date: string } | LoadOutcome {
  const parsed = parseCalendarDate(date);
  if (parsed.kind === "invalid") return { kind: "not-found" };
  if (parsed.kind === "non-canonical") {
    return { kind: "redirect", status: 301, location: canonical(parsed.date) };
  }
  return { date: parsed.date };
}

async function loadEdition(context: RouteContext): Promise<LoadOutcome> {
  const params = EditionParamsSchema.safeParse(context.request.params);
  if (!params.success) return { kind: "not-found" };
  const checked = editionDateOf(params.data.date, (date) => hrefFor("paper.edition", { date }));
  if (!("date" in checked)) return checked;
  const date = checked.date;
  const [result, calendar] = await Promise.all([
    context.api.edition(date),
    loadCalendar(context, date, (month) => hrefFor("paper.edition", { date }, { month })),
  ]);
  if (result.ok) {
    const view = toEditionView(result.data, {
      mode: "dated",
      publicationName: context.publicationName,
      calendar,
    });
    return editionAnswer(context, view, EDITION_MAX_AGE);
  }
  if (result.status !== 404) return missingOrFailure(result, `edition ${date}`);
  return noPaperAnswer(context, date, calendar);
}

/**
 * One printed page (issue 17): a malformed label is not found without asking the API, a real
 * edition without that page is a 404 page saying so, a date without a paper is the edition
 * route's "no paper" page.
 */
async function loadPrintPage(context: RouteContext): Promise<LoadOutcome> {
  const params = PageParamsSchema.safeParse(context.request.params);
  if (!params.success) return { kind: "not-found" };
  const label = params.data.page;
  const checked = editionDateOf(params.data.date, (date) =>
    hrefFor("paper.page", { date, page: label }),
  );
  if (!("date" in checked)) return checked;
  const date = checked.date;
  const result = await context.api.edition(date);
  if (!result.ok) {
    if (result.status !== 404) return missingOrFailure(result, `edition ${date}`);
    const calendar = await loadCalendar(context, date, (month) =>
      hrefFor("paper.page", { date, page: label }, { month }),
    );
    return noPaperAnswer(context, date, calendar);
  }
  const view = toPrintPageView(result.data, label, context.publicationName);
  if (!view) {
    const noPage: NoPageView = { view: "no-page", date, label };
    return {
      kind: "page",
      status: 404,
      head: noPageHead(noPage, context.publicationName),
      props: withLegacyDiscriminant(noPage),
      cache: { scope: "public", maxAge: NO_EDITION_MAX_AGE },
    };
  }
  return {
    kind: "page",
    head: printPageHead(view, context.request.origin),
    props: withLegacyDiscriminant(view),
    cache: { scope: "public", maxAge: EDITION_MAX_AGE },
  };
}

/** A real date without a paper: a page that says so, with a real 404 status. */
async function noPaperAnswer(
  context: RouteContext,
  date: string,
  calendar: CalendarView | null,
): Promise<LoadOutcome> {
  const nearest = await context.api.nearestEditions(date);
  if (!nearest.ok) return missingOrFailure(nearest, `nearest editions ${date}`);
  const view = toNoEditionView(nearest.data, calendar, context.today);
  return {
    kind: "page",
    status: 404,
    head: noEditionHead(view, context.publicationName),
    props: withLegacyDiscriminant(view),
    cache: { scope: "public", maxAge: NO_EDITION_MAX_AGE },
  };
}

/** The month the reader asked for, else the month of `date`; null if the API cannot say. */
async function loadCalendar(
  context: RouteContext,
  date: string,
  monthHref: (month: string) => string,
): Promise<CalendarView | null> {
  const result = await context.api.editionCalendar(context.month ?? date.slice(0, 7));
  if (!result.ok) {
    if (result.status >= 500) throw new PaperError("api_unavailable", `calendar: ${result.code}`);
    return null;
  }
  return toCalendarView(result.data, { today: context.today, selected: date, monthHref });
}

function editionAnswer(context: RouteContext, view: EditionView, maxAge: number): LoadOutcome {
  return {
    kind: "page",
    head: editionHead(view, context.request.origin),
    props: withLegacyDiscriminant(view),
    cache: { scope: "public", maxAge },
  };
}

function missingOrFailure(result: ApiResult<unknown> & { ok: false }, what: string): LoadOutcome {
  if (result.status === 404) return { kind: "not-found" };
  throw new PaperError("api_unavailable", `${what}: ${result.status} ${result.code}`);
}

/**
 * The props with `kind` beside `view`: the discriminant was `kind` before every fragment named
 * it `view` (issue 12). Builds from before then may still be kept or rolled back to and read
 * `kind` (decision 0006); drop it once none of them is kept.
 */
function withLegacyDiscriminant<View extends PaperView>(view: View): View & { kind: View["view"] } {
  return { ...view, kind: view.view };
}
