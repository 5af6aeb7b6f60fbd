import { and, asc, desc, eq, gt, gte, inArray, lt, lte } from "drizzle-orm";
import type { Database } from "./database.ts";
import { printEditions, printPages, printPlacements } from "./schema.ts";
import type { PrintEditionRow, PrintPageRow, PrintPlacementRow } from "./schema.ts";

/**
 * Every query takes `newestDate`, the newest edition date readers may see at this moment
 * (`newestPublishedDate` in `src/domain/edition-schedule.ts`): later editions do not exist yet.
 */
const isPublished = (newestDate: string) => lte(printEditions.date, newestDate);

export async function findEditionByDate(
  db: Database,
  date: string,
  newestDate: string,
): Promise<PrintEditionRow | undefined> {
  const rows = await db
    .select()
    .from(printEditions)
    .where(and(eq(printEditions.date, date), isPublished(newestDate)))
    .limit(1);
  return rows[0];
}

export async function findLatestEditionOnOrBefore(
  db: Database,
  date: string,
  newestDate: string,
): Promise<PrintEditionRow | undefined> {
  const rows = await db
    .select()
    .from(printEditions)
    .where(and(lte(printEditions.date, date), isPublished(newestDate)))
    .orderBy(desc(printEditions.date))
    .limit(1);
  return rows[0];
}

function previousDateQuery(db: Database, date: string, newestDate: string) {
  return db
    .select({ date: printEditions.date })
    .from(printEditions)
    .where(and(lt(printEditions.date, date), isPublished(newestDate)))
    .orderBy(desc(printEditions.date))
    .limit(1);
}

function nextDateQuery(db: Database, date: string, newestDate: string) {
  return db
    .select({ date: printEditions.date })
    .from(printEditions)
    .where(and(gt(printEditions.date, date), isPublished(newestDate)))
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
  newestDate: string,
): Promise<NeighbourDates> {
  const [previous, next] = await db.batch([
    previousDateQuery(db, date, newestDate),
    nextDateQuery(db, date, newestDate),
  ]);
  return { previousDate: previous[0]?.date ?? null, nextDate: next[0]?.date ?? null };
}

/** Dates of the published editions from `first` to `last` (inclusive), oldest first. */
export async function listEditionDates(
  db: Database,
  range: { first: string; last: string },
  newestDate: string,
): Promise<{ dates: string[] } & NeighbourDates> {
  const [rows, previous, next] = await db.batch([
    db
      .select({ date: printEditions.date })
      .from(printEditions)
      .where(
        and(
          gte(printEditions.date, range.first),
          lte(printEditions.date, range.last),
          isPublished(newestDate),
        ),
      )
      .orderBy(asc(printEditions.date)),
    previousDateQuery(db, range.first, newestDate),
    nextDateQuery(db, range.last, newestDate),
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
  newestDate: string,
) {
  const pageIds = db
    .select({ id: printPages.id })
    .from(printPages)
    .where(eq(printPages.editionId, edition.id));
  const [pages, placements, previous, next] = await db.batch([
    db.select().from(printPages).where(eq(printPages.editionId, edition.id)),
    db.select().from(printPlacements).where(inArray(printPlacements.pageId, pageIds)),
    previousDateQuery(db, edition.date, newestDate),
    nextDateQuery(db, edition.date, newestDate),
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
