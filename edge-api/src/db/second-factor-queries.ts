import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { newsroomSessions, recoveryCodes, secondFactors } from "./account-schema.ts";
import type { Database } from "./database.ts";

/** A newsroom session lasts 12 hours, or less when the browser session ends first. */
export const NEWSROOM_SESSION_MS = 12 * 60 * 60 * 1000;

export type SecondFactorRow = typeof secondFactors.$inferSelect;

export async function findSecondFactor(
  db: Database,
  userId: string,
): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  return row;
}

/**
 * Keeps a new, unconfirmed secret, replacing an earlier unconfirmed one; never a confirmed
 * one (the update is conditional, so a parallel confirmation wins). Undefined when the
 * account already has a confirmed second factor.
 */
export async function keepPendingSecret(
  db: Database,
  userId: string,
  sealedSecret: string,
  now: Date,
): Promise<SecondFactorRow | undefined> {
  const [row] = await db
    .insert(secondFactors)
    .values({ userId, secret: sealedSecret, confirmedAt: null, lastStep: null, createdAt: now })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secret: sealedSecret, lastStep: null, createdAt: now },
      setWhere: isNull(secondFactors.confirmedAt),
    })
    .returning();
  return row;
}

const stepIsNew = (step: number) =>
  or(isNull(secondFactors.lastStep), lt(secondFactors.lastStep, step));

/**
 * Confirms exactly the pending secret the code was checked against, at a step not used
 * before; false when another request confirmed or replaced it meanwhile.
 */
export async function confirmPendingSecret(
  db: Database,
  userId: string,
  sealedSecret: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ confirmedAt: now, lastStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        eq(secondFactors.secret, sealedSecret),
        isNull(secondFactors.confirmedAt),
        stepIsNew(step),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/** Records `step` as used; false when it (or a later one) already was: no code works twice. */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(
      and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt), stepIsNew(step)),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/** The statements that replace every recovery code of an account (for the caller's batch). */
export function replaceRecoveryCodes(db: Database, userId: string, hashes: string[], now: Date) {
  return [
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db
      .insert(recoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now, usedAt: null }))),
  ] as const;
}

/** Uses a recovery code once: false when it is unknown, another account's, or used. */
export async function useRecoveryCode(
  db: Database,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/**
 * Starts (or restarts) the newsroom session of a browser session (its refresh-token family):
 * the second factor passed, for the next 12 hours. One statement, for a batch or alone.
 */
export function startNewsroomSession(db: Database, userId: string, familyId: string, now: Date) {
  const expiresAt = new Date(now.getTime() + NEWSROOM_SESSION_MS);
  return db
    .insert(newsroomSessions)
    .values({ familyId, userId, createdAt: now, expiresAt, revokedAt: null })
    .onConflictDoUpdate({
      target: newsroomSessions.familyId,
      set: { userId, createdAt: now, expiresAt, revokedAt: null },
    });
}
