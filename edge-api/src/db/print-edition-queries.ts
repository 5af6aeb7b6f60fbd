import { and, asc, desc, eq, gte, inArray, lt, lte, notInArray, or, sql } from "drizzle-orm";
import { auditInsertWhen, type AuditRecord } from "./audit-queries.ts";
import type { Database } from "./database.ts";
import { containsText } from "./text-contains.ts";
import { articles, printEditions, printPages, printPlacements, sections } from "./schema.ts";

/**
 * The print desk's editions (decision 0023): the list, one edition with its pages and
 * placements, the stories of its news day not placed in it, and planning a new one.
 */

export async function findDeskEdition(db: Database, date: string) {
  const [row] = await db.select().from(printEditions).where(eq(printEditions.date, date)).limit(1);
  return row;
}

/** Editions from `from` to `to` (both included), newest first, with their counts. */
export function listDeskEditions(db: Database, from: string, to: string) {
  return db
    .select({
      date: printEditions.date,
      status: printEditions.status,
      publishAt: printEditions.publishAt,
      revision: printEditions.revision,
      // Written out: drizzle leaves a lone table's columns unqualified, which inside a
      // subquery would name the subquery's own table.
      pageCount: sql<number>`(SELECT count(*) FROM print_pages pp
        WHERE pp.edition_id = "print_editions"."id")`,
      placementCount: sql<number>`(SELECT count(*) FROM print_placements pl
        WHERE pl.edition_id = "print_editions"."id")`,
    })
    .from(printEditions)
    .where(and(gte(printEditions.date, from), lte(printEditions.date, to)))
    .orderBy(desc(printEditions.date));
}

/** The edition's pages in print order and its placements with their stories, one round trip. */
export async function loadDeskEdition(db: Database, editionId: number) {
  const [pages, placements] = await db.batch([
    db
      .select()
      .from(printPages)
      .where(eq(printPages.editionId, editionId))
      .orderBy(asc(printPages.book), asc(printPages.number)),
    editionPlacementsQuery(db, editionId),
  ]);
  return { pages, placements };
}

/** An edition's placements with their stories (by `print_placements_edition_article_unique`). */
export function editionPlacementsQuery(db: Database, editionId: number) {
  return db
    .select({
      pageId: printPlacements.pageId,
      articleId: printPlacements.articleId,
      order: printPlacements.order,
      printHeadline: printPlacements.printHeadline,
      isLead: printPlacements.isLead,
      slug: articles.slug,
      headline: articles.headline,
      status: articles.status,
      publishedAt: articles.publishedAt,
      submittedAt: articles.submittedAt,
      unpublishedAt: articles.unpublishedAt,
      createdBy: articles.createdBy,
    })
    .from(printPlacements)
    .innerJoin(articles, eq(articles.id, printPlacements.articleId))
    .where(eq(printPlacements.editionId, editionId))
    .orderBy(asc(printPlacements.pageId), asc(printPlacements.order));
}

/** A story as the desk offers it to place (unplaced, or found). */
const deskStoryColumns = {
  id: articles.id,
  slug: articles.slug,
  headline: articles.headline,
  publishedAt: articles.publishedAt,
  sectionSlug: sections.slug,
  sectionName: sections.name,
};

/** How many unplaced stories the desk lists at most. */
export const UNPLACED_LIMIT = 200;

/**
 * Published or scheduled stories of the news day `[from, to)` not placed in the edition,
 * newest first (the index on `published_at` serves the range).
 */
export function listUnplacedStories(
  db: Database,
  editionId: number,
  newsDay: { from: Date; to: Date },
) {
  const placed = db
    .select({ id: printPlacements.articleId })
    .from(printPlacements)
    .where(eq(printPlacements.editionId, editionId));
  return db
    .select(deskStoryColumns)
    .from(articles)
    .innerJoin(sections, eq(sections.id, articles.sectionId))
    .where(
      and(
        eq(articles.status, "published"),
        gte(articles.publishedAt, newsDay.from),
        lt(articles.publishedAt, newsDay.to),
        notInArray(articles.id, placed),
      ),
    )
    .orderBy(desc(articles.publishedAt))
    .limit(UNPLACED_LIMIT);
}

export interface PlannedPage {
  book: string;
  bookName: string;
  number: number;
}

/**
 * Creates the planned edition of `date` with `pages`, audited, in one batch: false (nothing
 * written) when the date already has an edition.
 */
