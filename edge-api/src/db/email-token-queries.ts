import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Database } from "./database.ts";
import { emailTokens, signUpRequests } from "./account-schema.ts";
import type { EmailTokenPurpose, EmailTokenRow, SignUpRequestRow } from "./account-schema.ts";

export type NewEmailToken = Omit<EmailTokenRow, "id" | "usedAt">;

/** Stores a token and cancels the account's older unused ones of the same purpose. */
export async function issueEmailTokenRow(db: Database, token: NewEmailToken): Promise<void> {
  await db.batch([
    db
      .update(emailTokens)
      .set({ usedAt: token.createdAt })
      .where(
        and(
          eq(emailTokens.userId, token.userId),
          eq(emailTokens.purpose, token.purpose),
          isNull(emailTokens.usedAt),
        ),
      ),
    db.insert(emailTokens).values(token),
  ]);
}

/** The token of this hash and purpose, not yet used and not yet expired. */
function isUsable(purpose: EmailTokenPurpose, tokenHash: string, now: Date) {
  return and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

/** Uses a token once: one conditional update, so two requests cannot both succeed. */
export async function consumeEmailToken(
  db: Database,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<EmailTokenRow | undefined> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(isUsable(purpose, tokenHash, now))
    .returning();
  return rows[0];
}

/** Whether a token would be accepted, without using it. */
export async function findUsableEmailToken(
  db: Database,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<EmailTokenRow | undefined> {
  const rows = await db
    .select()
    .from(emailTokens)
    .where(isUsable(purpose, tokenHash, now))
    .limit(1);
  return rows[0];
}

/**
 * Stores a pending sign-up (issue 14) and, in the same batch, drops the address's older ones
 * (newest cancels older, as for email tokens) and every expired one, so no password hash
 * outlives its link for long.
 */
export async function insertSignUpRequest(db: Database, request: SignUpRequestRow): Promise<void> {
  await db.batch([
    db
      .delete(signUpRequests)
      .where(
        or(
          eq(signUpRequests.email, request.email),
          lte(signUpRequests.expiresAt, request.createdAt),
        ),
      ),
    db.insert(signUpRequests).values(request),
  ]);
}

/**
 * Uses a pending sign-up once: one conditional delete, so two requests cannot both finish it,
 * and the password hash leaves the table with it.
 */
export async function takeSignUpRequest(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<SignUpRequestRow | undefined> {
  const rows = await db
    .delete(signUpRequests)
    .where(and(eq(signUpRequests.tokenHash, tokenHash), gt(signUpRequests.expiresAt, now)))
    .returning();
  return rows[0];
}
