import { eq, lte } from "drizzle-orm";
import type { Database } from "./database.ts";
import { emailTokens, savedArticles, sessions, signUpNotices, users } from "./account-schema.ts";
import type { UserRow } from "./account-schema.ts";

export type NewUser = Pick<UserRow, "id" | "email" | "displayName" | "passwordHash" | "createdAt"> &
  Partial<Pick<UserRow, "emailVerified">>;

/**
 * Inserts the account unless the email is taken; the unique index decides, so a burst of
 * sign-ups for one address leaves exactly one row (SECURITY 27). The role always starts at its
 * default; `emailVerified` is set only when an emailed link proved the address.
 */
export async function insertUserIfNew(db: Database, user: NewUser): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0];
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<Pick<UserRow, "displayName" | "passwordHash" | "email" | "emailVerified">>,
): Promise<UserRow | undefined> {
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return rows[0];
}

/** Everything the account owns, then the account: one atomic batch. */
export async function deleteUserAndData(db: Database, id: string): Promise<void> {
  await db.batch([
    db.delete(sessions).where(eq(sessions.userId, id)),
    db.delete(emailTokens).where(eq(emailTokens.userId, id)),
    db.delete(savedArticles).where(eq(savedArticles.userId, id)),
    db.delete(users).where(eq(users.id, id)),
  ]);
}

/**
 * Claims the right to tell an account holder that someone tried to sign up with their address:
 * true at most once per `intervalMs` (one conditional upsert, so a burst of sign-ups sends one
 * email), false otherwise (issue 14, item 3).
 */
export async function claimSignUpNotice(
  db: Database,
  userId: string,
  now: Date,
  intervalMs: number,
): Promise<boolean> {
  const rows = await db
    .insert(signUpNotices)
    .values({ userId, sentAt: now })
    .onConflictDoUpdate({
      target: signUpNotices.userId,
      set: { sentAt: now },
      setWhere: lte(signUpNotices.sentAt, new Date(now.getTime() - intervalMs)),
    })
    .returning({ userId: signUpNotices.userId });
  return rows.length > 0;
}
