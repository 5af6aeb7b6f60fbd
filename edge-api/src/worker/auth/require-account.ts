import { createMiddleware } from "hono/factory";
import { isSessionLive } from "../../db/session-queries.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { verifyAccessToken } from "./access-tokens.ts";

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * The guard of every account route: a valid access token (ES256 only, our issuer and
 * audience, not expired) whose session is still live, so a signed-out token stops at once.
 */
export const requireAccount = createMiddleware<AppEnv>(async (c, next) => {
  const match = BEARER.exec(c.req.header("authorization") ?? "");
  if (!match?.[1]) throw new ApiError("unauthorized");
  const { config, db, now } = c.var;
  const claims = await verifyAccessToken(config.signingKeys(), match[1], now);
  if (!claims || !(await isSessionLive(db, claims.accountId, claims.sessionId, now))) {
    throw new ApiError("unauthorized");
  }
  c.set("viewer", { accountId: claims.accountId, sessionId: claims.sessionId });
  await next();
});

/** Account answers are personal: never stored by any cache (the JWKS sets its own policy). */
export const privateResponses = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
});
