import type { z } from "zod";
import type { HeadSchema, SessionChange } from "../contract/fragment-contract.ts";
import type { NavigationAnswer } from "../contract/navigation-contract.ts";
import type { RouteMatchResult } from "../routes/route-table.ts";
import { askFragment, type FragmentOutcome } from "./ask-fragment.ts";
import type { EdgeState } from "./edge-state.ts";
import { cachedFragmentAnswer } from "./fragment-answer-cache.ts";
import type { StreamedUpload } from "./form-submission.ts";
import { NO_STORE } from "./http-answers.ts";
import type { ShellRequest } from "./request-context.ts";
import { HOME_ROUTE, legacyRedirect, namesLegacyPost } from "./legacy-redirects.ts";
import { fragmentBinding } from "./shell-env.ts";
import { newsroomDoor } from "./newsroom-door.ts";
import { savedStateFor } from "./saved-state.ts";
import { withDeviceToken } from "./session-cookies.ts";
import { navigationHead, newsroomForbidden, notFound, unavailable } from "./status-compositions.ts";
import type { ReaderSession } from "./viewer-session.ts";

/** What the browser is told of a page's head on a client navigation. */
export interface NavigationHead {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
}

/** A page's whole head, as the fragment gave it (canonical made absolute); written once. */
export type PageHead = Omit<z.output<typeof HeadSchema>, "canonicalPath"> & NavigationHead;

/** A file the account fragment handed over (issue 15): sent as an attachment, never kept. */
export interface DownloadComposition {
  kind: "download";
  filename: string;
  contentType: "application/json";
  body: string;
  session: null;
}

export type Composition =
  | {
      kind: "redirect";
      status: number;
      location: string;
      session: SessionChange | null;
      /** The redirect's own policy (an old address's 301); `no-store` when absent. */
      cacheControl?: string;
    }
  | DownloadComposition
  | {
      kind: "page";
      status: number;
      head: PageHead;
      navigation: NavigationAnswer;
      /** The fragment's server HTML when it rendered the page. */
      html: string | null;
      cacheControl: string;
      /** Seconds for `Retry-After`, or null. */
      retryAfter: number | null;
      /** A sign-in or sign-out decided by the account fragment (newsroom pages included). */
      session: SessionChange | null;
      /** Seconds an anonymous copy may be kept at the edge, or null when it must not be. */
      edgeTtl: number | null;
      /**
       * For a signed-in reader: seconds the page with a mark for their name may be kept as the
       * template of their kind of reader (all else on it is public; decision 0025), or null.
       */
      templateTtl?: number | null;
    };

/** One page request as the shell understood it: the address matched once, upstream. */
export interface PageRequest {
  url: URL;
  match: RouteMatchResult | null;
  method: "GET" | "POST";
  form?: Record<string, string> | undefined;
  /** A multipart form for a page that takes uploads, streamed to the fragment (POST only). */
  upload?: StreamedUpload | undefined;
  session: ReaderSession;
  /** Present when the route's fragment and the content version are known (GET only). */
  edgeState: EdgeState | null;
  /** The reader's saved state when the caller looked it up already (`savedStateFor`). */
  saved?: boolean | null;
}

/**
 * How long an upload's fragment may take: it reads the file as the browser sends it, so this is
 * the person's connection speed (20 MB at 2 Mbit/s is 80 s), not the fragment's work.
 */
export const UPLOAD_TIMEOUT_MS = 180_000;

/** Longest address the shell asks a fragment about; no route has longer ones. */
export const MAX_ROUTABLE_PATH = 1024;

/**
 * Only the account fragment hands readers files (their own data): a download from any other
 * fragment breaks the contract, and the reader gets the "unavailable" page instead of a file
 * that fragment had no business sending (as its session changes are ignored).
 */
function withoutForeignDownload(outcome: FragmentOutcome): FragmentOutcome {
  if (outcome.kind !== "answer" || outcome.answer.kind !== "download") return outcome;
  return {
    kind: "failed",
    reason: "malformed",
    detail: "only the account fragment may answer with a download",
  };
}

