import { Hono } from "hono";
import { z } from "zod";
import { findVisibleArticleBySlug } from "../../db/article-queries.ts";
import {
  findNewestPlacement,
  listTagsOfArticle,
  loadCardRefs,
} from "../../db/article-ref-queries.ts";
import { listRelatedArticles } from "../../db/related-queries.ts";
import type { ArticleResponse } from "../../domain/api-types.ts";
import { toArticleDetail } from "../../domain/article-shaping.ts";
import { newestPublishedDate } from "../../domain/edition-schedule.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, slugSchema, validate } from "../request-validation.ts";

export const articleRoutes = new Hono<AppEnv>().get(
  "/:slug",
  validate("param", z.strictObject({ slug: slugSchema })),
  validate("query", noQuerySchema),
  async (c) => {
    const { db, now, editionSchedule } = c.var;
    const article = await findVisibleArticleBySlug(db, c.req.valid("param").slug, now);
    if (!article) throw notFound("Article");
    const [tags, print, related] = await Promise.all([
      listTagsOfArticle(db, article.id),
      findNewestPlacement(db, article.id, newestPublishedDate(now, editionSchedule)),
      listRelatedArticles(db, article, now),
    ]);
    // One batch of references for the article and its related cards together.
    const refs = await loadCardRefs(db, [article, ...related]);
    const body: ArticleResponse = {
      article: toArticleDetail(article, { refs, tags, print, related }),
    };
    return c.json(body, 200);
  },
);
