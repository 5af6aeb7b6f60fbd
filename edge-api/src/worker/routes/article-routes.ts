import { Hono } from "hono";
import { z } from "zod";
import { findArticleForReaders } from "../../db/article-queries.ts";
import { correctionsOfArticleQuery } from "../../db/correction-queries.ts";
import {
  loadCardRefs,
  newestPlacementQuery,
  tagsOfArticleQuery,
  toPlacementRef,
} from "../../db/article-ref-queries.ts";
import { pickRelated, relatedQueries } from "../../db/related-queries.ts";
import type { ArticleResponse } from "../../contract/article-contract.ts";
import { bodyPhotographsOf, toArticleDetail } from "../../domain/article-shaping.ts";
import { ARTICLE_LIVE_UPDATES } from "../../contract/live-contract.ts";
import { liveBlogQuery, liveUpdatesQuery } from "../../db/live-queries.ts";
import { toArticleLive } from "../../domain/live-shaping.ts";
import { newestPublishedDate } from "../../domain/edition-schedule.ts";
import { ApiError, notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, slugSchema, validate } from "../request-validation.ts";

export const articleRoutes = new Hono<AppEnv>().get(
  "/:slug",
  validate("param", z.strictObject({ slug: slugSchema })),
  validate("query", noQuerySchema),
  async (c) => {
    const { db, now, editionSchedule } = c.var;
    // An old slug answers the article under its current slug (the page redirects); an
    // article the desk took down is 410 for readers at once.
    const found = await findArticleForReaders(db, c.req.valid("param").slug, now);
    if (!found) throw notFound("Article");
    if (found.kind === "gone") throw new ApiError("gone");
    const article = found.row;
    // Three round trips to D1 whatever the article: itself, then one batch of everything that
    // hangs off it, then the references of its card and its related cards together.
    const [
      tags,
      placements,
      corrections,
      [liveBlog],
      liveUpdates,
      relatedByTags,
      newestOfCategory,
    ] = await db.batch([
      tagsOfArticleQuery(db, article.id),
      newestPlacementQuery(db, article.id, {
        now,
        newestDate: newestPublishedDate(now, editionSchedule),
      }),
      correctionsOfArticleQuery(db, article.id),
      liveBlogQuery(db, article.id),
      liveUpdatesQuery(db, article.id, { limit: ARTICLE_LIVE_UPDATES }),
      ...relatedQueries(db, article, now),
    ]);
    const related = pickRelated(relatedByTags, newestOfCategory);
    const print = toPlacementRef(placements);
    const refs = await loadCardRefs(db, [article, ...related], bodyPhotographsOf(article));
    const body: ArticleResponse = {
      article: toArticleDetail(article, {
        refs,
        tags,
        print,
        related,
        corrections,
        // A live blog (issue 16): its state and newest updates, from the same batch.
        live: liveBlog ? toArticleLive(liveBlog, liveUpdates) : null,
      }),
    };
    return c.json(body, 200);
  },
);
