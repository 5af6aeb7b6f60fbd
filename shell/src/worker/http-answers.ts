/** The shell's own small answers: plain text, JSON, cookies on a response. */

export const NO_STORE = "no-store";

/** Longest query string (with its `?`) a page address may have (issue 14: a long `?save=`). */
export const MAX_PAGE_QUERY = 4096;

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

export function withCookies(headers: Headers, cookies: readonly string[]): Headers {
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return headers;
}
