import { Hono } from "hono";
import { z } from "zod";
import { findVisibleArticleBySlug } from "../../db/article-queries.ts";
import {
  findNewestPlacement,
  listTagsOfArticle,
  loadCardRefs,
} from "../../db/article-ref-queries.ts";
import type { ArticleResponse } from "../../domain/api-types.ts";
import { toArticleDetail } from "../../domain/article-shaping.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, slugSchema, validate } from "../request-validation.ts";

export const articleRoutes = new Hono<AppEnv>().get(
  "/:slug",
  validate("param", z.strictObject({ slug: slugSchema })),
  validate("query", noQuerySchema),
  async (c) => {
    const { db, now } = c.var;
    const article = await findVisibleArticleBySlug(db, c.req.valid("param").slug, now);
    if (!article) throw notFound("Article");
    const [refs, tags, print] = await Promise.all([
      loadCardRefs(db, [article]),
      listTagsOfArticle(db, article.id),
      findNewestPlacement(db, article.id, now),
    ]);
    const body: ArticleResponse = { article: toArticleDetail(article, refs, tags, print) };
    return c.json(body, 200);
  },
);
