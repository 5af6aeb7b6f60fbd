import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from "drizzle-orm";
import type { Placeholder } from "drizzle-orm";
import type { Database } from "./database.ts";
import { momentValue, type QueryMoment } from "./prepared-batch.ts";
import { printEditions, printPages, printPlacements } from "./schema.ts";
import type { PrintEditionRow, PrintPageRow, PrintPlacementRow } from "./schema.ts";

/**
 * What readers may see at this moment (decision 0023): `now`, and `newestDate`, the newest
 * edition date whose publish hour has come (`newestPublishedDate` in
 * `src/domain/edition-schedule.ts`).
 */
export interface ReaderWindow {
  now: Date;
  newestDate: string;
}

/** A `ReaderWindow` as a statement built once may take it: each part a value or a placeholder. */
export interface ReaderWindowQuery {
  now: QueryMoment;
  newestDate: string | Placeholder;
}

/**
 * An edition exists for readers when the desk has published it and it is out: at its
 * `publish_at` when one was set ("now"), else at the publish hour of its date. Planned
 * editions and later ones do not exist yet.
 */
export const isPublished = ({ now, newestDate }: ReaderWindowQuery) =>
  and(
    eq(printEditions.status, "published"),
    or(
      and(
        isNotNull(printEditions.publishAt),
        sql`${printEditions.publishAt} <= ${momentValue(now)}`,
      ),
      and(isNull(printEditions.publishAt), lte(printEditions.date, newestDate)),
    ),
  );

export async function findEditionByDate(
  db: Database,
  date: string,
  window: ReaderWindow,
): Promise<PrintEditionRow | undefined> {
  const rows = await db
    .select()
    .from(printEditions)
    .where(and(eq(printEditions.date, date), isPublished(window)))
    .limit(1);
  return rows[0];
}

export async function findLatestEditionOnOrBefore(
  db: Database,
  date: string,
  window: ReaderWindow,
): Promise<PrintEditionRow | undefined> {
  const rows = await db
    .select()
    .from(printEditions)
    .where(and(lte(printEditions.date, date), isPublished(window)))
    .orderBy(desc(printEditions.date))
    .limit(1);
  return rows[0];
}

function previousDateQuery(db: Database, date: string, window: ReaderWindow) {
  return db
    .select({ date: printEditions.date })
    .from(printEditions)
    .where(and(lt(printEditions.date, date), isPublished(window)))
    .orderBy(desc(printEditions.date))
    .limit(1);
}

function nextDateQuery(db: Database, date: string, window: ReaderWindow) {
  return db
    .select({ date: printEditions.date })
    .from(printEditions)
    .where(and(gt(printEditions.date, date), isPublished(window)))
    .orderBy(asc(printEditions.date))
    .limit(1);
}

export interface NeighbourDates {
  previousDate: string | null;
  nextDate: string | null;
}

/** The published editions nearest to `date` on either side (`date` itself excluded). */
export async function findNeighbourDates(
  db: Database,
  date: string,
  window: ReaderWindow,
): Promise<NeighbourDates> {
  const [previous, next] = await db.batch([
    previousDateQuery(db, date, window),
    nextDateQuery(db, date, window),
  ]);
  return { previousDate: previous[0]?.date ?? null, nextDate: next[0]?.date ?? null };
}

/** Dates of the published editions from `first` to `last` (inclusive), oldest first. */
export async function listEditionDates(
  db: Database,
  range: { first: string; last: string },
  window: ReaderWindow,
): Promise<{ dates: string[] } & NeighbourDates> {
  const [rows, previous, next] = await db.batch([
    db
      .select({ date: printEditions.date })
      .from(printEditions)
      .where(
        and(
          gte(printEditions.date, range.first),
          lte(printEditions.date, range.last),
          isPublished(window),
        ),
      )
      .orderBy(asc(printEditions.date)),
    previousDateQuery(db, range.first, window),
    nextDateQuery(db, range.last, window),
  ]);
  return {
    dates: rows.map((row) => row.date),
    previousDate: previous[0]?.date ?? null,
    nextDate: next[0]?.date ?? null,
  };
}

/** Pages, placements and both neighbouring dates of an edition, in one round trip. */
export async function loadEditionContents(
  db: Database,
  edition: PrintEditionRow,
  window: ReaderWindow,
) {
  const pageIds = db
    .select({ id: printPages.id })
    .from(printPages)
    .where(eq(printPages.editionId, edition.id));
  const [pages, placements, previous, next] = await db.batch([
    db.select().from(printPages).where(eq(printPages.editionId, edition.id)),
    db.select().from(printPlacements).where(inArray(printPlacements.pageId, pageIds)),
    previousDateQuery(db, edition.date, window),
    nextDateQuery(db, edition.date, window),
  ]);
  const contents: {
    pages: PrintPageRow[];
    placements: PrintPlacementRow[];
    previousDate: string | null;
    nextDate: string | null;
  } = {
    pages,
    placements,
    previousDate: previous[0]?.date ?? null,
    nextDate: next[0]?.date ?? null,
  };
  return contents;
}
