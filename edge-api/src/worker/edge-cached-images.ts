import type { MiddlewareHandler } from "hono";
import { executionContextOf } from "./after-answer.ts";
import type { AppEnv } from "./app-env.ts";
import { IMMUTABLE } from "./stored-image.ts";

/**
 * Generated images (photograph variants and share cards, decision 0022) are the same for
 * everyone under an address that carries their version (`?v=`), so they are kept in the edge's
 * own cache (the Workers Cache API, in the data centre that served them): a repeat is answered
 * there, without D1 or R2. Only a 200 the route marked immutable is kept; a redirect from an
 * older version, a 404 or an error never is. The reader's `If-None-Match` is answered here
 * too, from the kept copy's ETag.
 */
export const edgeCachedImages: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (c.req.method !== "GET" || !url.searchParams.has("v")) return next();
  // The address alone is the key: no cookie or header makes an image differ.
  const key = new Request(url.toString());
  const cache = caches.default;
  const kept = await cache.match(key);
  if (kept) {
    const etag = kept.headers.get("etag");
    if (etag !== null && c.req.header("if-none-match") === etag) {
      await kept.body?.cancel();
      return new Response(null, { status: 304, headers: kept.headers });
    }
    // A copy: the cache's own answer has headers that may not change, and the app adds some.
    return new Response(kept.body, kept);
  }
  await next();
  if (c.res.status !== 200 || c.res.headers.get("cache-control") !== IMMUTABLE) return;
  const keeping = cache.put(key, c.res.clone());
  const ctx = executionContextOf(c);
  // Without a context (tests) the copy is kept before the answer.
  if (ctx) ctx.waitUntil(keeping);
  else await keeping;
};
