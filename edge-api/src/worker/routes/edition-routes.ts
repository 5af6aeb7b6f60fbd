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
  type ReaderWindow,
} from "../../db/edition-queries.ts";
import type { PrintEditionRow } from "../../db/schema.ts";
import type { ArticleCard } from "../../contract/article-contract.ts";
import type {
  EditionCalendarResponse,
  EditionResponse,
  NearestEditionsResponse,
} from "../../contract/edition-contract.ts";
import { toArticleCard } from "../../domain/article-shaping.ts";
import { newestPublishedDate, type EditionSchedule } from "../../domain/edition-schedule.ts";
import { toEditionResponse } from "../../domain/edition-shaping.ts";
import { isCalendarMonth, monthBounds } from "../../domain/publication-dates.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { calendarDateSchema, noQuerySchema, validate } from "../request-validation.ts";

const calendarMonthSchema = z.string().length(7).refine(isCalendarMonth);

async function loadEdition(
  db: Database,
  edition: PrintEditionRow,
  window: ReaderWindow,
): Promise<EditionResponse> {
  const contents = await loadEditionContents(db, edition, window);
  const rows = await listVisibleArticlesByIds(
    db,
    contents.placements.map((placement) => placement.articleId),
    window.now,
  );
  const refs = await loadCardRefs(db, rows);
  const cardsByArticleId = new Map<number, ArticleCard>(
    rows.map((row) => [row.id, toArticleCard(row, refs)]),
  );
  return toEditionResponse({ date: edition.date, ...contents, cardsByArticleId });
}

/** What readers may see at `now` (`isPublished` in edition-queries.ts). */
function readerWindow(now: Date, schedule: EditionSchedule): ReaderWindow {
  return { now, newestDate: newestPublishedDate(now, schedule) };
}

/**
 * Only published editions that are out exist here: the desk published them and their
 * `publish_at` has come, or (no `publish_at`) the publish hour of their date in the
 * publication's zone has. Planned editions are the print desk's only (decision 0023).
 * An impossible date in the path (`2026-02-30`, `../x`) names no edition: 404.
 * An impossible `onOrBefore`, `month` or `date` query is a bad request: 400 `invalid_request`.
 */
export const editionRoutes = new Hono<AppEnv>()
  .get(
    "/latest",
    validate("query", z.strictObject({ onOrBefore: calendarDateSchema })),
    async (c) => {
      const { db, now, editionSchedule } = c.var;
      const window = readerWindow(now, editionSchedule);
      const { onOrBefore } = c.req.valid("query");
      const edition = await findLatestEditionOnOrBefore(db, onOrBefore, window);
      if (!edition) throw notFound("Edition");
      return c.json(await loadEdition(db, edition, window), 200);
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
        readerWindow(now, editionSchedule),
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
    const window = readerWindow(now, editionSchedule);
    const [edition, neighbours] = await Promise.all([
      findEditionByDate(db, date, window),
      findNeighbourDates(db, date, window),
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
      const window = readerWindow(now, editionSchedule);
      const edition = await findEditionByDate(db, c.req.valid("param").date, window);
      if (!edition) throw notFound("Edition");
      return c.json(await loadEdition(db, edition, window), 200);
    },
  );
