import { Hono } from "hono";
import { z } from "zod";
import type { ArticleResponse } from "../../contract/article-contract.ts";
import {
  loadCardRefs,
  newestPlacementQuery,
  tagsOfArticleQuery,
} from "../../db/article-ref-queries.ts";
import { toPlacementRef } from "../../db/article-ref-queries.ts";
import { correctionsOfArticleQuery } from "../../db/correction-queries.ts";
import { pickRelated, relatedQueries } from "../../db/related-queries.ts";
import { findPreviewStory } from "../../db/story-queries.ts";
import { insertPreview } from "../../db/story-write-queries.ts";
import { bodyPhotographsOf, toArticleDetail } from "../../domain/article-shaping.ts";
import { newestPublishedDate } from "../../domain/edition-schedule.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "../auth/secret-tokens.ts";
import { validate } from "../request-validation.ts";
import { loadStory } from "../story-desk.ts";

export const PREVIEW_LIFETIME_MS = 24 * 3600_000;

const idParam = z.strictObject({ id: z.string().regex(/^[1-9]\d{0,14}$/) });
const tokenParam = z.strictObject({ token: z.string().regex(SECRET_TOKEN_PATTERN) });

/**
 * Private previews (mounted with the story routes, behind their staff guard): a link any
 * verified staff member can open for 24 hours, showing the story's current fields exactly as
 * the reader's article answer would. The token is 32 random bytes; only its SHA-256 is stored.
 */
export const newsroomPreviewRoutes = new Hono<AppEnv>()
  .post("/stories/:id/preview", validate("param", idParam), async (c) => {
    const { db, now, staff } = c.var;
    const { row } = await loadStory(c, c.req.valid("param").id);
    const token = newSecretToken();
    const expiresAt = new Date(now.getTime() + PREVIEW_LIFETIME_MS);
    await insertPreview(db, {
      tokenHash: await hashSecretToken(token),
      articleId: row.id,
      actorId: staff.accountId,
      now,
      expiresAt,
    });
    return c.json({ token, expiresAt: expiresAt.toISOString() }, 201);
  })
  .get("/previews/:token", validate("param", tokenParam), async (c) => {
    const { db, now, editionSchedule } = c.var;
    const stored = await findPreviewStory(
      db,
      await hashSecretToken(c.req.valid("param").token),
      now,
    );
    if (!stored) throw new ApiError("not_found", "This preview link is unknown or has expired.");
    // A draft has no publication time yet: the preview shows it as if it went out now.
    const article = { ...stored, publishedAt: stored.publishedAt ?? now };
    const [tags, placements, corrections, relatedByTags, newestOfCategory] = await db.batch([
      tagsOfArticleQuery(db, article.id),
      newestPlacementQuery(db, article.id, {
        now,
        newestDate: newestPublishedDate(now, editionSchedule),
      }),
      correctionsOfArticleQuery(db, article.id),
      ...relatedQueries(db, article, now),
    ]);
    const related = pickRelated(relatedByTags, newestOfCategory);
    const refs = await loadCardRefs(db, [article, ...related], bodyPhotographsOf(article));
    const print = toPlacementRef(placements);
    const body: ArticleResponse = {
      article: toArticleDetail(article, { refs, tags, print, related, corrections }),
    };
    return c.json(body, 200);
  });
