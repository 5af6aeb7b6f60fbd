import { and, desc, eq, gt, isNotNull, isNull, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "./database.ts";
import { sessions } from "./account-schema.ts";
import type { SessionRow } from "./account-schema.ts";

export async function insertSession(db: Database, row: SessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function findSessionByRefreshHash(
  db: Database,
  hash: string,
): Promise<SessionRow | undefined> {
  const rows = await db.select().from(sessions).where(eq(sessions.refreshTokenHash, hash)).limit(1);
  return rows[0];
}

/**
 * Marks one generation used and keeps its sealed successor; false when another request rotated
 * or revoked it first. Older generations' sealed successors are dropped: only the latest
 * rotation can be presented again within the grace window.
 */
export async function claimRotation(
  db: Database,
  row: Pick<SessionRow, "id" | "familyId">,
  now: Date,
  successorSealed: string,
): Promise<boolean> {
  const [claimed] = await db.batch([
    db
      .update(sessions)
      .set({ rotatedAt: now, successorSealed })
      .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id }),
    db
      .update(sessions)
      .set({ successorSealed: null })
      .where(
        and(
          eq(sessions.familyId, row.familyId),
          ne(sessions.id, row.id),
          isNotNull(sessions.successorSealed),
        ),
      ),
  ]);
  return claimed.length === 1;
}

/** Removes a generation that was never handed out (its rotation lost a race). */
export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

const live = (now: Date) =>
  and(isNull(sessions.revokedAt), isNull(sessions.rotatedAt), gt(sessions.expiresAt, now));

/**
 * A family with any revoked generation is over, even if a racing refresh added a row after
 * the revocation.
 */
export async function isFamilyRevoked(db: Database, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.familyId, familyId), isNotNull(sessions.revokedAt)))
    .limit(1);
  return rows.length === 1;
}

/** The access-token check: the session (`sid`) of this account still has a live generation. */
export async function isSessionLive(
  db: Database,
  userId: string,
  familyId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({
      live: sql<number>`coalesce(sum(CASE WHEN ${live(now)} THEN 1 ELSE 0 END), 0)`,
      revoked: sql<number>`coalesce(sum(CASE WHEN ${isNotNull(sessions.revokedAt)} THEN 1 ELSE 0 END), 0)`,
    })
    .from(sessions)
    .where(and(eq(sessions.familyId, familyId), eq(sessions.userId, userId)));
  return row !== undefined && row.live > 0 && row.revoked === 0;
}

const revokedGeneration = alias(sessions, "revoked_generation");

/** One live row per session, most recently used first. */
export function listLiveSessions(db: Database, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        live(now),
        notExists(
          db
            .select({ id: revokedGeneration.id })
            .from(revokedGeneration)
            .where(
              and(
                eq(revokedGeneration.familyId, sessions.familyId),
                isNotNull(revokedGeneration.revokedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
}

export async function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Ends one of the account's sessions; false when it has no live session by that id. */
export async function revokeSessionOfUser(
  db: Database,
  userId: string,
  familyId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), eq(sessions.userId, userId), live(now)))
    .returning({ id: sessions.id });
  if (rows.length === 0) return false;
  await revokeFamily(db, familyId, now);
  return true;
}

/** Every session of the account, or every one but `keepFamilyId`. */
export async function revokeSessionsOfUser(
  db: Database,
  userId: string,
  now: Date,
  keepFamilyId?: string,
): Promise<void> {
  const others = keepFamilyId === undefined ? undefined : ne(sessions.familyId, keepFamilyId);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others));
}

/** The family's live generation (its `createdAt` and `device` carry to the next one). */
export async function findFamilyGeneration(
  db: Database,
  familyId: string,
  now: Date,
): Promise<SessionRow | undefined> {
  if (await isFamilyRevoked(db, familyId)) return undefined;
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.familyId, familyId), live(now)))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(1);
  return rows[0];
}

/** Marks every live generation of the family rotated (a new one follows at once). */
export async function rotateFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ rotatedAt: now })
    .where(and(eq(sessions.familyId, familyId), live(now)));
}
