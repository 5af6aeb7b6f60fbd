import { and, asc, desc, eq, gt, inArray, lt, lte } from "drizzle-orm";
import type { Database } from "./database.ts";
import { printEditions, printPages, printPlacements } from "./schema.ts";
import type { PrintEditionRow, PrintPageRow, PrintPlacementRow } from "./schema.ts";

const isPublishedEdition = (now: Date) => lte(printEditions.publishedAt, now);

export async function findEditionByDate(
  db: Database,
  date: string,
  now: Date,
): Promise<PrintEditionRow | undefined> {
  const rows = await db
    .select()
    .from(printEditions)
    .where(and(eq(printEditions.date, date), isPublishedEdition(now)))
    .limit(1);
  return rows[0];
}

export async function findLatestEditionOnOrBefore(
  db: Database,
  date: string,
  now: Date,
): Promise<PrintEditionRow | undefined> {
  const rows = await db
    .select()
    .from(printEditions)
    .where(and(lte(printEditions.date, date), isPublishedEdition(now)))
    .orderBy(desc(printEditions.date))
    .limit(1);
  return rows[0];
}

/** Pages, placements and both neighbouring dates of an edition, in one round trip. */
export async function loadEditionContents(db: Database, edition: PrintEditionRow, now: Date) {
  const pageIds = db
    .select({ id: printPages.id })
    .from(printPages)
    .where(eq(printPages.editionId, edition.id));
  const [pages, placements, previous, next] = await db.batch([
    db.select().from(printPages).where(eq(printPages.editionId, edition.id)),
    db.select().from(printPlacements).where(inArray(printPlacements.pageId, pageIds)),
    db
      .select({ date: printEditions.date })
      .from(printEditions)
      .where(and(lt(printEditions.date, edition.date), isPublishedEdition(now)))
      .orderBy(desc(printEditions.date))
      .limit(1),
    db
      .select({ date: printEditions.date })
      .from(printEditions)
      .where(and(gt(printEditions.date, edition.date), isPublishedEdition(now)))
      .orderBy(asc(printEditions.date))
      .limit(1),
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
