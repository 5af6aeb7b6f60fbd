import { fragmentNames, type FragmentName } from "../contract/fragment-contract.ts";
import { NAVIGATE_ENDPOINT, type BootData } from "../contract/navigation-contract.ts";
import { readBuildPointer } from "../fragment-kit/remote-assets.ts";
import { NO_STORE, composePage, loadNavSections, type Composition } from "./compose-page.ts";
import { renderDocument } from "./render-document.tsx";
import { formatDateLine } from "../fragment-kit/publication-dates.ts";
import {
  applyBaseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  withSecurityHeaders,
} from "./security-headers.ts";
import { matchPassthrough, matchRoute } from "../routes/route-table.ts";
import { isSameOrigin, readForm } from "./form-submission.ts";
import { ACCESS_COOKIE, REFRESH_COOKIE, parseCookies, sessionCookies } from "./session-cookies.ts";
import {
  Coalescer,
  EDGE_CACHE_HEADER,
  edgeCacheKey,
  edgeStateTimeout,
  lookup,
  readEdgeState,
  store,
  withFreshNonce,
  type EdgeState,
  type StoredAnswer,
} from "./edge-cache.ts";
import { fragmentBinding, readShellConfig, type ShellEnv } from "./shell-env.ts";
import {
  readSession,
  revokeRefreshToken,
  type ClientInfo,
  type ReaderSession,
} from "./viewer-session.ts";

const MAX_PATH_LENGTH = 4096;

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": NO_STORE, ...extra },
  });
}

function json(status: number, body: unknown, cacheControl = NO_STORE): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": cacheControl },
  });
}

function remoteOf(pathname: string): FragmentName | null {
  const name = pathname.split("/")[2];
  return fragmentNames.find((fragment) => fragment === name) ?? null;
}

async function forward(
  binding: { fetch(r: Request): Promise<Response> },
  request: Request,
  requestId: string,
) {
  const forwarded = new Request(request);
  forwarded.headers.set("x-request-id", requestId);
  return binding.fetch(forwarded);
}

function clientOf(request: Request): ClientInfo {
  // At the edge only CF-Connecting-IP is trustworthy; X-Forwarded-For is whatever the client says.
  return {
    ip: request.headers.get("cf-connecting-ip") ?? "",
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, 500),
  };
}

function withCookies(headers: Headers, cookies: string[]): Headers {
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return headers;
}

async function navigationJson(env: ShellEnv, request: Request, url: URL, requestId: string) {
  const target = url.searchParams.get("path") ?? "";
  if (!target.startsWith("/") || target.startsWith("//") || target.length > MAX_PATH_LENGTH) {
    return json(400, {
      error: { code: "invalid_path", message: "path must be a same-origin path" },
    });
  }
  const config = readShellConfig(env);
  const client = clientOf(request);
  const session = await readSession(env.API, request, client);
  const targetUrl = new URL(target, config.PUBLIC_ORIGIN);
  const composition = await composePage(env, config, {
    url: targetUrl,
    requestId,
    method: "GET",
    client,
    session,
    edgeState: await edgeStateFor(env, targetUrl, requestId),
  });
  const cookies = session.change ? sessionCookies(session.change) : [];
  const response =
    composition.kind === "redirect"
      ? json(200, { outcome: "redirect", location: composition.location })
      : // The answer describes the page, a missing page included; the request itself succeeded,
        // so the browser's console stays quiet when a reader follows a link to a page that is gone.
        json(200, composition.navigation, composition.cacheControl);
  withCookies(response.headers, cookies);
  return response;
}

interface PageInput {
  env: ShellEnv;
  request: Request;
  url: URL;
  requestId: string;
  client: ClientInfo;
  session: ReaderSession;
  form: Record<string, string> | undefined;
  edgeState: EdgeState | null;
}

/** A page decided but not yet written: the document renders only when a body is wanted. */
interface PagePlan {
  status: number;
  headers: Headers;
  nonce: string;
  document: (() => Promise<ReadableStream>) | null;
  /** Seconds an anonymous copy may be kept at the edge, or null. */
  edgeTtl: number | null;
}

