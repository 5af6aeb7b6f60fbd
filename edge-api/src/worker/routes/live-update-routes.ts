import { Hono } from "hono";
import { z } from "zod";
import { LIVE_UPDATES_PAGE, type LiveUpdatesResponse } from "../../contract/live-contract.ts";
import { findArticleForReaders } from "../../db/article-queries.ts";
import { liveBlogQuery, liveUpdatesQuery } from "../../db/live-queries.ts";
import { toLiveUpdate } from "../../domain/live-shaping.ts";
import { ApiError, notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { slugSchema, validate } from "../request-validation.ts";

/** Long enough for a live blog's crowd to cost the API one request every two seconds. */
export const LIVE_UPDATES_CACHE = "public, max-age=2, stale-while-revalidate=2";

const updatesQuery = z.strictObject({
  /** An update's id: the newest one the page shows. */
  after: z
    .string()
    .regex(/^(?:0|[1-9]\d{0,14})$/)
    .optional(),
});

/**
 * `GET /api/articles/:slug/updates?after=<id>` (issue 16, decision 0021): what an open live
 * page polls. Public like the article: 404 for an article readers cannot see or one that was
 * never live, 410 for one taken down, 400 `invalid_cursor` for a malformed `after`. Two small
 * indexed queries after the article's own lookup; the answer is tiny and cached for 2 s.
 */
export const liveUpdateRoutes = new Hono<AppEnv>().get(
  "/:slug/updates",
  validate("param", z.strictObject({ slug: slugSchema })),
  validate("query", updatesQuery),
  async (c) => {
    const { db, now } = c.var;
    const found = await findArticleForReaders(db, c.req.valid("param").slug, now);
    if (!found) throw notFound("Article");
    if (found.kind === "gone") throw new ApiError("gone");
    const { after } = c.req.valid("query");
    const [[blog], updates] = await db.batch([
      liveBlogQuery(db, found.row.id),
      liveUpdatesQuery(db, found.row.id, {
        ...(after === undefined ? {} : { afterId: Number(after) }),
        limit: LIVE_UPDATES_PAGE + 1,
      }),
    ]);
    if (!blog) throw new ApiError("not_found", "This article is not a live blog.");
    const body: LiveUpdatesResponse = {
      state: blog.state,
      endedAt: blog.endedAt?.toISOString() ?? null,
      updates: updates.slice(0, LIVE_UPDATES_PAGE).map(toLiveUpdate),
      more: updates.length > LIVE_UPDATES_PAGE,
    };
    c.header("cache-control", LIVE_UPDATES_CACHE);
    return c.json(body, 200);
  },
);
