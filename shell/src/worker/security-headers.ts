const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Powerful features no page of the site uses, off for every document and anything it embeds
 * (issue 14). Only names browsers know: an unknown one is a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

/** What a response that sets a cookie is sent with, whatever its code asked for. */
export const COOKIE_CACHE_CONTROL = "private, no-store";

/**
 * Headers every shell response carries, error pages, redirects and forwarded answers included:
 * this is the last pass over every response of the site (shell-worker.ts).
 */
export function applyBaseSecurityHeaders(headers: Headers): void {
  for (const [name, value] of BASE_HEADERS) headers.set(name, value);
  if (!headers.has("referrer-policy")) headers.set("referrer-policy", DEFAULT_REFERRER_POLICY);
  keepCookiesPrivate(headers);
}

const DEFAULT_REFERRER_POLICY = "strict-origin-when-cross-origin";
const BASE_HEADERS: readonly (readonly [string, string])[] = [
  ["strict-transport-security", HSTS],
  ["x-content-type-options", "nosniff"],
  ["permissions-policy", PERMISSIONS_POLICY],
  // Another site's window opened from ours (or opening ours) gets no handle on it.
  ["cross-origin-opener-policy", "same-origin"],
];

/** Responses built with every base header already in them (`withBaseSecurityHeaders`). */
const alreadySecured = new WeakSet<Response>();

/**
 * A kept page's headers (never a cookie: edge-cache.ts refuses to keep one) with the base
 * security headers added, as one object made once per kept page: the runtime reads a plain
 * object's headers faster than a list of pairs, and a hit only adds its own two to a copy.
 * Kept headers come from a `Headers` (one value per name), so an object loses nothing.
 */
export function withBaseSecurityHeaders(headers: [string, string][]): Record<string, string> {
  const secured: Record<string, string> = {};
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    if (key === "set-cookie") {
      throw new Error("a response with cookies goes through applyBaseSecurityHeaders");
    }
    secured[key] = key in secured ? `${secured[key]}, ${value}` : value;
  }
  for (const [name, value] of BASE_HEADERS) secured[name] = value;
  secured["referrer-policy"] ??= DEFAULT_REFERRER_POLICY;
  return secured;
}

/**
 * A response whose headers came from `withBaseSecurityHeaders`: the last pass
 * (`withSecurityHeaders`) has nothing to add to it, so it skips the header writes.
 */
export function securedResponse(
  body: BodyInit | null,
  status: number,
  headers: Record<string, string>,
): Response {
  const response = new Response(body, { status, headers });
  alreadySecured.add(response);
  return response;
}

/**
 * A response that sets a cookie is never stored by a shared cache (issue 14): whatever code
 * path made it, `public` (or no policy at all) becomes `private, no-store` here, so no browser
 * or CDN hands one reader's session cookie to another.
 */
function keepCookiesPrivate(headers: Headers): void {
  if (!headers.has("set-cookie")) return;
  const policy = headers.get("cache-control") ?? "";
  if (!/\bno-store\b/i.test(policy) || /\bpublic\b/i.test(policy)) {
    headers.set("cache-control", COOKIE_CACHE_CONTROL);
  }
  headers.delete("cdn-cache-control");
}

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * A strict CSP: only scripts carrying this response's nonce, and what they load, may run.
 * Newsroom pages may also show `blob:` images: the upload form previews the chosen photograph
 * from the person's own disk (an object URL, which only this page's scripts can make).
 */
export function contentSecurityPolicy(nonce: string, newsroom = false): string {
  const [before, after] = newsroom ? NEWSROOM_POLICY : READERS_POLICY;
  return `${before}${nonce}${after}`;
}

/** The policy around its nonce, written once per isolate. */
function policyAroundNonce(newsroom: boolean): [string, string] {
  const policy = [
    "default-src 'self'",
    "script-src 'nonce-\0' 'strict-dynamic'",
    "style-src 'self'",
    newsroom ? "img-src 'self' data: blob:" : "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
  const at = policy.indexOf("\0");
  return [policy.slice(0, at), policy.slice(at + 1)];
}

const READERS_POLICY = policyAroundNonce(false);
const NEWSROOM_POLICY = policyAroundNonce(true);

export function withSecurityHeaders(response: Response): Response {
  if (alreadySecured.has(response)) return response;
  try {
    // Responses the shell made itself have mutable headers: no copy needed.
    applyBaseSecurityHeaders(response.headers);
    return response;
  } catch {
    // A binding's response has immutable headers.
    const copy = new Response(response.body, response);
    applyBaseSecurityHeaders(copy.headers);
    return copy;
  }
}
