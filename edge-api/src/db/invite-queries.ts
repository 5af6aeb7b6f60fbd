import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { auditInsert, auditInsertWhen, type AuditRecord } from "./audit-queries.ts";
import { staffInvites, staffMembers, users } from "./account-schema.ts";
import type { Database } from "./database.ts";

/** An invitation to join the staff: single use, 7 days (SECURITY 7's rules for links). */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type InviteRow = typeof staffInvites.$inferSelect;

export type PendingInvite = InviteRow & { inviterName: string | null };

/**
 * An invitation is usable while it is not accepted, revoked or expired, and while whoever sent
 * it is still an admin: removing or demoting an admin voids the invitations they sent.
 */
const inviterStillAdmin = sql`EXISTS (SELECT 1 FROM staff_members
  WHERE staff_members.user_id = ${staffInvites.invitedBy} AND staff_members.role = 'admin')`;
const usable = (now: Date) =>
  and(
    isNull(staffInvites.usedAt),
    isNull(staffInvites.revokedAt),
    gt(staffInvites.expiresAt, now),
    inviterStillAdmin,
  );

/** Invitations not yet accepted, revoked or expired, newest first, with who sent them. */
export async function pendingInvites(db: Database, now: Date): Promise<PendingInvite[]> {
  const rows = await db
    .select({ invite: staffInvites, inviterName: users.displayName })
    .from(staffInvites)
    .leftJoin(users, eq(users.id, staffInvites.invitedBy))
    .where(usable(now))
    .orderBy(desc(staffInvites.createdAt), desc(staffInvites.id));
  return rows.map(({ invite, inviterName }) => ({ ...invite, inviterName }));
}

export async function findInvite(db: Database, id: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(staffInvites).where(eq(staffInvites.id, id));
  return row;
}

/** The invitation a token opens, if it can still be used. */
export async function findUsableInvite(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(staffInvites)
    .where(and(eq(staffInvites.tokenHash, tokenHash), usable(now)));
  return row;
}

/** A new invitation replaces any earlier one to the same address; with its audit entry. */
export async function issueInvite(
  db: Database,
  invite: InviteRow,
  audit: AuditRecord,
): Promise<void> {
  await db.batch([
    db
      .update(staffInvites)
      .set({ revokedAt: invite.createdAt })
      .where(and(eq(staffInvites.email, invite.email), usable(invite.createdAt))),
    db.insert(staffInvites).values(invite),
    auditInsert(db, audit),
  ]);
}

/** Revokes a usable invitation with its audit entry; false when it was no longer usable. */
export async function revokeInvite(
  db: Database,
  id: string,
  audit: AuditRecord,
  now: Date,
): Promise<boolean> {
  const stillUsable = sql`EXISTS (SELECT 1 FROM staff_invites WHERE id = ${id}
    AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ${now.getTime()})`;
  const [, revoked] = await db.batch([
    auditInsertWhen(db, audit, stillUsable),
    db
      .update(staffInvites)
      .set({ revokedAt: now })
      .where(and(eq(staffInvites.id, id), usable(now)))
      .returning({ id: staffInvites.id }),
  ]);
  return revoked.length === 1;
}

export interface Acceptance {
  invite: InviteRow;
  /** The account joining; with `newAccount`, it is created in the same batch. */
  userId: string;
  newAccount: null | { email: string; displayName: string; passwordHash: string };
  now: Date;
}

/**
 * Accepting, in one batch whose every statement is guarded by the same condition, checked
 * inside it: the invitation is still usable and the account is there (a new account is
 * inserted first, unless the address was taken meanwhile). Then the role, the verified
 * address (the invitation proved it), the audit entry, and the invitation marked used last.
 * Two acceptances at once: one wins, the other changes nothing. False when nothing changed.
 */
export async function acceptInvite(db: Database, acceptance: Acceptance): Promise<boolean> {
  const { invite, userId, newAccount, now } = acceptance;
  const at = now.getTime();
  const inviteUsable = sql`EXISTS (SELECT 1 FROM staff_invites WHERE id = ${invite.id}
      AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ${at}
      AND EXISTS (SELECT 1 FROM staff_members
        WHERE staff_members.user_id = staff_invites.invited_by AND staff_members.role = 'admin'))`;
  const guard = sql`${inviteUsable}
    AND EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND email = ${invite.email})`;
  // Statements that insert from a SELECT list every column in table order.
  const join = [
    db
      .insert(staffMembers)
      .select(sql`SELECT ${userId}, ${invite.role}, ${at}, ${at} WHERE ${guard}`)
      .onConflictDoNothing(),
    db
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, userId), guard)),
    auditInsertWhen(
      db,
      {
        at: now,
        actorId: userId,
        action: "staff.join",
        subject: invite.email,
        detail: { role: ["reader", invite.role], invitedBy: invite.invitedBy },
      },
      guard,
    ),
    db
      .update(staffInvites)
      .set({ usedAt: now })
      .where(and(eq(staffInvites.id, invite.id), usable(now), guard))
      .returning({ id: staffInvites.id }),
  ] as const;
  const results = newAccount
    ? await db.batch([
        db
          .insert(users)
          .select(
            sql`SELECT ${userId}, ${newAccount.email}, ${newAccount.displayName},
              ${newAccount.passwordHash}, 1, 'reader', ${at} WHERE ${inviteUsable}`,
          )
          .onConflictDoNothing(),
        ...join,
      ])
    : await db.batch(join);
  const used = results.at(-1);
  return Array.isArray(used) && used.length === 1;
}
