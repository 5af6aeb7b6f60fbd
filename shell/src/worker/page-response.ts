import type { FragmentName } from "../contract/fragment-contract.ts";
import type { NavigationAnswer } from "../contract/navigation-contract.ts";
import { formatDateLine } from "../fragment-kit/publication-dates.ts";
import { readBuildPointer } from "../fragment-kit/remote-assets.ts";
import { matchRoute, type RouteMatchResult } from "../routes/route-table.ts";
import { cachedPage } from "./cached-page.ts";
import { composePage, MAX_ROUTABLE_PATH } from "./compose-page.ts";
import { edgeStateTimeout, readEdgeState } from "./edge-state.ts";
import {
  isMultipart,
  MAX_FORM_BYTES,
  NEWSROOM_MAX_FORM_BYTES,
  readForm,
  readUpload,
  UPLOAD_TOO_LARGE,
  type StreamedUpload,
} from "./form-submission.ts";
import { loadBreakingBanner } from "./nav-sections.ts";
import { applyNewsroomHeaders } from "./newsroom-door.ts";
import { attachmentHeaders, json, plain, readOnly, withCookies } from "./http-answers.ts";
import { planPage, planResponse, sessionAfter } from "./page-plan.ts";
import { personalPage } from "./personal-page.ts";
import { sessionCall, type ShellRequest } from "./request-context.ts";
import { hasSessionCookie } from "./session-cookies.ts";
import {
  ANONYMOUS,
  readSession,
  withNewsroomStanding,
  type ReaderSession,
} from "./viewer-session.ts";

const MAX_NAVIGATION_PATH = 4096;

/**
 * Who is asking: from the access token at the edge; on a newsroom page behind the door, with
 * the role and second factor the API reads from D1 now (`withNewsroomStanding`).
 */
async function readViewer(
  shell: ShellRequest,
  match: RouteMatchResult | null,
): Promise<ReaderSession> {
  const session = await readSession(shell.cookies, sessionCall(shell));
  const level = match?.route.newsroom ?? null;
  if (level === null || level === "open") return session;
  return withNewsroomStanding(sessionCall(shell), session);
}

/** The route of an address, matched once per request; null for none (or an absurd length). */
function matchOnce(pathname: string): RouteMatchResult | null {
  return pathname.length > MAX_ROUTABLE_PATH ? null : matchRoute(pathname);
}

/**
 * The edge state of the fragment that owns the address; null for account and newsroom pages
 * (never kept at the edge) and misses.
 */
function edgeStateFor(shell: ShellRequest, match: RouteMatchResult | null) {
  const fragment: FragmentName | undefined = match?.route.fragment;
  if (shell.config.EDGE_CACHE === "off" || !fragment || fragment === "account") return null;
  if (match?.route.newsroom != null) return null;
  return readEdgeState(fragment, {
    env: shell.env,
    // Asked for only when a read is made or fails: a kept page's state costs neither.
    get requestId() {
      return shell.requestId;
    },
    get log() {
      return shell.log;
    },
    timeoutMs: edgeStateTimeout(shell.config.FRAGMENT_TIMEOUT_MS),
    ttlMs: shell.config.EDGE_STATE_TTL_MS,
  });
}

/** True for an address of the newsroom (its own door, chrome and headers). */
function isNewsroom(match: RouteMatchResult | null): boolean {
  return (match?.route.newsroom ?? null) !== null;
}

type FormRead =
  | { form: Record<string, string>; upload?: undefined }
  | { form?: undefined; upload: StreamedUpload }
  | { refused: Response };

/**
 * A form for a page: the account fragment's pages and newsroom pages take forms (same origin,
 * urlencoded, 16 KB or 512 KB on newsroom pages); every other page is read-only. A page that
 * takes uploads also takes a multipart form, streamed on to its fragment (`uploads`); only
 * pages themselves do, not the navigation endpoint.
 */
async function formFor(
  shell: ShellRequest,
  match: RouteMatchResult | null,
  uploads = false,
): Promise<FormRead> {
  if (match?.route.fragment !== "account" && !isNewsroom(match)) return { refused: readOnly() };
  if (uploads && match?.route.uploads === true && isMultipart(shell.request)) {
    const check = readUpload(shell.request, shell.config.PUBLIC_ORIGIN);
    return check.ok ? { upload: check.upload } : { refused: plain(check.status, check.message) };
  }
  const limit = isNewsroom(match) ? NEWSROOM_MAX_FORM_BYTES : MAX_FORM_BYTES;
  const check = await readForm(shell.request, shell.config.PUBLIC_ORIGIN, limit);
  return check.ok ? { form: check.form } : { refused: plain(check.status, check.message) };
}