export async function planEdition(
  db: Database,
  plan: { date: string; pages: PlannedPage[]; now: Date; audit: AuditRecord },
): Promise<boolean> {
  const { date, now } = plan;
  const created = sql`EXISTS (SELECT 1 FROM ${printEditions} WHERE ${printEditions.date} = ${date}
    AND ${printEditions.status} = 'planned' AND ${printEditions.revision} = 1
    AND ${printEditions.updatedAt} = ${now.getTime()})`;
  const [inserted] = await db.batch([
    db
      .insert(printEditions)
      .values({ date, status: "planned", revision: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: printEditions.id }),
    // One statement whatever the number of pages (a JSON parameter, not one per page); every
    // column in table order, a null id taking the next rowid.
    db.insert(printPages).select(
      sql`SELECT NULL, e.id, json_extract(p.value, '$.book'), json_extract(p.value, '$.bookName'),
        json_extract(p.value, '$.number')
      FROM ${printEditions} e, json_each(${JSON.stringify(plan.pages)}) p
      WHERE e.date = ${date} AND e.revision = 1 AND e.updated_at = ${now.getTime()}
        AND NOT EXISTS (SELECT 1 FROM ${printPages} q WHERE q.edition_id = e.id)`,
    ),
    auditInsertWhen(db, plan.audit, created),
  ]);
  return inserted.length === 1;
}

/** The books and pages of the edition of `date`, in print order (what a copy copies). */
export function listPagesOf(db: Database, editionIds: number[]) {
  return db
    .select({ book: printPages.book, bookName: printPages.bookName, number: printPages.number })
    .from(printPages)
    .where(inArray(printPages.editionId, editionIds))
    .orderBy(asc(printPages.book), asc(printPages.number));
}

/** The page `book`+`number` of an edition, or undefined when the plan has none. */
export async function findDeskPage(db: Database, editionId: number, book: string, number: number) {
  const [row] = await db
    .select()
    .from(printPages)
    .where(
      and(
        eq(printPages.editionId, editionId),
        eq(printPages.book, book),
        eq(printPages.number, number),
      ),
    )
    .limit(1);
  return row;
}

/** The stories a page save names, whatever their status, and where the edition has them. */
export async function findPlacementStories(db: Database, editionId: number, ids: number[]) {
  if (ids.length === 0) return { stories: [], placed: [] };
  const [stories, placed] = await db.batch([
    db
      .select({
        id: articles.id,
        headline: articles.headline,
        status: articles.status,
        publishedAt: articles.publishedAt,
        submittedAt: articles.submittedAt,
        unpublishedAt: articles.unpublishedAt,
        createdBy: articles.createdBy,
      })
      .from(articles)
      .where(inArray(articles.id, ids)),
    db
      .select({
        articleId: printPlacements.articleId,
        pageId: printPlacements.pageId,
        book: printPages.book,
        number: printPages.number,
      })
      .from(printPlacements)
      .innerJoin(printPages, eq(printPages.id, printPlacements.pageId))
      .where(
        and(eq(printPlacements.editionId, editionId), inArray(printPlacements.articleId, ids)),
      ),
  ]);
  return { stories, placed };
}

/**
 * A write's proof that its own revision update happened: a fresh random token the update sets,
 * which the batch's other statements look for (`moved`). Unlike the new revision and the
 * request's millisecond, no other write can hold it (decision 0023).
 */
function writeGuard(editionId: number) {
  const token = crypto.randomUUID();
  const moved = sql`EXISTS (SELECT 1 FROM ${printEditions} WHERE ${printEditions.id} = ${editionId}
    AND ${printEditions.writeToken} = ${token})`;
  return { moved, token };
}

export interface PagePlacement {
  articleId: number;
  printHeadline: string;
  isLead: boolean;
}

/**
 * Replaces the page's placements (order = array order) when the edition is still at `base`,
 * moving its revision, audited, in one batch: false (nothing written) when another editor
 * changed the edition since.
 */
export async function replacePagePlacements(
  db: Database,
  write: {
    editionId: number;
    pageId: number;
    base: number;
    placements: PagePlacement[];
    now: Date;
    audit: AuditRecord;
  },
): Promise<boolean> {
  const { editionId, pageId, base, now } = write;
  const { moved, token } = writeGuard(editionId);
  const rows = write.placements.map((placement, index) => ({
    articleId: placement.articleId,
    order: index + 1,
    printHeadline: placement.printHeadline,
    isLead: placement.isLead ? 1 : 0,
  }));
  const [updated] = await db.batch([
    db
      .update(printEditions)
      .set({ revision: base + 1, updatedAt: now, writeToken: token })
      .where(and(eq(printEditions.id, editionId), eq(printEditions.revision, base)))
      .returning({ id: printEditions.id }),
    db.delete(printPlacements).where(and(eq(printPlacements.pageId, pageId), moved)),
    // Every column in table order (a null id takes the next rowid).
    db.insert(printPlacements).select(
      sql`SELECT NULL, ${pageId}, json_extract(p.value, '$.articleId'),
        json_extract(p.value, '$.order'), json_extract(p.value, '$.printHeadline'),
        json_extract(p.value, '$.isLead'), ${editionId}
      FROM json_each(${JSON.stringify(rows)}) p WHERE ${moved}`,
    ),
    auditInsertWhen(db, write.audit, moved),
  ]);
  return updated.length === 1;
}

