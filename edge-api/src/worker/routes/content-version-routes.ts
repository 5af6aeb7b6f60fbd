import { Hono } from "hono";
import { readContentVersion } from "../../db/content-version-queries.ts";
import type { ContentVersionResponse } from "../../contract/content-contract.ts";
import { newestPublishedDate } from "../../domain/edition-schedule.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, validate } from "../request-validation.ts";

/**
 * What readers can see right now, as one opaque string: it changes when content is written
 * (publish, edit, unpublish, delete), when a scheduled article's time comes, and when a new
 * print edition comes out. The shell keys its edge cache on it (issue 7), so it is never cached.
 */
export const contentVersionRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", noQuerySchema),
  async (c) => {
    const { db, now, editionSchedule } = c.var;
    const row = await readContentVersion(db, now);
    const body: ContentVersionResponse = {
      version: [
        row.counter,
        row.newestVisible ?? 0,
        newestPublishedDate(now, editionSchedule),
      ].join("."),
    };
    c.header("cache-control", "no-store");
    return c.json(body, 200);
  },
);
