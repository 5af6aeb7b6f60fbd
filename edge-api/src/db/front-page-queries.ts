import { and, eq, inArray, sql } from "drizzle-orm";
import { listColumns } from "./article-queries.ts";
import { auditInsert, auditInsertWhen, type AuditRecord } from "./audit-queries.ts";
import type { Database } from "./database.ts";
import { breakingBanner, frontPage } from "./front-page-schema.ts";
import { articles } from "./schema.ts";

/**
 * The front page's curation and the breaking-news banner (decision 0020): one row each, read by
 * primary key. Every write goes in one batch with its audit entry; the content version moves by
 * the triggers of migration 0014.
 */

/** The curation's row: one search by primary key (the home page reads it on every render). */
export function frontPageQuery(db: Database) {
  return db.select().from(frontPage).where(eq(frontPage.id, 1)).limit(1);
}

export async function readFrontPage(db: Database) {
  const [row] = await frontPageQuery(db);
  return row;
}

export interface FrontPageWrite {
  /** The revision the editor started from (0: before the first curation). */
  base: number;
  curation: string;
  now: Date;
  actorId: string;
  audit: AuditRecord;
}

/**
 * Replaces the curation when it is still at `base`: false (nothing written, no audit entry) when
 * another editor got there first. The check is in the statement itself, so two writes from one
 * base cannot both land.
 */
export async function writeFrontPage(db: Database, write: FrontPageWrite): Promise<boolean> {
  const { base, curation, now, actorId } = write;
  const values = { revision: base + 1, curation, updatedAt: now, updatedBy: actorId };
  const change =
    base === 0
      ? db
          .insert(frontPage)
          .values({ id: 1, ...values })
          .onConflictDoNothing()
          .returning({ revision: frontPage.revision })
      : db
          .update(frontPage)
          .set(values)
          .where(and(eq(frontPage.id, 1), eq(frontPage.revision, base)))
          .returning({ revision: frontPage.revision });
  const written = sql`EXISTS (SELECT 1 FROM ${frontPage} WHERE ${frontPage.id} = 1
    AND ${frontPage.revision} = ${base + 1} AND ${frontPage.updatedAt} = ${now.getTime()}
    AND ${frontPage.updatedBy} = ${actorId})`;
  const [rows] = await db.batch([change, auditInsertWhen(db, write.audit, written)]);
  return rows.length === 1;
}

/** What the write checks a curated story against: any status, by id. */
export function findStoriesByIds(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: articles.id, status: articles.status, sectionId: articles.sectionId })
    .from(articles)
    .where(inArray(articles.id, [...new Set(ids)]));
}

/** The curated stories for the desk, whatever their status now. */
export function listCuratedStories(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(listColumns)
    .from(articles)
    .where(inArray(articles.id, [...new Set(ids)]));
}

// ---- The banner --------------------------------------------------------------------------

export function readBanner(db: Database) {
  return db.select().from(breakingBanner).where(eq(breakingBanner.id, 1)).get();
}

export interface BannerWrite {
  headline: string;
  link: string;
  active: boolean;
  now: Date;
  actorId: string;
  audit: AuditRecord;
}

/** Sets the banner (the last editor wins: it is one line, not a document). */
export async function writeBanner(db: Database, write: BannerWrite): Promise<void> {
  const values = {
    headline: write.headline,
    link: write.link,
    active: write.active,
    updatedAt: write.now,
    updatedBy: write.actorId,
  };
  await db.batch([
    db
      .insert(breakingBanner)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: breakingBanner.id, set: values }),
    auditInsert(db, write.audit),
  ]);
}

/** Turns the banner off, keeping its text; audited only when it was on. */
export async function switchBannerOff(
  db: Database,
  now: Date,
  actorId: string,
  audit: AuditRecord,
): Promise<void> {
  const wasOn = sql`EXISTS (SELECT 1 FROM ${breakingBanner} WHERE ${breakingBanner.id} = 1
    AND ${breakingBanner.active} = 1)`;
  await db.batch([
    auditInsertWhen(db, audit, wasOn),
    db
      .update(breakingBanner)
      .set({ active: false, updatedAt: now, updatedBy: actorId })
      .where(and(eq(breakingBanner.id, 1), eq(breakingBanner.active, true))),
  ]);
}