/** Asks the owning fragment and decides what the reader gets. */
export async function composePage(shell: ShellRequest, page: PageRequest): Promise<Composition> {
  const { config, requestId } = shell;
  const { url, match } = page;
  // An old address of an imported publication is asked about only where the answer would be
  // 404 (or the home page, for WordPress's `/?p=123`): no other page costs a call.
  if (!match) {
    return (
      (await legacyRedirect(shell, page)) ??
      notFound(config, url.pathname.slice(0, MAX_ROUTABLE_PATH))
    );
  }
  const { route, params } = match;
  if (route.id === HOME_ROUTE && namesLegacyPost(url.search)) {
    const moved = await legacyRedirect(shell, page);
    if (moved) return moved;
  }
  const isAccount = route.fragment === "account";
  const newsroom = route.newsroom !== null;
  if (route.newsroom !== null) {
    const door = newsroomDoor(route.newsroom, page.session.viewer, url);
    if (door.kind === "redirect") {
      return { kind: "redirect", status: 303, location: door.location, session: null };
    }
    if (door.kind === "forbidden") return newsroomForbidden(config, url.pathname);
  }
  const fragmentRequest = {
    routeId: route.id,
    method: page.method,
    ...(page.form ? { form: page.form } : {}),
    // Only the account fragment logs people in, so only it sees the device cookie.
    client: isAccount ? withDeviceToken(shell) : shell.client,
    // The account fragment acts for the reader, and on a newsroom page the fragment that owns
    // it acts for the member of staff; the others only need to know who it is.
    accessToken: isAccount || newsroom ? page.session.accessToken : null,
    params,
    path: url.pathname,
    search: url.search,
    viewer: page.session.viewer,
    requestId,
    origin: config.PUBLIC_ORIGIN,
    saved: page.saved !== undefined ? page.saved : await savedStateFor(shell, match, page.session),
  };
  const ask = () =>
    askFragment(
      fragmentBinding(shell.env, route.fragment),
      fragmentRequest,
      page.upload ? UPLOAD_TIMEOUT_MS : config.FRAGMENT_TIMEOUT_MS,
      page.upload,
    );
  const state = page.edgeState;
  const outcome =
    state && state.fragment === route.fragment && page.method === "GET" && !isAccount && !newsroom
      ? await cachedFragmentAnswer(
          shell,
          state,
          { route: route.id, saved: fragmentRequest.saved },
          `${url.pathname}${url.search}`,
          ask,
        )
      : await ask();
  const checked = isAccount ? outcome : withoutForeignDownload(outcome);
  if (checked.kind === "failed") {
    shell.log.error("fragment_failed", {
      fragment: route.fragment,
      routeId: route.id,
      reason: checked.reason,
      detail: checked.detail,
    });
    return unavailable(config, route.fragment, url.pathname);
  }
  const answer = checked.answer;
  if (answer.kind === "download") {
    const { filename, contentType, body } = answer;
    return { kind: "download", filename, contentType, body, session: null };
  }
  if (answer.kind === "redirect") {
    return {
      kind: "redirect",
      status: answer.status,
      location: answer.location,
      session: isAccount ? (answer.session ?? null) : null,
    };
  }
  if (answer.kind === "not-found") {
    return (await legacyRedirect(shell, page)) ?? notFound(config, url.pathname);
  }
  const sharedByAll =
    answer.cache.scope === "public" &&
    answer.status === 200 &&
    page.method !== "POST" &&
    !isAccount &&
    !newsroom;
  // A page with the reader's name in the masthead is theirs alone: only its template is kept.
  const signedIn = page.session.viewer !== null;
  const keepable = sharedByAll && !signedIn;
  const { canonicalPath, ...rest } = answer.head;
  const head: PageHead = { ...rest, canonical: `${config.PUBLIC_ORIGIN}${canonicalPath}` };
  return {
    kind: "page",
    status: answer.status,
    head,
    navigation: {
      outcome: "fragment",
      fragment: route.fragment,
      routeId: route.id,
      buildId: answer.buildId,
      props: answer.props,
      stylesheets: answer.stylesheets,
      head: navigationHead(head),
      status: answer.status,
    },
    html: answer.html,
    cacheControl: keepable
      ? `public, max-age=${answer.cache.maxAge}, stale-while-revalidate=300, stale-if-error=86400`
      : NO_STORE,
    retryAfter: answer.retryAfter ?? null,
    session: isAccount ? (answer.session ?? null) : null,
    edgeTtl: keepable ? answer.cache.maxAge : null,
    templateTtl: sharedByAll && signedIn ? answer.cache.maxAge : null,
  };
}
