import { Hono } from "hono";
import { z } from "zod";
import {
  findMaxVisibleId,
  listRecentArticlePaths,
  listVisibleArticlePathsInRange,
  loadSitemapIndex,
  SITEMAP_PAGE_SIZE,
} from "../../db/sitemap-queries.ts";
import { toNewsSitemap, toSitemapArticles, toSitemapIndex } from "../../domain/sitemap-shaping.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, validate } from "../request-validation.ts";

const MAX_PAGE = 1_000_000;
const pageParam = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9]\d{0,6}$/)
    .refine((value) => Number(value) <= MAX_PAGE),
});

/**
 * Article page n lists visible articles with ids in ((n-1)*1000, n*1000]: a primary-key range,
 * so no OFFSET and a page's contents never shift when older articles change.
 */
export const sitemapRoutes = new Hono<AppEnv>()
  .get("/", validate("query", noQuerySchema), async (c) => {
    const { db, now } = c.var;
    const rows = await loadSitemapIndex(db, now);
    const articlePages = rows.maxVisibleId ? Math.ceil(rows.maxVisibleId / SITEMAP_PAGE_SIZE) : 0;
    return c.json(toSitemapIndex({ ...rows, articlePages }), 200);
  })
  .get("/news", validate("query", noQuerySchema), async (c) => {
    const { db, now } = c.var;
    return c.json(toNewsSitemap(await listRecentArticlePaths(db, now)), 200);
  })
  .get(
    "/articles/:page",
    validate("param", pageParam),
    validate("query", noQuerySchema),
    async (c) => {
      const { db, now } = c.var;
      const page = Number(c.req.valid("param").page);
      const firstId = (page - 1) * SITEMAP_PAGE_SIZE + 1;
      const rows = await listVisibleArticlePathsInRange(db, firstId, page * SITEMAP_PAGE_SIZE, now);
      // An empty page inside the range (only drafts there) is still a page; past the end is not.
      if (rows.length === 0 && firstId > ((await findMaxVisibleId(db, now)) ?? 0)) {
        throw notFound("Sitemap page");
      }
      return c.json(toSitemapArticles(page, rows), 200);
    },
  );
