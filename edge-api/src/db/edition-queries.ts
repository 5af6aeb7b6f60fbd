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
import type { Placeholder, SQL, SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { listVisibleArticlesByIds } from "./article-queries.ts";
import { cardRefStatements } from "./article-ref-queries.ts";
import type { Database } from "./database.ts";
import { momentValue, NOW_MS, preparedOnce, type QueryMoment } from "./prepared-batch.ts";
import { articles, printEditions, printPages, printPlacements } from "./schema.ts";
import type { PrintEditionRow } from "./schema.ts";

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

/** An edition date in a query: a value, or a subquery (`editionPageQueries`) or placeholder. */
type DateQuery = string | Placeholder | SQLWrapper;

function previousDateQuery(db: Database, date: DateQuery, window: ReaderWindowQuery) {
  return db
    .select({ date: printEditions.date })
    .from(printEditions)
    .where(and(lt(printEditions.date, date), isPublished(window)))
    .orderBy(desc(printEditions.date))
    .limit(1);
}

function nextDateQuery(db: Database, date: DateQuery, window: ReaderWindowQuery) {
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

const WINDOW: ReaderWindowQuery = { now: NOW_MS, newestDate: sql.placeholder("newestDate") };

/** The values of `WINDOW`'s placeholders. */
export function readerWindowValues(window: ReaderWindow) {
  return { nowMs: window.now.getTime(), newestDate: window.newestDate };
}

/**
 * Dates of the published editions from `first` to `last` (inclusive), oldest first, and the
 * nearest ones outside: one batch, built once per isolate (`prepared-batch.ts`), filled with
 * `first`, `last` and `readerWindowValues`.
 */
export const editionDatesQueries = preparedOnce((db) => {
  const [first, last] = [sql.placeholder("first"), sql.placeholder("last")];
  return [
    db
      .select({ date: printEditions.date })
      .from(printEditions)
      .where(
        and(gte(printEditions.date, first), lte(printEditions.date, last), isPublished(WINDOW)),
      )
      .orderBy(asc(printEditions.date))
      .prepare(),
    previousDateQuery(db, first, WINDOW).prepare(),
    nextDateQuery(db, last, WINDOW).prepare(),
  ] as const;
});

/** Which edition a reader's page shows: the newest on or before `onOrBefore`, or the one of `date`. */
export type EditionLookup = "latest" | "dated";

const editionConditions: Record<EditionLookup, SQL | undefined> = {
  latest: and(lte(printEditions.date, sql.placeholder("onOrBefore")), isPublished(WINDOW)),
  dated: and(eq(printEditions.date, sql.placeholder("date")), isPublished(WINDOW)),
};

function editionPageStatements(db: Database, lookup: EditionLookup) {
  const editionQuery = () =>
    db
      .select()
      .from(printEditions)
      .where(editionConditions[lookup])
      .orderBy(desc(printEditions.date))
      .limit(1);
  const edition = editionQuery().as("edition");
  const editionId = db.select({ id: edition.id }).from(edition);
  const editionDate = db.select({ date: edition.date }).from(edition);
  const pageIds = db
    .select({ id: printPages.id })
    .from(printPages)
    .where(eq(printPages.editionId, editionId));
  const placedIds = db
    .select({ id: printPlacements.articleId })
    .from(printPlacements)
    .where(inArray(printPlacements.pageId, pageIds));
  const ofPlaced = (column: SQLiteColumn) =>
    db.select({ value: column }).from(articles).where(inArray(articles.id, placedIds));
  return [
    editionQuery(),
    db.select().from(printPages).where(eq(printPages.editionId, editionId)),
    db.select().from(printPlacements).where(inArray(printPlacements.pageId, pageIds)),
    previousDateQuery(db, editionDate, WINDOW),
    nextDateQuery(db, editionDate, WINDOW),
    listVisibleArticlesByIds(db, placedIds, NOW_MS),
    ...cardRefStatements(db, {
      sectionIds: ofPlaced(articles.sectionId),
      categoryIds: ofPlaced(articles.categoryId),
      articleIds: placedIds,
      imageIds: ofPlaced(articles.leadImageId),
      mediaIds: ofPlaced(articles.leadMediaId),
    }),
  ] as const;
}

function preparedEditionPage(lookup: EditionLookup) {
  return preparedOnce((db) => {
    const statements = editionPageStatements(db, lookup);
    const [edition, pages, placements, previous, next, rows, ...refs] = statements;
    const [sections, categories, authors, images, media] = refs;
    return [
      edition.prepare(),
      pages.prepare(),
      placements.prepare(),
      previous.prepare(),
      next.prepare(),
      rows.prepare(),
      sections.prepare(),
      categories.prepare(),
      authors.prepare(),
      images.prepare(),
      media.prepare(),
    ] as const;
  });
}

/**
 * A reader's edition page in ONE D1 round trip (issue 19): the edition (looked up by `lookup`),
 * its pages and placements, both neighbouring dates, the placed stories readers may see and
 * their cards' references, every statement starting from the edition's lookup (a subquery of
 * one row by the unique date) rather than from ids an earlier round trip found. Built once per
 * isolate; filled with `onOrBefore` (latest) or `date` (dated) and `readerWindowValues`. The
 * references may cover a placed story readers cannot see yet; its card is never made.
 */
export const editionPageQueries: Record<EditionLookup, ReturnType<typeof preparedEditionPage>> = {
  latest: preparedEditionPage("latest"),
  dated: preparedEditionPage("dated"),
};
