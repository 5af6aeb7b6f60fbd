import { desc, eq, lt } from "drizzle-orm";
import { normalizeEmail } from "../domain/email-address.ts";
import type { Database } from "./database.ts";
import {
  emailDeadLetters,
  emailSuppressions,
  type EmailDeadLetterRow,
  type SuppressionReason,
} from "./mail-schema.ts";

/** Dead-letter records are kept this long, then pruned when the next one is written. */
export const DEAD_LETTER_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export async function recordDeadLetter(
  db: Database,
  letter: Omit<EmailDeadLetterRow, "id">,
): Promise<void> {
  await db.batch([
    db.insert(emailDeadLetters).values({ ...letter, recipient: normalizeEmail(letter.recipient) }),
    db
      .delete(emailDeadLetters)
      .where(
        lt(
          emailDeadLetters.failedAt,
          new Date(letter.failedAt.getTime() - DEAD_LETTER_RETENTION_MS),
        ),
      ),
  ]);
}

/** Newest first: what an admin reads (docs/email.md has the same query for `wrangler d1`). */
export function listDeadLetters(db: Database, limit = 100): Promise<EmailDeadLetterRow[]> {
  return db
    .select()
    .from(emailDeadLetters)
    .orderBy(desc(emailDeadLetters.failedAt), desc(emailDeadLetters.id))
    .limit(limit);
}

/** The first reason stays: a complaint after a bounce changes nothing that matters. */
export async function suppressAddress(
  db: Database,
  suppression: { address: string; reason: SuppressionReason; detail: string; at: Date },
): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({
      address: normalizeEmail(suppression.address),
      reason: suppression.reason,
      detail: suppression.detail,
      suppressedAt: suppression.at,
    })
    .onConflictDoNothing();
}

export async function isSuppressed(db: Database, address: string): Promise<boolean> {
  const rows = await db
    .select({ address: emailSuppressions.address })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.address, normalizeEmail(address)))
    .limit(1);
  return rows.length > 0;
}
