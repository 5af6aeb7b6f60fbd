import { Hono } from "hono";
import { z } from "zod";
import { loadCardRefs } from "../../db/article-ref-queries.ts";
import { listVisibleCorrections } from "../../db/correction-queries.ts";
import type { CorrectionsAnswerSchema } from "../../contract/newsroom-contract.ts";
import { decodeCursor, encodeCursor } from "../../domain/article-cursor.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { cursorSchema, validate } from "../request-validation.ts";

export const CORRECTIONS_PAGE_SIZE = 20;

/**
 * `GET /api/corrections` (public): every correction on an article readers can see, newest
 * first, each with the article's card; `/pages/corrections` lists them. Keyset cursor.
 */
export const correctionsRoutes = new Hono<AppEnv>().get(
  "/",
  validate("query", z.strictObject({ cursor: cursorSchema.optional() })),
  async (c) => {
    const { db, now } = c.var;
    const { cursor } = c.req.valid("query");
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (after === null) throw new ApiError("invalid_cursor");
    const rows = await listVisibleCorrections(db, now, after, CORRECTIONS_PAGE_SIZE + 1);
    const page = rows.slice(0, CORRECTIONS_PAGE_SIZE);
    const refs = await loadCardRefs(
      db,
      page.map((row) => row.article),
    );
    const last = page.at(-1);
    const body: z.infer<typeof CorrectionsAnswerSchema> = {
      corrections: page.map((row) => ({
        at: row.createdAt.toISOString(),
        text: row.text,
        article: toArticleCard(row.article, refs),
      })),
      nextCursor:
        rows.length > CORRECTIONS_PAGE_SIZE && last
          ? encodeCursor({ publishedAt: last.createdAt, id: last.id })
          : null,
    };
    return c.json(body, 200);
  },
);
