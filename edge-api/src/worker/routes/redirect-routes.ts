import { Hono } from "hono";
import { z } from "zod";
import type { RedirectAnswer } from "../../contract/redirect-contract.ts";
import { findLegacyRedirect } from "../../db/legacy-redirect-queries.ts";
import { legacyPathKey } from "../../domain/legacy-paths.ts";
import { ApiError, notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { validate } from "../request-validation.ts";

// The shell sends a page address whose query is at most 16,384 characters (MAX_PAGE_QUERY).
const MAX_ASKED_PATH = 20_000;

const redirectQuery = z.strictObject({ path: z.string().min(1).max(MAX_ASKED_PATH) });

/**
 * `GET /api/redirects?path=<pathname and query>`: an imported publication's old address (issue
 * 18, decision 0024). Public: it answers only what readers may see anyway. The answer depends on
 * the content, so it carries the content reads' default cache policy.
 */
export const redirectRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", redirectQuery),
  async (c) => {
    const asked = c.req.valid("query").path;
    const at = asked.indexOf("?");
    const key =
      at < 0 ? legacyPathKey(asked, "") : legacyPathKey(asked.slice(0, at), asked.slice(at));
    if (key === null) {
      throw new ApiError(
        "invalid_request",
        "path must be a path on this site (starting with /), without spaces, of at most 1,000 characters.",
      );
    }
    const target = await findLegacyRedirect(c.var.db, key, c.var.now);
    if (!target) throw notFound("Old address");
    const body: RedirectAnswer = { target };
    return c.json(body, 200);
  },
);
