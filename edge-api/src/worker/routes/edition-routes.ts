import { Hono } from "hono";
import { z } from "zod";
import { listVisibleArticlesByIds } from "../../db/article-queries.ts";
import { loadCardRefs } from "../../db/article-ref-queries.ts";
import type { Database } from "../../db/database.ts";
import {
  findEditionByDate,
  findLatestEditionOnOrBefore,
  loadEditionContents,
} from "../../db/edition-queries.ts";
import type { PrintEditionRow } from "../../db/schema.ts";
import type { ArticleCard, EditionResponse } from "../../domain/api-types.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import { toEditionResponse } from "../../domain/edition-shaping.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { calendarDateSchema, noQuerySchema, validate } from "../request-validation.ts";

async function loadEdition(
  db: Database,
  edition: PrintEditionRow,
  now: Date,
): Promise<EditionResponse> {
  const contents = await loadEditionContents(db, edition, now);
  const rows = await listVisibleArticlesByIds(
    db,
    contents.placements.map((placement) => placement.articleId),
    now,
  );
  const refs = await loadCardRefs(db, rows);
  const cardsByArticleId = new Map<number, ArticleCard>(
    rows.map((row) => [row.id, toArticleCard(row, refs)]),
  );
  return toEditionResponse({ date: edition.date, ...contents, cardsByArticleId });
}

/**
 * An impossible date in the path (`2026-02-30`, `../x`) names no edition: 404.
 * An impossible `onOrBefore` is a bad request: 400 `invalid_request`.
 */
export const editionRoutes = new Hono<AppEnv>()
  .get(
    "/latest",
    validate("query", z.strictObject({ onOrBefore: calendarDateSchema })),
    async (c) => {
      const { db, now } = c.var;
      const edition = await findLatestEditionOnOrBefore(db, c.req.valid("query").onOrBefore, now);
      if (!edition) throw notFound("Edition");
      return c.json(await loadEdition(db, edition, now), 200);
    },
  )
  .get(
    "/:date",
    validate("param", z.strictObject({ date: calendarDateSchema })),
    validate("query", noQuerySchema),
    async (c) => {
      const { db, now } = c.var;
      const edition = await findEditionByDate(db, c.req.valid("param").date, now);
      if (!edition) throw notFound("Edition");
      return c.json(await loadEdition(db, edition, now), 200);
    },
  );
