import { fragmentNames, type FragmentName } from "../contract/fragment-contract.ts";
import { NAVIGATE_ENDPOINT, type BootData } from "../contract/navigation-contract.ts";
import { readBuildPointer } from "../fragment-kit/remote-assets.ts";
import {
  NO_STORE,
  RETRY_AFTER_SECONDS,
  composePage,
  formatDateLine,
  loadNavSections,
  type Composition,
} from "./compose-page.ts";
import { renderDocument } from "./render-document.tsx";
import {
  applyBaseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  withSecurityHeaders,
} from "./security-headers.ts";
import { fragmentBinding, readShellConfig, type ShellEnv } from "./shell-env.ts";
import { matchPassthrough } from "../routes/route-table.ts";

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

async function navigationJson(env: ShellEnv, url: URL, requestId: string): Promise<Response> {
  const target = url.searchParams.get("path") ?? "";
  if (!target.startsWith("/") || target.startsWith("//") || target.length > MAX_PATH_LENGTH) {
    return json(400, {
      error: { code: "invalid_path", message: "path must be a same-origin path" },
    });
  }
  const config = readShellConfig(env);
  const composition = await composePage(
    env,
    config,
    new URL(target, config.PUBLIC_ORIGIN),
    requestId,
  );
  if (composition.kind === "redirect") {
    return json(200, { outcome: "redirect", location: composition.location }, NO_STORE);
  }
  // The answer describes the page, a missing page included; the request itself succeeded, so the
  // browser's console stays quiet when a reader follows a link to a page that is gone.
  return json(200, composition.navigation, composition.cacheControl);
}

async function pageResponse(
  env: ShellEnv,
  request: Request,
  url: URL,
  requestId: string,
): Promise<Response> {
  const config = readShellConfig(env);
  const [composition, sections, shellBuild] = await Promise.all([
    composePage(env, config, url, requestId),
    loadNavSections(env, requestId),
    readBuildPointer(env.ASSETS, "/_shell"),
  ]);
  if (composition.kind === "redirect") {
    return new Response(null, {
      status: composition.status,
      headers: { location: composition.location, "cache-control": NO_STORE },
    });
  }
  const boot: BootData = {
    sections,
    dateLine: formatDateLine(new Date(), config.PUBLICATION_TIME_ZONE),
    initial: composition.navigation,
  };
  const nonce = createNonce();
  const headers = documentHeaders(composition, nonce);
  if (request.method === "HEAD") return new Response(null, { status: composition.status, headers });
  const stream = await renderDocument({
    boot,
    pathname: url.pathname,
    html: composition.html,
    documentHead: composition.documentHead,
    shellBuild,
    nonce,
  });
  return new Response(stream, { status: composition.status, headers });
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
  if (composition.retryAfter) headers.set("retry-after", String(RETRY_AFTER_SECONDS));
  return headers;
}

async function route(request: Request, env: ShellEnv, requestId: string): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return forward(env.API, request, requestId);
  if (url.pathname.startsWith("/_mf/")) {
    const fragment = remoteOf(url.pathname);
    if (!fragment) return plain(404, "Not found");
    return forward(fragmentBinding(env, fragment), request, requestId);
  }
  if (url.pathname.startsWith("/_shell/")) return plain(404, "Not found");
  const passthrough = matchPassthrough(url.pathname);
  if (passthrough) {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return plain(405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
    }
    const binding = passthrough.target === "api" ? env.API : env.CONTENT;
    return forward(binding, request, requestId);
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    return plain(405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
  }
  if (url.pathname === NAVIGATE_ENDPOINT) return navigationJson(env, url, requestId);
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
