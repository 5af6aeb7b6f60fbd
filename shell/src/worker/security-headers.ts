const HSTS = "max-age=63072000; includeSubDomains";

/** Headers every shell response carries, error pages included. */
export function applyBaseSecurityHeaders(headers: Headers): void {
  headers.set("strict-transport-security", HSTS);
  headers.set("x-content-type-options", "nosniff");
  if (!headers.has("referrer-policy")) {
    headers.set("referrer-policy", "strict-origin-when-cross-origin");
  }
}

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** A strict CSP: only scripts carrying this response's nonce, and what they load, may run. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "img-src 'self' data:",
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
