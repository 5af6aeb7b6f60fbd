import { Hono } from "hono";
import { z } from "zod";
import { readerOutcome } from "../../db/article-queries.ts";
import { articlePageQueries, articlePageValues } from "../../db/article-page-queries.ts";
import { loadCardRefs, toPlacementRef } from "../../db/article-ref-queries.ts";
import { runPrepared } from "../../db/prepared-batch.ts";
import { pickRelated } from "../../db/related-queries.ts";
import type { ArticleResponse } from "../../contract/article-contract.ts";
import { bodyPhotographsOf, toArticleDetail } from "../../domain/article-shaping.ts";
import { toArticleLive } from "../../domain/live-shaping.ts";
import { ApiError, notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, slugSchema, validate } from "../request-validation.ts";

export const articleRoutes = new Hono<AppEnv>().get(
  "/:slug",
  validate("param", z.strictObject({ slug: slugSchema })),
  validate("query", noQuerySchema),
  async (c) => {
    const { db, now, editionSchedule } = c.var;
    // Two round trips to D1 whatever the article: everything that starts from its slug, then
    // the references of its card and its related cards together.
    const [
      current,
      old,
      tags,
      placements,
      corrections,
      [liveBlog],
      liveUpdates,
      relatedByTags,
      newestOfCategory,
    ] = await runPrepared(
      db,
      articlePageQueries(db),
      articlePageValues(c.req.valid("param").slug, now, editionSchedule),
    );
    // An old slug answers the article under its current slug (the page redirects); an
    // article the desk took down is 410 for readers at once.
    const found = readerOutcome(current, old, now);
    if (!found) throw notFound("Article");
    if (found.kind === "gone") throw new ApiError("gone");
    const article = found.row;
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