/**
 * Publishes the edition from `base` (at `publishAt`, or NULL: the publish hour of its date),
 * moving its revision, audited, in one batch: false (nothing written) when it changed since.
 */
export async function publishEdition(
  db: Database,
  write: { editionId: number; base: number; publishAt: Date | null; now: Date; audit: AuditRecord },
): Promise<boolean> {
  const { editionId, base, now } = write;
  const { moved, token } = writeGuard(editionId);
  const [updated] = await db.batch([
    db
      .update(printEditions)
      .set({
        status: "published",
        publishAt: write.publishAt,
        revision: base + 1,
        updatedAt: now,
        writeToken: token,
      })
      .where(and(eq(printEditions.id, editionId), eq(printEditions.revision, base)))
      .returning({ id: printEditions.id }),
    auditInsertWhen(db, write.audit, moved),
  ]);
  return updated.length === 1;
}

/**
 * Replaces the edition's plan with `pages` from `base`, in one batch, audited: pages not in
 * it are deleted (the caller checked they are empty), new ones added, kept ones keep their id
 * (and so their placements) and take their book's new name. False (nothing written) when
 * another editor changed the edition since.
 */
export async function replaceEditionPages(
  db: Database,
  write: {
    editionId: number;
    base: number;
    pages: PlannedPage[];
    now: Date;
    audit: AuditRecord;
  },
): Promise<boolean> {
  const { editionId, base, now } = write;
  const { moved, token } = writeGuard(editionId);
  const plan = JSON.stringify(write.pages);
  const [updated] = await db.batch([
    db
      .update(printEditions)
      .set({ revision: base + 1, updatedAt: now, writeToken: token })
      .where(and(eq(printEditions.id, editionId), eq(printEditions.revision, base)))
      .returning({ id: printEditions.id }),
    db.delete(printPages).where(
      and(
        eq(printPages.editionId, editionId),
        moved,
        sql`NOT EXISTS (SELECT 1 FROM json_each(${plan}) p
          WHERE json_extract(p.value, '$.book') = ${printPages.book}
            AND json_extract(p.value, '$.number') = ${printPages.number})`,
      ),
    ),
    db
      .update(printPages)
      .set({
        bookName: sql`(SELECT json_extract(p.value, '$.bookName') FROM json_each(${plan}) p
          WHERE json_extract(p.value, '$.book') = ${printPages.book} LIMIT 1)`,
      })
      .where(and(eq(printPages.editionId, editionId), moved)),
    // Every column in table order (a null id takes the next rowid).
    db.insert(printPages).select(
      sql`SELECT NULL, ${editionId}, json_extract(p.value, '$.book'),
        json_extract(p.value, '$.bookName'), json_extract(p.value, '$.number')
      FROM json_each(${plan}) p
      WHERE ${moved} AND NOT EXISTS (SELECT 1 FROM ${printPages} q
        WHERE q.edition_id = ${editionId} AND q.book = json_extract(p.value, '$.book')
          AND q.number = json_extract(p.value, '$.number'))`,
    ),
    auditInsertWhen(db, write.audit, moved),
  ]);
  return updated.length === 1;
}

/** How many stories the desk's search answers at most (the contract's). */
export const FOUND_STORIES_LIMIT = 20;

/**
 * Published or scheduled stories whose headline or slug holds `words` (`containsText`), newest
 * first, with the page each is on in the edition (or null).
 */
export function findDeskStories(db: Database, editionId: number, words: string, limit: number) {
  return db
    .select({
      ...deskStoryColumns,
      placedBook: printPages.book,
      placedNumber: printPages.number,
    })
    .from(articles)
    .innerJoin(sections, eq(sections.id, articles.sectionId))
    .leftJoin(
      printPlacements,
      and(eq(printPlacements.articleId, articles.id), eq(printPlacements.editionId, editionId)),
    )
    .leftJoin(printPages, eq(printPages.id, printPlacements.pageId))
    .where(
      and(
        eq(articles.status, "published"),
        sql`${articles.publishedAt} IS NOT NULL`,
        or(containsText(articles.headline, words), containsText(articles.slug, words)),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}
