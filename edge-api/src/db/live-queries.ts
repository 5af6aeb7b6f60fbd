import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { auditInsertWhen, type AuditRecord } from "./audit-queries.ts";
import type { Database } from "./database.ts";
import { liveBlogs, liveUpdates, type LiveBlogRow, type LiveUpdateRow } from "./live-schema.ts";

/**
 * The live blog's reads and writes (decision 0021). Each write is one `db.batch` whose change
 * and audit entry share one condition (the state it starts from, or the update's version), so
 * a write that lost a race changes nothing and records nothing; the caller answers 409.
 */

export function liveBlogQuery(db: Database, articleId: number | SQL) {
  return db.select().from(liveBlogs).where(eq(liveBlogs.articleId, articleId));
}

/** Newest first; after `afterId` when given; `limit` rows at most. */
export function liveUpdatesQuery(
  db: Database,
  articleId: number | SQL,
  options: { afterId?: number; limit?: number } = {},
) {
  const query = db
    .select()
    .from(liveUpdates)
    .where(
      and(
        eq(liveUpdates.articleId, articleId),
        options.afterId === undefined ? undefined : gt(liveUpdates.id, options.afterId),
      ),
    )
    .orderBy(desc(liveUpdates.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

export async function findLiveBlog(
  db: Database,
  articleId: number,
): Promise<LiveBlogRow | undefined> {
  const [row] = await liveBlogQuery(db, articleId);
  return row;
}

export async function findLiveUpdate(
  db: Database,
  articleId: number,
  id: number,
): Promise<LiveUpdateRow | undefined> {
  const [row] = await db
    .select()
    .from(liveUpdates)
    .where(and(eq(liveUpdates.articleId, articleId), eq(liveUpdates.id, id)));
  return row;
}

interface Actor {
  articleId: number;
  actorId: string;
  now: Date;
  audit: AuditRecord;
}

const isLive = (articleId: number) =>
  sql`EXISTS (SELECT 1 FROM live_blogs WHERE article_id = ${articleId} AND state = 'live')`;

/** Live from now (first time, or again after it ended); false when it already was. */
export async function startLive(db: Database, input: Actor): Promise<boolean> {
  const notLive = sql`NOT ${isLive(input.articleId)}`;
  const [, started] = await db.batch([
    auditInsertWhen(db, input.audit, notLive),
    db
      .insert(liveBlogs)
      .values({
        articleId: input.articleId,
        state: "live",
        startedAt: input.now,
        endedAt: null,
        updatedBy: input.actorId,
      })
      .onConflictDoUpdate({
        target: liveBlogs.articleId,
        set: { state: "live", startedAt: input.now, endedAt: null, updatedBy: input.actorId },
        setWhere: sql`${liveBlogs.state} = 'ended'`,
      })
      .returning({ articleId: liveBlogs.articleId }),
  ]);
  return started.length === 1;
}

/** Ended now; false when it was not live. */
export async function endLive(db: Database, input: Actor): Promise<boolean> {
  const [, ended] = await db.batch([
    auditInsertWhen(db, input.audit, isLive(input.articleId)),
    db
      .update(liveBlogs)
      .set({ state: "ended", endedAt: input.now, updatedBy: input.actorId })
      .where(and(eq(liveBlogs.articleId, input.articleId), eq(liveBlogs.state, "live")))
      .returning({ articleId: liveBlogs.articleId }),
  ]);
  return ended.length === 1;
}

/** The new update's id, or null when the story is not live (nothing written). */
export async function insertLiveUpdate(
  db: Database,
  input: Actor & { body: string; keyEvent: boolean },
): Promise<number | null> {
  const at = input.now.getTime();
  const live = isLive(input.articleId);
  // Every column in table order (a null id takes the next AUTOINCREMENT id).
  const [inserted] = await db.batch([
    db
      .insert(liveUpdates)
      .select(
        sql`SELECT NULL, ${input.articleId}, ${input.body}, ${input.keyEvent ? 1 : 0}, ${at},
          ${input.actorId}, ${at}, ${input.actorId}, 1 WHERE ${live}`,
      )
      .returning({ id: liveUpdates.id }),
    auditInsertWhen(db, input.audit, live),
  ]);
  return inserted[0]?.id ?? null;
}

const atVersion = (articleId: number, id: number, version: number) =>
  sql`EXISTS (SELECT 1 FROM live_updates WHERE id = ${id} AND article_id = ${articleId}
    AND version = ${version})`;

/** The update row, only while it is still at `baseVersion` (the 409 of edits and deletes). */
const theUpdateAt = (input: { articleId: number; id: number; baseVersion: number }) =>
  and(
    eq(liveUpdates.id, input.id),
    eq(liveUpdates.articleId, input.articleId),
    eq(liveUpdates.version, input.baseVersion),
  );

/** False when the update is gone or no longer at `baseVersion` (nothing written). */
export async function editLiveUpdate(
  db: Database,
  input: Actor & { id: number; baseVersion: number; body: string; keyEvent: boolean },
): Promise<boolean> {
  const [, edited] = await db.batch([
    auditInsertWhen(db, input.audit, atVersion(input.articleId, input.id, input.baseVersion)),
    db
      .update(liveUpdates)
      .set({
        body: input.body,
        keyEvent: input.keyEvent,
        updatedAt: input.now,
        updatedBy: input.actorId,
        version: input.baseVersion + 1,
      })
      .where(theUpdateAt(input))
      .returning({ id: liveUpdates.id }),
  ]);
  return edited.length === 1;
}

/** False when the update is gone or no longer at `baseVersion` (nothing deleted). */
export async function deleteLiveUpdate(
  db: Database,
  input: Actor & { id: number; baseVersion: number },
): Promise<boolean> {
  const [, deleted] = await db.batch([
    auditInsertWhen(db, input.audit, atVersion(input.articleId, input.id, input.baseVersion)),
    db.delete(liveUpdates).where(theUpdateAt(input)).returning({ id: liveUpdates.id }),
  ]);
  return deleted.length === 1;
}
