import type { ApiFailure, ApiResult } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import { NewsroomAnswer, newsroomPageOutcome, signInAgain } from "shell/fragment-kit/newsroom";
import type { LoadOutcome, PageStatus } from "shell/fragment-kit/server";
import { PaperError } from "../../worker/fragment-errors.ts";
import type { PrintDeskView, PrintProblemView } from "../ui/print-desk-views.ts";
import type { PrintDeskApi } from "./print-desk-api.ts";

/**
 * What every print-desk route gets and answers, on the fragment kit's newsroom answers
 * (`shell/fragment-kit/newsroom`: the page's head and cache, 303, signing in again).
 */

export { answering, seeOther } from "shell/fragment-kit/newsroom";

export interface PrintDeskContext {
  request: FragmentRequest;
  /** edge-api's print desk, on behalf of this person (their access token, address, browser). */
  desk: PrintDeskApi;
  publicationName: string;
  timeZone: string;
  query: URLSearchParams;
  /** The submitted fields; empty for a GET. */
  form: Readonly<Record<string, string>>;
  isPost: boolean;
  /** Today in the publication's time zone (`YYYY-MM-DD`). */
  today: string;
}

/** A print-desk page: title "<title> | Newsroom | <publication>", private and noindex. */
export function printDeskPage(
  context: PrintDeskContext,
  title: string,
  view: PrintDeskView,
  status: PageStatus = 200,
): LoadOutcome {
  const { request, publicationName } = context;
  return newsroomPageOutcome({ request, publicationName, title, props: view, status });
}

function problemPage(
  context: PrintDeskContext,
  kind: PrintProblemView["kind"],
  title: string,
  message: string,
  status: PageStatus,
): LoadOutcome {
  return printDeskPage(
    context,
    title,
    {
      view: "print-problem",
      publicationName: context.publicationName,
      kind,
      message,
      listHref: hrefFor("paper.newsroom-print"),
    },
    status,
  );
}

export function forbiddenPage(context: PrintDeskContext): LoadOutcome {
  return problemPage(
    context,
    "forbidden",
    "Not allowed",
    "The print desk is for editors and admins. Ask an editor if you think you need it.",
    403,
  );
}

export function noEditionPage(context: PrintDeskContext, date: string): LoadOutcome {
  return problemPage(
    context,
    "not-found",
    "Not found",
    `No edition is planned for ${date}. Plan it from the print desk.`,
    404,
  );
}

/**
 * The answers every route treats the same way, or null when the caller handles the failure
 * (409 and 422 belong to the form that was sent): signing in again (401), and 403 the role's
 * page.
 */
export function commonFailure(context: PrintDeskContext, failure: ApiFailure): LoadOutcome | null {
  const again = signInAgain(context.request, failure, context.isPost);
  if (again) return again;
  if (failure.status === 403) return forbiddenPage(context);
  return null;
}

/** The data of a read the page cannot do without; any failure leaves with its answer. */
export function need<T>(context: PrintDeskContext, result: ApiResult<T>, what: string): T {
  if (result.ok) return result.data;
  const answer = commonFailure(context, result);
  if (answer) throw new NewsroomAnswer(answer);
  throw new PaperError(
    "api_unavailable",
    `edge-api ${what} failed: ${result.status} ${result.code}`,
  );
}
