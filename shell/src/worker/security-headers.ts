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
  headers.set("strict-transport-security", HSTS);
  headers.set("x-content-type-options", "nosniff");
  headers.set("permissions-policy", PERMISSIONS_POLICY);
  // Another site's window opened from ours (or opening ours) gets no handle on it.
  headers.set("cross-origin-opener-policy", "same-origin");
  if (!headers.has("referrer-policy")) {
    headers.set("referrer-policy", "strict-origin-when-cross-origin");
  }
  keepCookiesPrivate(headers);
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
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    newsroom ? "img-src 'self' data: blob:" : "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export function withSecurityHeaders(response: Response): Response {
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