async function pageResponse(
  env: ShellEnv,
  request: Request,
  url: URL,
  requestId: string,
): Promise<Response> {
  const config = readShellConfig(env);
  const client = clientOf(request);
  let form: Record<string, string> | undefined;
  if (request.method === "POST") {
    // Only the account fragment takes forms; everything else is read-only.
    if (matchRoute(url.pathname)?.route.fragment !== "account") {
      return plain(405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
    }
    const check = await readForm(request, config.PUBLIC_ORIGIN);
    if (!check.ok) return plain(check.status, check.message);
    form = check.form;
  }
  const session = await readSession(env.API, request, client);
  const edgeState = form ? null : await edgeStateFor(env, url, requestId);
  const input = { env, request, url, requestId, client, session, form, edgeState };
  const anonymous =
    session.viewer === null && session.change === null && !hasSessionCookie(request);
  if (edgeState && anonymous) return cachedPage(input, edgeState);
  const plan = await planPage(input);
  const response = new Response(
    request.method === "HEAD" || !plan.document ? null : await plan.document(),
    { status: plan.status, headers: plan.headers },
  );
  response.headers.set(EDGE_CACHE_HEADER, "BYPASS");
  return response;
}

/** The edge state of the fragment that owns the address; null for account pages and misses. */
async function edgeStateFor(env: ShellEnv, url: URL, requestId: string) {
  const config = readShellConfig(env);
  if (config.EDGE_CACHE === "off") return null;
  const match = url.pathname.length > MAX_PATH_LENGTH ? null : matchRoute(url.pathname);
  if (!match || match.route.fragment === "account") return null;
  return readEdgeState(env, match.route.fragment, requestId, {
    timeoutMs: edgeStateTimeout(config.FRAGMENT_TIMEOUT_MS),
    ttlMs: config.EDGE_STATE_TTL_MS,
  });
}

function hasSessionCookie(request: Request): boolean {
  const cookies = parseCookies(request.headers.get("cookie"));
  return cookies.has(ACCESS_COOKIE) || cookies.has(REFRESH_COOKIE);
}

const pageRenders = new Coalescer<StoredAnswer>();

/**
 * An anonymous page from the edge cache, or rendered once for every reader who asks for it
 * meanwhile and kept when it is public. The key names the content version, the fragment's live
 * build, the shell's build and the date line, so nothing stale is ever served.
 */
async function cachedPage(input: PageInput, state: EdgeState): Promise<Response> {
  const { env, url, request } = input;
  const config = readShellConfig(env);
  const shellBuild = await readBuildPointer(env.ASSETS, "/_shell");
  const key = edgeCacheKey({
    kind: "page",
    state,
    address: `${url.pathname}${url.search}`,
    extra: {
      shell: shellBuild.buildId,
      date: formatDateLine(new Date(), config.PUBLICATION_TIME_ZONE),
    },
  });
  const hit = await lookup(key);
  if (hit) return fromStore(hit, request.method, "HIT");
  const { value, shared } = pageRenders.run(key, async () => {
    const plan = await planPage(input);
    const body = plan.document ? await new Response(await plan.document()).text() : "";
    plan.headers.delete("content-security-policy");
    const stored: StoredAnswer = {
      status: plan.status,
      headers: [...plan.headers],
      body,
      nonce: plan.nonce,
    };
    if (plan.edgeTtl !== null && !plan.headers.has("set-cookie") && plan.edgeTtl > 0) {
      await store(key, stored, plan.edgeTtl);
    }
    return stored;
  });
  return fromStore(await value, request.method, shared ? "HIT" : "MISS");
}

/** A stored page with this response's own nonce in its CSP and its script tags. */
function fromStore(stored: StoredAnswer, method: string, how: "HIT" | "MISS"): Response {
  const headers: [string, string][] = [...stored.headers, [EDGE_CACHE_HEADER, how]];
  const isDocument = stored.headers.some(
    ([name, value]) => name === "content-type" && value.startsWith("text/html"),
  );
  let body: BodyInit | null = method === "HEAD" || stored.body === "" ? null : stored.body;
  if (isDocument) {
    const nonce = createNonce();
    headers.push(["content-security-policy", contentSecurityPolicy(nonce)]);
    if (body !== null) body = withFreshNonce(stored, nonce);
  }
  return new Response(body, { status: stored.status, headers });
}

async function planPage(input: PageInput): Promise<PagePlan> {
  const { env, url, requestId, client, session, form, edgeState } = input;
  const config = readShellConfig(env);
  const [composition, sections, shellBuild] = await Promise.all([
    composePage(env, config, {
      url,
      requestId,
      method: form ? "POST" : "GET",
      ...(form ? { form } : {}),
      client,
      session,
      edgeState,
    }),
    loadNavSections(env, requestId, edgeState?.contentVersion ?? null),
    readBuildPointer(env.ASSETS, "/_shell"),
  ]);
  let cookies = session.change ? sessionCookies(session.change) : [];
  let viewer = session.viewer;
  if (composition.session) {
    if (composition.session.kind === "clear" && session.refreshToken) {
      await revokeRefreshToken(env.API, session.refreshToken, client);
    }
    cookies = sessionCookies(composition.session);
    if (composition.session.kind === "clear") viewer = null;
  }
  const nonce = createNonce();
  if (composition.kind === "redirect") {
    const headers = withCookies(
      new Headers({ location: composition.location, "cache-control": NO_STORE }),
      cookies,
    );
    return { status: composition.status, headers, nonce, document: null, edgeTtl: null };
  }
  const boot: BootData = {
    publicationName: config.PUBLICATION_NAME,
    sections,
    dateLine: formatDateLine(new Date(), config.PUBLICATION_TIME_ZONE),
    viewer: viewer ? { displayName: viewer.displayName } : null,
    initial: composition.navigation,
  };
  const headers = withCookies(documentHeaders(composition, nonce), cookies);
  if (
    composition.navigation.outcome === "fragment" &&
    composition.navigation.fragment === "account"
  ) {
    // Account pages may carry one-time tokens in their address (password reset).
    headers.set("referrer-policy", "no-referrer");
  }
  const keepable =
    composition.edgeTtl !== null &&
    cookies.length === 0 &&
    composition.navigation.outcome === "fragment" &&
    composition.navigation.buildId === edgeState?.fragmentBuild;
  return {
    status: composition.status,
    headers,
    nonce,
    document: () =>
      renderDocument({
        boot,
        pathname: url.pathname,
        html: composition.html,
        documentHead: composition.documentHead,
        shellBuild,
        nonce,
      }),
    edgeTtl: keepable ? composition.edgeTtl : null,
  };
}

/**
 * The shell's own files (its browser build, the favicon), from the assets-only Worker behind the
 * `ASSETS` service binding (shell/wrangler.assets.toml): the shell itself has no asset router in
 * front of it, so a page costs no asset lookup. Files in a build folder never change;
 * `current.json` does.
 */
async function shellAsset(env: ShellEnv, request: Request): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return plain(405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
  }
  const url = new URL(request.url);
  const asset = await env.ASSETS.fetch(
    new Request(`https://assets.internal${url.pathname}`, request),
  );
  if (!asset.ok && asset.status !== 304) {
    await asset.body?.cancel();
    return plain(404, "Not found");
  }
  const headers = new Headers(asset.headers);
  headers.set(
    "cache-control",
    url.pathname === "/favicon.svg"
      ? "public, max-age=86400"
      : url.pathname.endsWith("/current.json")
        ? "no-cache"
        : "public, max-age=31536000, immutable",
  );
  return new Response(asset.body, { status: asset.status, headers });
}

