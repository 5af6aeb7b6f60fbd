import type { FragmentName } from "../contract/fragment-contract.ts";
import { formatDateLine } from "../fragment-kit/publication-dates.ts";
import { readBuildPointer } from "../fragment-kit/remote-assets.ts";
import { matchRoute, type RouteMatchResult } from "../routes/route-table.ts";
import { cachedPage } from "./cached-page.ts";
import { composePage, MAX_ROUTABLE_PATH } from "./compose-page.ts";
import { EDGE_CACHE_HEADER } from "./edge-cache.ts";
import { edgeStateTimeout, readEdgeState } from "./edge-state.ts";
import { readForm } from "./form-submission.ts";
import { json, plain, readOnly, withCookies } from "./http-answers.ts";
import { planPage } from "./page-plan.ts";
import { sessionCall, type ShellRequest } from "./request-context.ts";
import { contentSecurityPolicy } from "./security-headers.ts";
import { hasSessionCookie, sessionCookies } from "./session-cookies.ts";
import { ANONYMOUS, readSession } from "./viewer-session.ts";

const MAX_NAVIGATION_PATH = 4096;

/** The route of an address, matched once per request; null for none (or an absurd length). */
function matchOnce(pathname: string): RouteMatchResult | null {
  return pathname.length > MAX_ROUTABLE_PATH ? null : matchRoute(pathname);
}

/** The edge state of the fragment that owns the address; null for account pages and misses. */
function edgeStateFor(shell: ShellRequest, fragment: FragmentName | undefined) {
  if (shell.config.EDGE_CACHE === "off" || !fragment || fragment === "account") return null;
  return readEdgeState(fragment, {
    env: shell.env,
    requestId: shell.requestId,
    log: shell.log,
    timeoutMs: edgeStateTimeout(shell.config.FRAGMENT_TIMEOUT_MS),
    ttlMs: shell.config.EDGE_STATE_TTL_MS,
  });
}

/** A page: from the edge cache for an anonymous reader, else planned and streamed. */
export async function pageResponse(shell: ShellRequest): Promise<Response> {
  const { request, url, config, env } = shell;
  const match = matchOnce(url.pathname);
  let form: Record<string, string> | undefined;
  if (request.method === "POST") {
    // Only the account fragment takes forms; everything else is read-only.
    if (match?.route.fragment !== "account") return readOnly();
    const check = await readForm(request, config.PUBLIC_ORIGIN);
    if (!check.ok) return plain(check.status, check.message);
    form = check.form;
  }
  // Read together; a reader without session cookies needs no session read at all.
  const anonymous = !hasSessionCookie(shell.cookies);
  const [session, edgeState, shellBuild] = await Promise.all([
    anonymous ? ANONYMOUS : readSession(shell.cookies, sessionCall(shell)),
    form ? null : edgeStateFor(shell, match?.route.fragment),
    readBuildPointer(env.ASSETS, "/_shell"),
  ]);
  const page = {
    url,
    match,
    method: form ? ("POST" as const) : ("GET" as const),
    form,
    session,
    edgeState,
    shellBuild,
    dateLine: formatDateLine(new Date(), config.PUBLICATION_TIME_ZONE),
  };
  if (edgeState && anonymous) return cachedPage(shell, page, edgeState);
  const plan = await planPage(shell, page);
  const body = request.method === "HEAD" || !plan.document ? null : await plan.document();
  if (plan.document) plan.headers.set("content-security-policy", contentSecurityPolicy(plan.nonce));
  plan.headers.set(EDGE_CACHE_HEADER, "BYPASS");
  return new Response(body, { status: plan.status, headers: plan.headers });
}

/** `/_edge/navigate?path=…`: the answer for a client-side navigation, as JSON. */
export async function navigationJson(shell: ShellRequest): Promise<Response> {
  const target = shell.url.searchParams.get("path") ?? "";
  if (!target.startsWith("/") || target.startsWith("//") || target.length > MAX_NAVIGATION_PATH) {
    return json(400, {
      error: { code: "invalid_path", message: "path must be a same-origin path" },
    });
  }
  const url = new URL(target, shell.config.PUBLIC_ORIGIN);
  const match = matchOnce(url.pathname);
  const [session, edgeState] = await Promise.all([
    readSession(shell.cookies, sessionCall(shell)),
    edgeStateFor(shell, match?.route.fragment),
  ]);
  const composition = await composePage(shell, { url, match, method: "GET", session, edgeState });
  const response =
    composition.kind === "redirect"
      ? json(200, { outcome: "redirect", location: composition.location })
      : // The answer describes the page, a missing page included; the request itself succeeded,
        // so the browser's console stays quiet when a reader follows a link to a page that is gone.
        json(200, composition.navigation, composition.cacheControl);
  withCookies(response.headers, session.change ? sessionCookies(session.change) : []);
  return response;
}
