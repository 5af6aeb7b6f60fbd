import { createMiddleware } from "hono/factory";
import { createDatabase } from "../db/database.ts";
import type { AppEnv } from "./app-env.ts";
import { readWorkerConfig } from "./worker-config.ts";

// Only ids that are safe to echo and to log; anything else is replaced, not trusted.
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && REQUEST_ID_PATTERN.test(given) ? given : crypto.randomUUID();
}

const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300, stale-if-error=86400";

/** Sets request id, config, database and clock; adds the headers every response carries. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("requestId", requestIdOf(c.req.raw));
  const config = readWorkerConfig(c.env);
  c.set("config", config);
  c.set("db", createDatabase(config.DB));
  c.set("timeZone", config.PUBLICATION_TIME_ZONE);
  c.set("editionSchedule", {
    timeZone: config.PUBLICATION_TIME_ZONE,
    publishHour: config.EDITION_PUBLISH_HOUR,
  });
  c.set("now", new Date());
  await next();
});

/** Runs outermost, so error responses get the same headers. */
export const responseHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set("x-request-id", c.get("requestId") ?? requestIdOf(c.req.raw));
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "no-referrer");
  headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  if (headers.get("content-type")?.startsWith("application/json")) {
    headers.set("content-type", "application/json; charset=utf-8");
  }
  // A 304 carries the policy of the 200 it stands for: a cache applies a 304's headers to the
  // copy it keeps, so `no-store` on it would undo an image's year.
  const fresh = c.res.status === 200 || c.res.status === 304;
  const cacheable = fresh && c.req.path !== "/api/health";
  // A handler may set its own policy for a success (images are immutable); errors never cache.
  if (!cacheable) headers.set("cache-control", "no-store");
  else if (!headers.has("cache-control")) headers.set("cache-control", PUBLIC_CACHE);
});