/** A page: from the edge cache for an anonymous reader, else planned and streamed. */
export async function pageResponse(shell: ShellRequest): Promise<Response> {
  const match = matchOnce(shell.url.pathname);
  const response = await pageFor(shell, match);
  if (isNewsroom(match)) applyNewsroomHeaders(response.headers);
  return response;
}

async function pageFor(shell: ShellRequest, match: RouteMatchResult | null): Promise<Response> {
  const { request, url, config, env } = shell;
  let form: Record<string, string> | undefined;
  let upload: StreamedUpload | undefined;
  if (request.method === "POST") {
    const read = await formFor(shell, match, true);
    if ("refused" in read) return read.refused;
    ({ form, upload } = read);
  }
  const posted = form !== undefined || upload !== undefined;
  // Read together; a reader without session cookies needs no session read at all.
  const anonymous = !hasSessionCookie(shell.cookies);
  const [session, edgeState, shellBuild] = await Promise.all([
    anonymous ? ANONYMOUS : readViewer(shell, match),
    posted ? null : edgeStateFor(shell, match),
    readBuildPointer(env.ASSETS, "/_shell"),
  ]);
  const page = {
    url,
    match,
    method: posted ? ("POST" as const) : ("GET" as const),
    form,
    upload,
    session,
    edgeState,
    shellBuild,
    dateLine: formatDateLine(new Date(), config.PUBLICATION_TIME_ZONE),
  };
  if (edgeState && anonymous) return cachedPage(shell, page, edgeState);
  // A signed-in reader whose session needs no new cookies: the kept template, their name in it.
  if (edgeState && session.viewer && !session.change) {
    return personalPage(shell, page, edgeState, session.viewer);
  }
  const plan = await planPage(shell, page);
  // Counted as it streamed: a body past the limit, whatever its Content-Length said, is 413
  // whatever the fragment made of the cut-off form.
  if (upload?.overLimit()) return plain(413, UPLOAD_TOO_LARGE);
  return planResponse(plan, request.method, isNewsroom(match));
}

/**
 * `/_edge/navigate?path=…`: the answer for a client-side navigation, as JSON. A `POST` with a
 * form is a newsroom page's form sent by its script (the story editor's autosave): the same
 * checks as a form posted to the page, and the answer names the page's status.
 */
export async function navigationJson(shell: ShellRequest): Promise<Response> {
  const target = shell.url.searchParams.get("path") ?? "";
  if (!target.startsWith("/") || target.startsWith("//") || target.length > MAX_NAVIGATION_PATH) {
    return json(400, {
      error: { code: "invalid_path", message: "path must be a same-origin path" },
    });
  }
  const url = new URL(target, shell.config.PUBLIC_ORIGIN);
  const match = matchOnce(url.pathname);
  let form: Record<string, string> | undefined;
  if (shell.request.method === "POST") {
    if (!isNewsroom(match)) return plain(405, "Use GET.", { allow: "GET" });
    const read = await formFor(shell, match);
    if ("refused" in read) {
      applyNewsroomHeaders(read.refused.headers);
      return read.refused;
    }
    form = read.form;
  }
  const [session, edgeState] = await Promise.all([
    readViewer(shell, match),
    form ? null : edgeStateFor(shell, match),
  ]);
  const method = form ? ("POST" as const) : ("GET" as const);
  // Readers' pages carry the banner as it is now (decision 0020); the newsroom has none.
  const [composition, banner] = await Promise.all([
    composePage(shell, { url, match, method, form, session, edgeState }),
    isNewsroom(match) ? undefined : loadBreakingBanner(shell, edgeState?.contentVersion ?? null),
  ]);
  const withBanner = (navigation: NavigationAnswer): NavigationAnswer =>
    navigation.outcome === "fragment" && banner !== undefined
      ? { ...navigation, banner }
      : navigation;
  const response =
    composition.kind === "redirect"
      ? json(200, { outcome: "redirect", location: composition.location })
      : composition.kind === "download"
        ? // The file itself: a script that sent the form gets it, and the client's navigation,
          // which reads no navigation answer in it, loads the address natively instead.
          new Response(composition.body, { headers: attachmentHeaders(composition) })
        : // The answer describes the page, a missing page included; the request itself succeeded,
          // so the browser's console stays quiet when a reader follows a link to a page that is gone.
          json(200, withBanner(composition.navigation), composition.cacheControl);
  const { cookies } = await sessionAfter(shell, session, composition);
  withCookies(response.headers, cookies);
  if (isNewsroom(match)) applyNewsroomHeaders(response.headers);
  return response;
}
