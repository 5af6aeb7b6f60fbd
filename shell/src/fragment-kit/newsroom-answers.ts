import type { ApiFailure } from "edge-api/client";
import type { FragmentRequest } from "../contract/fragment-contract.ts";
import { hrefFor } from "../contract/site-addresses.ts";
import type { LoadOutcome, PageStatus } from "./fragment-server.tsx";

/**
 * Answers every fragment's newsroom screens give the same way (issue 13; the story desk in
 * mfe-content, the print desk in mfe-paper since issue 17). Newsroom pages are private to the
 * person (`private`, max-age 0) and never indexed; the shell adds `no-store` and `noindex`.
 */

export const NEWSROOM_ROBOTS = "noindex, nofollow";

/** A newsroom page: title "<title> | Newsroom | <publication>", private and noindex. */
export function newsroomPageOutcome(options: {
  request: FragmentRequest;
  publicationName: string;
  title: string;
  props: unknown;
  status?: PageStatus;
}): LoadOutcome {
  return {
    kind: "page",
    status: options.status ?? 200,
    head: {
      title: `${options.title} | Newsroom | ${options.publicationName}`,
      description: "",
      canonicalPath: options.request.path,
      robots: NEWSROOM_ROBOTS,
    },
    props: options.props,
    cache: { scope: "private", maxAge: 0 },
  };
}

/** After a form: see the address again (post/redirect/get). */
export function seeOther(location: string): LoadOutcome {
  return { kind: "redirect", status: 303, location };
}

/**
 * The API said the person must sign in again: `second_factor_required` sends them to the
 * newsroom's code, any other 401 to log in; both come back to this address (the path after a
 * form, 303; the path and query after a page, 302). Null for any other failure.
 */
export function signInAgain(
  request: FragmentRequest,
  failure: ApiFailure,
  isPost: boolean,
): LoadOutcome | null {
  if (failure.status !== 401) return null;
  const next = isPost ? request.path : `${request.path}${request.search}`;
  const status = isPost ? 303 : 302;
  const page =
    failure.code === "second_factor_required" ? "account.newsroom-sign-in" : "account.login";
  return { kind: "redirect", status, location: hrefFor(page, {}, { next }) };
}

/** Thrown to leave a route early with an answer (a redirect, a 403 page). */
export class NewsroomAnswer extends Error {
  constructor(readonly outcome: LoadOutcome) {
    super("newsroom answer");
  }
}

/** Runs a route, turning an early answer into its outcome. */
export async function answering(run: () => Promise<LoadOutcome>): Promise<LoadOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NewsroomAnswer) return error.outcome;
    throw error;
  }
}
