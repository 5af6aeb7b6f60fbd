import type { ApiFailure, ApiResult } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome, PageStatus } from "shell/fragment-kit/server";
import { PaperError } from "../../worker/fragment-errors.ts";
import type { PrintDeskView, PrintProblemView } from "../ui/print-desk-views.ts";
import type { PrintDeskApi } from "./print-desk-api.ts";

/**
 * What every print-desk route gets and answers. Newsroom pages are private to the person
 * (`private`, max-age 0) and never indexed; the shell adds `no-store` and `noindex` headers.
 */

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
  return {
    kind: "page",
    status,
    head: {
      title: `${title} | Newsroom | ${context.publicationName}`,
      description: "",
      canonicalPath: context.request.path,
      robots: "noindex, nofollow",
    },
    props: view,
    cache: { scope: "private", maxAge: 0 },
  };
}

/** After a form: see the address again (post/redirect/get). */
export function seeOther(location: string): LoadOutcome {
  return { kind: "redirect", status: 303, location };
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
 * (409 and 422 belong to the form that was sent): a second factor or a session that ended sends
 * the person to sign in and back here; 403 is the role's page.
 */
export function commonFailure(context: PrintDeskContext, failure: ApiFailure): LoadOutcome | null {
  const next = context.isPost
    ? context.request.path
    : `${context.request.path}${context.request.search}`;
  const status = context.isPost ? 303 : 302;
  if (failure.status === 401 && failure.code === "second_factor_required") {
    return {
      kind: "redirect",
      status,
      location: hrefFor("account.newsroom-sign-in", {}, { next }),
    };
  }
  if (failure.status === 401) {
    return { kind: "redirect", status, location: hrefFor("account.login", {}, { next }) };
  }
  if (failure.status === 403) return forbiddenPage(context);
  return null;
}

/** Thrown to leave a route early with an answer (a redirect, a 403 page). */
export class PrintDeskAnswer extends Error {
  constructor(readonly outcome: LoadOutcome) {
    super("print desk answer");
  }
}

/** The data of a read the page cannot do without; any failure leaves with its answer. */
export function need<T>(context: PrintDeskContext, result: ApiResult<T>, what: string): T {
  if (result.ok) return result.data;
  const answer = commonFailure(context, result);
  if (answer) throw new PrintDeskAnswer(answer);
  throw new PaperError(
    "api_unavailable",
    `edge-api ${what} failed: ${result.status} ${result.code}`,
  );
}

/** Runs a route, turning an early answer into its outcome. */
export async function answering(run: () => Promise<LoadOutcome>): Promise<LoadOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PrintDeskAnswer) return error.outcome;
    throw error;
  }
}
