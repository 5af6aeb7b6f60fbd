import { Hono } from "hono";
import { z } from "zod";
import { toCardRefs } from "../../db/article-ref-queries.ts";
import type { Database } from "../../db/database.ts";
import {
  editionDatesQueries,
  editionPageQueries,
  findEditionByDate,
  findNeighbourDates,
  readerWindowValues,
  type EditionLookup,
  type ReaderWindow,
} from "../../db/edition-queries.ts";
import { runPrepared } from "../../db/prepared-batch.ts";
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

/** The reader's edition page from one batch (`editionPageQueries`); null: no such edition. */
async function loadEdition(
  db: Database,
  lookup: EditionLookup,
  values: Record<string, unknown>,
): Promise<EditionResponse | null> {
  const [[edition], pages, placements, previous, next, rows, ...refRows] = await runPrepared(
    db,
    editionPageQueries[lookup](db),
    values,
  );
  if (!edition) return null;
  const refs = toCardRefs(refRows);
  const cardsByArticleId = new Map<number, ArticleCard>(
    rows.map((row) => [row.id, toArticleCard(row, refs)]),
  );
  return toEditionResponse({
    date: edition.date,
    pages,
    placements,
    previousDate: previous[0]?.date ?? null,
    nextDate: next[0]?.date ?? null,
    cardsByArticleId,
  });
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
      const body = await loadEdition(db, "latest", { onOrBefore, ...readerWindowValues(window) });
      if (!body) throw notFound("Edition");
      return c.json(body, 200);
    },
  )
  .get(
    "/calendar",
    validate("query", z.strictObject({ month: calendarMonthSchema })),
    async (c) => {
      const { db, now, editionSchedule } = c.var;
      const { month } = c.req.valid("query");
      const [dates, previous, next] = await runPrepared(db, editionDatesQueries(db), {
        ...monthBounds(month),
        ...readerWindowValues(readerWindow(now, editionSchedule)),
      });
      const body: EditionCalendarResponse = {
        month,
        dates: dates.map((row) => row.date),
        previousMonth: previous[0]?.date.slice(0, 7) ?? null,
        nextMonth: next[0]?.date.slice(0, 7) ?? null,
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
      const { date } = c.req.valid("param");
      const window = readerWindowValues(readerWindow(now, editionSchedule));
      const body = await loadEdition(db, "dated", { date, ...window });
      if (!body) throw notFound("Edition");
      return c.json(body, 200);
    },
  );
