import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";

/** A generated image never changes under its address (a version is in it): cached for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves a generated image kept in R2 (`MEDIA`) under `key`: made by `make` on its first
 * request and stored, then read from R2, with its ETag (304 when the reader has it). `make`
 * answers null when there is nothing to make it from (the caller's 404). Photograph variants
 * and share cards both come through here.
 */
export async function serveStoredImage(
  c: Context<AppEnv>,
  key: string,
  contentType: string,
  make: () => Promise<Uint8Array<ArrayBuffer> | null>,
): Promise<Response | null> {
  let etag: string;
  let body: ReadableStream | Uint8Array<ArrayBuffer>;
  const stored = await c.env.MEDIA.get(key);
  if (stored) {
    etag = stored.httpEtag;
    body = stored.body;
  } else {
    const bytes = await make();
    if (!bytes) return null;
    const put = await c.env.MEDIA.put(key, bytes, { httpMetadata: { contentType } });
    etag = put.httpEtag;
    body = bytes;
  }
  const headers = {
    "content-type": contentType,
    "cache-control": IMMUTABLE,
    etag,
    "x-content-type-options": "nosniff",
  };
  if (c.req.header("if-none-match") === etag) {
    if (stored) await stored.body.cancel();
    return c.body(null, 304, headers);
  }
  return c.body(body, 200, headers);
}
