import { Hono } from "hono";
import { z } from "zod";
import { listVisibleArticlesByIds } from "../../db/article-queries.ts";
import { loadCardRefs } from "../../db/article-ref-queries.ts";
import type { Database } from "../../db/database.ts";
import {
  findEditionByDate,
  findLatestEditionOnOrBefore,
  findNeighbourDates,
  listEditionDates,
  loadEditionContents,
} from "../../db/edition-queries.ts";
import type { PrintEditionRow } from "../../db/schema.ts";
import type { ArticleCard } from "../../contract/article-contract.ts";
import type {
  EditionCalendarResponse,
  EditionResponse,
  NearestEditionsResponse,
} from "../../contract/edition-contract.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import { newestPublishedDate } from "../../domain/edition-schedule.ts";
import { toEditionResponse } from "../../domain/edition-shaping.ts";
import { isCalendarMonth, monthBounds } from "../../domain/publication-dates.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { calendarDateSchema, noQuerySchema, validate } from "../request-validation.ts";

const calendarMonthSchema = z.string().length(7).refine(isCalendarMonth);

async function loadEdition(
  db: Database,
  edition: PrintEditionRow,
  now: Date,
  newestDate: string,
): Promise<EditionResponse> {
  const contents = await loadEditionContents(db, edition, newestDate);
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
 * Only published editions exist here: those dated on or before `newestPublishedDate` (the
 * publish hour of today's date in the publication's zone decides whether today's is out).
 * An impossible date in the path (`2026-02-30`, `../x`) names no edition: 404.
 * An impossible `onOrBefore`, `month` or `date` query is a bad request: 400 `invalid_request`.
 */
export const editionRoutes = new Hono<AppEnv>()
  .get(
    "/latest",
    validate("query", z.strictObject({ onOrBefore: calendarDateSchema })),
    async (c) => {
      const { db, now, editionSchedule } = c.var;
      const newestDate = newestPublishedDate(now, editionSchedule);
      const { onOrBefore } = c.req.valid("query");
      const edition = await findLatestEditionOnOrBefore(db, onOrBefore, newestDate);
      if (!edition) throw notFound("Edition");
      return c.json(await loadEdition(db, edition, now, newestDate), 200);
    },
  )
  .get(
    "/calendar",
    validate("query", z.strictObject({ month: calendarMonthSchema })),
    async (c) => {
      const { db, now, editionSchedule } = c.var;
      const { month } = c.req.valid("query");
      const found = await listEditionDates(
        db,
        monthBounds(month),
        newestPublishedDate(now, editionSchedule),
      );
      const body: EditionCalendarResponse = {
        month,
        dates: found.dates,
        previousMonth: found.previousDate?.slice(0, 7) ?? null,
        nextMonth: found.nextDate?.slice(0, 7) ?? null,
      };
      return c.json(body, 200);
    },
  )
  .get("/nearest", validate("query", z.strictObject({ date: calendarDateSchema })), async (c) => {
    const { db, now, editionSchedule } = c.var;
    const { date } = c.req.valid("query");
    const newestDate = newestPublishedDate(now, editionSchedule);
    const [edition, neighbours] = await Promise.all([
      findEditionByDate(db, date, newestDate),
      findNeighbourDates(db, date, newestDate),
    ]);
    const body: NearestEditionsResponse = {
      date,
      hasEdition: edition !== undefined,
      ...neighbours,
    };
    return c.json(body, 200);
  })
  .get(
    "/:date",
    validate("param", z.strictObject({ date: calendarDateSchema })),
    validate("query", noQuerySchema),
    async (c) => {
      const { db, now, editionSchedule } = c.var;
      const newestDate = newestPublishedDate(now, editionSchedule);
      const edition = await findEditionByDate(db, c.req.valid("param").date, newestDate);
      if (!edition) throw notFound("Edition");
      return c.json(await loadEdition(db, edition, now, newestDate), 200);
    },
  );
