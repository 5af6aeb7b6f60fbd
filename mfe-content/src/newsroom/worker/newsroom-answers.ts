import type { ApiClient, ApiFailure, ApiResult } from "edge-api/client";
import type { FragmentRequest } from "shell/contract";
import { hrefFor } from "shell/contract/addresses";
import type { Publication } from "shell/fragment-kit/publication";
import {
  NEWSROOM_ROBOTS,
  NewsroomAnswer,
  newsroomPageOutcome,
  answering,
  seeOther,
  signInAgain,
} from "shell/fragment-kit/newsroom";
import type { LoadOutcome, PageStatus } from "shell/fragment-kit/server";
import { ContentError } from "../../worker/fragment-errors.ts";
import type { NewsroomProblemView, NewsroomView, ProblemView } from "../ui/newsroom-views.ts";

/**
 * What every story-desk route gets and answers, on the fragment kit's newsroom answers
 * (`shell/fragment-kit/newsroom`, shared with the print desk): private, never indexed pages,
 * 303 after a form, signing in again after a 401.
 */

export { answering, NEWSROOM_ROBOTS, NewsroomAnswer, seeOther };

export interface NewsroomContext {
  request: FragmentRequest;
  /** edge-api on behalf of this person (their access token, address and browser). */
  api: ApiClient;
  publication: Publication;
  query: URLSearchParams;
  /** The submitted fields; empty for a GET. */
  form: Readonly<Record<string, string>>;
  isPost: boolean;
  /** The clock, for schedule defaults (tests pass their own). */
  now: Date;
}

export type NewsroomRoute = (context: NewsroomContext) => Promise<LoadOutcome>;

export function publicationView(publication: Publication) {
  return { name: publication.name, timeZone: publication.timeZone };
}

/** A newsroom page: title "<title> | Newsroom | <publication>", private and noindex. */
export function newsroomPage(
  context: NewsroomContext,
  title: string,
  view: NewsroomView,
  status: PageStatus = 200,
): LoadOutcome {
  const { request, publication } = context;
  return newsroomPageOutcome({
    request,
    publicationName: publication.name,
    title,
    props: view,
    status,
  });
}

/** The address the person was on, for `?next=` after signing in again. */
export function currentPath(request: FragmentRequest): string {
  return `${request.path}${request.search}`;
}

function problemPage(
  context: NewsroomContext,
  kind: NewsroomProblemView["kind"],
  title: string,
  message: string,
  status: PageStatus,
): LoadOutcome {
  return newsroomPage(
    context,
    title,
    {
      view: "problem",
      publication: publicationView(context.publication),
      kind,
      message,
      deskHref: hrefFor("content.newsroom"),
    },
    status,
  );
}

export function forbiddenPage(context: NewsroomContext, what: string): LoadOutcome {
  return problemPage(
    context,
    "forbidden",
    "Not allowed",
    `Your role does not allow you to ${what}. Ask an editor if you think it should.`,
    403,
  );
}

export function notFoundPage(context: NewsroomContext, message: string): LoadOutcome {
  return problemPage(context, "not-found", "Not found", message, 404);
}

export function previewExpiredPage(context: NewsroomContext): LoadOutcome {
  return problemPage(
    context,
    "preview-expired",
    "Preview expired",
    "This preview has expired or never existed. Open the story in the editor and make a new preview.",
    404,
  );
}

/**
 * The answers every route treats the same way, or null when the caller handles the failure
 * (409 and 422 belong to the form that was sent):
 * - 401 `second_factor_required`: the newsroom's sign-in, then back here;
 * - any other 401: the session ended; log in, then back here;
 * - 403: a page that says what the role may not do;
 * - 404: not found.
 * Anything else the caller does not handle is the API's failure (`api_unavailable`).
 */
export function commonFailure(
  context: NewsroomContext,
  failure: ApiFailure,
  what: string,
): LoadOutcome | null {
  const again = signInAgain(context.request, failure, context.isPost);
  if (again) return again;
  if (failure.status === 403) return forbiddenPage(context, what);
  if (failure.status === 404) return { kind: "not-found" };
  return null;
}

export function apiUnavailable(what: string, failure: ApiFailure): Error {
  return new ContentError(
    "api_unavailable",
    `edge-api ${what} failed: ${failure.status} ${failure.code}`,
  );
}

/** The data of a read the page cannot do without; any failure leaves with its answer. */
export function need<T>(context: NewsroomContext, result: ApiResult<T>, what: string): T {
  if (result.ok) return result.data;
  const answer = commonFailure(context, result, what);
  if (answer) throw new NewsroomAnswer(answer);
  throw apiUnavailable(what, result);
}

/**
 * The form field an API 422/409 names: its `field` (`headline`, `leadImage.alt`, `body.3`) as
 * the editor's input name (`headline`, `leadImageAlt`, `body`). The client carries `field` only
 * once edge-api's client passes it on; until then the problem is shown for the whole form.
 */
export function fieldOf(failure: ApiFailure): string | undefined {
  const named = (failure as ApiFailure & { field?: unknown }).field;
  if (typeof named !== "string" || named === "") return undefined;
  const [first = "", second] = named.split(".");
  if (first === "publishAt") return "publishDate";
  if (first === "leadImage" && second && second !== "imageId" && second !== "mediaId") {
    return `leadImage${second[0]?.toUpperCase() ?? ""}${second.slice(1)}`;
  }
  return first;
}

const slugMessages: Readonly<Record<string, string>> = {
  reserved_slug: "This address is reserved for the site itself. Choose another slug.",
  slug_taken: "Another item already uses this slug. Choose another.",
};

/**
 * A refused write as problems next to the fields, or null when it is not a form problem:
 * `reserved_slug` and `slug_taken` (409) on `slugField`, `invalid_link` (422) on the body,
 * `conflict` (409: the story cannot do that in its state) on the form, `invalid_story` and
 * the like (422, 400) on the field the API names, with `messageFor`'s words for that field.
 */
export function formProblems(
  failure: ApiFailure,
  slugField = "slug",
  messageFor: (field: string) => string | undefined = () => undefined,
): ProblemView[] | null {
  const slugMessage = slugMessages[failure.code];
  if (slugMessage) return [{ field: slugField, message: slugMessage }];
  if (failure.code === "invalid_link") {
    return [
      {
        field: "body",
        message:
          "A link in the body is not allowed. Links must start with https://, http://, mailto: or / (a page on this site).",
      },
    ];
  }
  if (failure.code === "conflict") {
    return [
      {
        field: "form",
        message:
          "The story cannot do that in its present state (someone may have moved it on). Open it again and check its status.",
      },
    ];
  }
  if (failure.status === 422 || failure.status === 400) {
    const field = fieldOf(failure) ?? "form";
    const message =
      messageFor(field) ??
      (field === "form"
        ? "This was refused. Check the fields and try again."
        : "This was refused. Check the field and try again.");
    return [{ field, message }];
  }
  return null;
}
