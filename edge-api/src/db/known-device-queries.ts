import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "./database.ts";
import { knownDevices, users } from "./account-schema.ts";

/**
 * The known device a token hash names, when it belongs to the account with this email and
 * has not expired; anything else (no row, another account's, expired) is `undefined`.
 */
export async function findKnownDevice(
  db: Database,
  tokenHash: string,
  email: string,
  now: Date,
): Promise<{ tokenHash: string; userId: string } | undefined> {
  const [row] = await db
    .select({ tokenHash: knownDevices.tokenHash, userId: knownDevices.userId })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(
      and(
        eq(knownDevices.tokenHash, tokenHash),
        eq(users.email, email),
        gt(knownDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Remembers a device for an account (or renews it), dropping the account's expired ones. */
export async function rememberDevice(
  db: Database,
  row: { tokenHash: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  const { tokenHash, userId, now, expiresAt } = row;
  await db.batch([
    db
      .delete(knownDevices)
      .where(and(eq(knownDevices.userId, userId), lte(knownDevices.expiresAt, now))),
    db
      .insert(knownDevices)
      .values({ tokenHash, userId, createdAt: now, lastUsedAt: now, expiresAt })
      .onConflictDoUpdate({
        target: knownDevices.tokenHash,
        set: { lastUsedAt: now, expiresAt },
      }),
  ]);
}