function documentHeaders(
  composition: Extract<Composition, { kind: "page" }>,
  nonce: string,
): Headers {
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    "cache-control": composition.cacheControl,
    "content-security-policy": contentSecurityPolicy(nonce),
    vary: "Cookie",
  });
  if (composition.retryAfter !== null) headers.set("retry-after", String(composition.retryAfter));
  return headers;
}

async function route(request: Request, env: ShellEnv, requestId: string): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) {
    // A browser may change data through the API only from this site's own pages (SECURITY 14).
    const writes =
      request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
    if (writes && !isSameOrigin(request, readShellConfig(env).PUBLIC_ORIGIN)) {
      return json(403, {
        error: {
          code: "cross_site_request",
          message: "Requests from other sites may not change data.",
        },
      });
    }
    return forward(env.API, request, requestId);
  }
  if (url.pathname.startsWith("/_mf/")) {
    const fragment = remoteOf(url.pathname);
    if (!fragment) return plain(404, "Not found");
    return forward(fragmentBinding(env, fragment), request, requestId);
  }
  if (url.pathname.startsWith("/_shell/") || url.pathname === "/favicon.svg") {
    return shellAsset(env, request);
  }
  if (url.pathname.startsWith("/_dev/")) {
    // Development tools (the mail outbox) do not exist outside a local stack.
    if (env.ENVIRONMENT !== "development") return plain(404, "Not found");
    return forward(env.API, request, requestId);
  }
  const passthrough = matchPassthrough(url.pathname);
  if (passthrough) {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return plain(405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
    }
    const binding = passthrough.target === "api" ? env.API : env.CONTENT;
    return forward(binding, request, requestId);
  }
  if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "POST") {
    return plain(405, "This address only answers GET, HEAD and form posts.", {
      allow: "GET, HEAD, POST",
    });
  }
  if (url.pathname === NAVIGATE_ENDPOINT) {
    if (request.method === "POST") return plain(405, "Use GET.", { allow: "GET" });
    return navigationJson(env, request, url, requestId);
  }
  return pageResponse(env, request, url, requestId);
}

export default {
  async fetch(request, env) {
    const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
    try {
      return withSecurityHeaders(await route(request, env, requestId));
    } catch (error) {
      console.error(JSON.stringify({ event: "shell_error", requestId, detail: String(error) }));
      const response = plain(500, `Something went wrong on our side. Reference: ${requestId}`);
      applyBaseSecurityHeaders(response.headers);
      return response;
    }
  },
} satisfies ExportedHandler<ShellEnv>;
