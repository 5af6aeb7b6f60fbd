/** The shell's own small answers: plain text, JSON, cookies on a response. */

export const NO_STORE = "no-store";

/**
 * Longest query string (with its `?`) a page address may have: a last net under the fragments,
 * which answer their own parameters that are too long with a 400 page (issue 14). Cloudflare
 * refuses longer URLs at the edge; a local stack does not.
 */
export const MAX_PAGE_QUERY = 16_384;

export function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": NO_STORE, ...extra },
  });
}

export function json(status: number, body: unknown, cacheControl = NO_STORE): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": cacheControl },
  });
}

/** 405 for an address that is only read (pages, feeds, the shell's files). */
export function readOnly(): Response {
  return plain(405, "This address only answers GET and HEAD.", { allow: "GET, HEAD" });
}

/**
 * A file for the reader to keep (issue 15: "Download your data"): an attachment, stored by no
 * cache. The filename is checked by the contract (letters, digits, `.`, `_`, `-`), so it needs
 * no escaping in the header.
 */
export function attachmentHeaders(file: { filename: string; contentType: string }): Headers {
  return new Headers({
    "content-type": `${file.contentType}; charset=utf-8`,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "cache-control": NO_STORE,
  });
}

export function withCookies(headers: Headers, cookies: readonly string[]): Headers {
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return headers;
}
