import { fragmentNames, type FragmentName } from "../contract/fragment-contract.ts";
import { matchPassthrough } from "../routes/route-table.ts";
import { isSameOrigin } from "./form-submission.ts";
import { json, plain, readOnly } from "./http-answers.ts";
import type { ShellRequest } from "./request-context.ts";
import { fragmentBinding, type ServiceBinding } from "./shell-env.ts";
import { ICON_CACHE_CONTROL, MANIFEST_PATH, siteIconTypes, webManifest } from "./site-icons.ts";

/**
 * Addresses that are not pages: the API, the remotes' files, the shell's own files, the mail
 * provider's webhook, the development outbox, and the passthrough addresses of the route table
 * (feeds, sitemaps, images). `null` when the address is a page.
 */
export function otherAddress(shell: ShellRequest): Promise<Response> | Response | null {
  const { url, request, env } = shell;
  const path = url.pathname;
  if (path.startsWith("/api/")) {
    // A browser may change data through the API only from this site's own pages (SECURITY 14).
    const writes =
      request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
    if (writes && !isSameOrigin(request, shell.config.PUBLIC_ORIGIN)) {
      return json(403, {
        error: {
          code: "cross_site_request",
          message: "Requests from other sites may not change data.",
        },
      });
    }
    return forward(env.API, shell);
  }
  if (path.startsWith("/_mf/")) {
    const fragment = remoteOf(path);
    return fragment ? forward(fragmentBinding(env, fragment), shell) : plain(404, "Not found");
  }
  if (path.startsWith("/_shell/") || Object.hasOwn(siteIconTypes, path)) return shellAsset(shell);
  if (path === MANIFEST_PATH) {
    if (request.method !== "GET" && request.method !== "HEAD") return readOnly();
    return manifestAnswer(shell.config.PUBLICATION_NAME);
  }
  if (path === MAIL_EVENTS_PATH) {
    // The mail provider's bounce and complaint webhook (docs/email.md): a server, not a
    // browser, so no same-origin check here; the API checks the provider's secret.
    if (request.method !== "POST")
      return plain(405, "This address only answers POST.", { allow: "POST" });
    return forward(env.API, shell, API_MAIL_EVENTS_PATH);
  }
  if (path.startsWith("/_dev/")) {
    // Development tools (the mail outbox) do not exist outside a local stack.
    return env.ENVIRONMENT === "development" ? forward(env.API, shell) : plain(404, "Not found");
  }
  const passthrough = matchPassthrough(path);
  if (!passthrough) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return readOnly();
  return forward(passthrough.target === "api" ? env.API : env.CONTENT, shell);
}

function remoteOf(pathname: string): FragmentName | null {
  const name = pathname.split("/")[2];
  return fragmentNames.find((fragment) => fragment === name) ?? null;
}

/** Where the mail provider posts its events, and the API route that handles them. */
const MAIL_EVENTS_PATH = "/_mail/events";
const API_MAIL_EVENTS_PATH = "/api/mail/events";

/** Hands the request on as it came, or at `path` on the same origin. */
function forward(binding: ServiceBinding, shell: ShellRequest, path?: string): Promise<Response> {
  const forwarded = path
    ? new Request(new URL(path, shell.url), shell.request)
    : new Request(shell.request);
  forwarded.headers.set("x-request-id", shell.requestId);
  return binding.fetch(forwarded);
}

/**
 * The shell's own files (its browser build, the icons), from the assets-only Worker behind the
 * `ASSETS` service binding (shell/wrangler.assets.toml): the shell itself has no asset router in
 * front of it, so a page costs no asset lookup. Files in a build folder never change;
 * `current.json` does.
 */
async function shellAsset(shell: ShellRequest): Promise<Response> {
  const { request, url } = shell;
  if (request.method !== "GET" && request.method !== "HEAD") return readOnly();
  const asset = await shell.env.ASSETS.fetch(
    new Request(`https://assets.internal${url.pathname}`, request),
  );
  if (!asset.ok && asset.status !== 304) {
    await asset.body?.cancel();
    return plain(404, "Not found");
  }
  const headers = new Headers(asset.headers);
  const iconType = Object.hasOwn(siteIconTypes, url.pathname) ? siteIconTypes[url.pathname] : null;
  // The type is the shell's to say for its icons: an .ico is not in every asset router's table.
  if (iconType) headers.set("content-type", iconType);
  headers.set(
    "cache-control",
    iconType
      ? ICON_CACHE_CONTROL
      : url.pathname.endsWith("/current.json")
        ? "no-cache"
        : "public, max-age=31536000, immutable",
  );
  return new Response(asset.body, { status: asset.status, headers });
}

function manifestAnswer(publicationName: string): Response {
  return new Response(JSON.stringify(webManifest(publicationName)), {
    headers: {
      "content-type": "application/manifest+json; charset=utf-8",
      "cache-control": ICON_CACHE_CONTROL,
    },
  });
}
