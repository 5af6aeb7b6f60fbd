import type { ApiFailure } from "edge-api/client";
import type { FragmentHead, FragmentRequest, SessionChange } from "shell/contract";
import { hrefFor, type PageRouteId } from "shell/contract/addresses";
import type { LoadOutcome } from "shell/fragment-kit/server";
import { CLEAR_SESSION, PRIVATE_NO_STORE, type Failure } from "../../worker/account-answers.ts";
import type { AccountContext } from "../../worker/account-context.ts";
import type { NewsroomScreen, NewsroomView } from "../ui/newsroom-view.ts";

/** How the newsroom screens answer: pages with their head, the door, and the API's refusals. */

type NewsroomRouteId = Extract<PageRouteId, `account.newsroom-${string}`>;

const screens: Record<
  NewsroomScreen,
  { route: NewsroomRouteId; title: string; description: (name: string) => string }
> = {
  "newsroom-sign-in": {
    route: "account.newsroom-sign-in",
    title: "Two-step verification",
    description: (name) => `Enter your verification code to open the newsroom of ${name}.`,
  },
  "newsroom-join": {
    route: "account.newsroom-join",
    title: "Join the newsroom",
    description: (name) => `Accept an invitation to the newsroom of ${name}.`,
  },
  "newsroom-staff": {
    route: "account.newsroom-staff",
    title: "Staff",
    description: (name) => `The staff of the newsroom of ${name} and their roles.`,
  },
  "newsroom-security": {
    route: "account.newsroom-security",
    title: "Security",
    description: (name) => `Your two-step verification for the newsroom of ${name}.`,
  },
  "newsroom-audit": {
    route: "account.newsroom-audit",
    title: "Audit log",
    description: (name) => `Who did what in the newsroom of ${name}.`,
  },
  "newsroom-forbidden": {
    route: "account.newsroom-staff",
    title: "Not for your role",
    description: (name) => `A page of the newsroom of ${name}.`,
  },
};

/**
 * Newsroom pages are never indexed or followed (SECURITY 35) and never leak their address
 * (an invitation's token) through Referer; the shell also sends `Referrer-Policy`.
 */
export function newsroomHead(view: NewsroomView): FragmentHead {
  const { route, title, description } = screens[view.view];
  const shown = view.view === "newsroom-forbidden" ? view.title : title;
  return {
    title: `${shown} | ${view.publication.name}`,
    description: description(view.publication.name),
    canonicalPath: hrefFor(route),
    robots: "noindex, nofollow",
    meta: [{ name: "referrer", content: "no-referrer" }],
  };
}

export function deskPage(
  view: NewsroomView,
  failure?: Failure,
  session?: SessionChange,
): LoadOutcome {
  return {
    kind: "page",
    head: newsroomHead(view),
    props: view,
    cache: PRIVATE_NO_STORE,
    ...(failure ? { status: failure.status } : {}),
    ...(failure?.retryAfter === undefined ? {} : { retryAfter: failure.retryAfter }),
    ...(session ? { session } : {}),
  };
}

/** The address to come back to after logging in or passing the second factor. */
export function comeBackTo(request: FragmentRequest): string {
  // A form cannot be sent again by a redirect, so a POST comes back to its page.
  return request.method === "POST" ? request.path : `${request.path}${request.search}`;
}

/** What the role may not do, per screen, for the 403 page. */
export interface Refusal {
  title: string;
  message: string;
  staff: boolean;
}

export const STAFF_ONLY: Refusal = {
  title: "The newsroom is for staff",
  message:
    "Your account is not on the staff of the newsroom. If it should be, ask an admin to invite you.",
  staff: false,
};

export const ADMINS_ONLY: Refusal = {
  title: "Only admins can do this",
  message:
    "Managing the staff and reading the audit log are for admins. Ask an admin if something needs changing.",
  staff: true,
};

/**
 * The API's answers that are about the door, not the screen (protocol item 1): no live
 * newsroom session (the second factor), no valid login, or a role that may not do this.
 * Null for any other answer, which the screen handles.
 */
export function doorFor(
  result: ApiFailure,
  context: Pick<AccountContext, "request" | "isPost" | "publication">,
  refusal: Refusal,
): LoadOutcome | null {
  const status = context.isPost ? 303 : 302;
  const next = comeBackTo(context.request);
  if (result.code === "second_factor_required") {
    return {
      kind: "redirect",
      status,
      location: hrefFor("account.newsroom-sign-in", {}, { next }),
    };
  }
  if (result.status === 401 && result.code !== "invalid_credentials") {
    // The session ended elsewhere (or the role changed): forget it and log in again.
    return {
      kind: "redirect",
      status,
      location: hrefFor("account.login", {}, { next }),
      session: CLEAR_SESSION,
    };
  }
  if (result.code === "forbidden" || result.status === 403) {
    return deskPage(
      {
        view: "newsroom-forbidden",
        publication: context.publication,
        ...refusal,
      },
      { status: 403, problems: [] },
    );
  }
  return null;
}
