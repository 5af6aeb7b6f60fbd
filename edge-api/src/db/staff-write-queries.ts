import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AccountRole, StaffRole } from "../contract/newsroom-contract.ts";
import type { StaffMemberRecord } from "../domain/staff-shaping.ts";
import { auditInsertWhen } from "./audit-queries.ts";
import { newsroomSessions, secondFactors, staffMembers, users } from "./account-schema.ts";
import type { Database } from "./database.ts";

const memberColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  role: staffMembers.role,
  confirmedAt: secondFactors.confirmedAt,
  createdAt: staffMembers.createdAt,
};

function members(db: Database) {
  return db
    .select(memberColumns)
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .leftJoin(secondFactors, eq(secondFactors.userId, staffMembers.userId));
}

type MemberRow = { confirmedAt: Date | null } & Omit<StaffMemberRecord, "secondFactor">;
const toRecord = ({ confirmedAt, ...row }: MemberRow): StaffMemberRecord => ({
  ...row,
  secondFactor: confirmedAt !== null,
});

/** Everyone on the staff, by name: one query. */
export async function listStaff(db: Database): Promise<StaffMemberRecord[]> {
  const rows = await members(db).orderBy(asc(users.displayName), asc(users.email));
  return rows.map(toRecord);
}

export async function findStaffMember(
  db: Database,
  userId: string,
): Promise<StaffMemberRecord | undefined> {
  const [row] = await members(db).where(eq(staffMembers.userId, userId)).limit(1);
  return row ? toRecord(row) : undefined;
}

export async function isStaff(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  return row !== undefined;
}

/** Ends every newsroom session of an account at once (a role change; SECURITY 33). */
export function revokeNewsroomSessions(db: Database, userId: string, now: Date, when?: SQL) {
  return db
    .update(newsroomSessions)
    .set({ revokedAt: now })
    .where(and(eq(newsroomSessions.userId, userId), isNull(newsroomSessions.revokedAt), when));
}

export interface RoleChange {
  actorId: string;
  targetId: string;
  subject: string;
  from: StaffRole;
  to: AccountRole;
}

/**
 * Changes a role (`reader` removes the person from the staff) in one batch: the audit entry,
 * the end of their newsroom sessions and the change itself, each guarded by the same
 * condition, checked inside the batch: the person still has the role the admin saw, the actor
 * is still an admin, and an admin is demoted only while another admin remains. Two admins
 * demoting each other at once therefore leave one admin. False when the condition failed.
 */
export async function changeRole(db: Database, change: RoleChange, now: Date): Promise<boolean> {
  const stillSo = sql`EXISTS (SELECT 1 FROM staff_members WHERE user_id = ${change.targetId} AND role = ${change.from})
    AND EXISTS (SELECT 1 FROM staff_members WHERE user_id = ${change.actorId} AND role = 'admin')
    AND (${change.from} <> 'admin' OR ${change.to} = 'admin'
      OR (SELECT count(*) FROM staff_members WHERE role = 'admin') > 1)`;
  const target = eq(staffMembers.userId, change.targetId);
  const apply =
    change.to === "reader"
      ? db.delete(staffMembers).where(and(target, stillSo)).returning({ id: staffMembers.userId })
      : db
          .update(staffMembers)
          .set({ role: change.to, updatedAt: now })
          .where(and(target, stillSo))
          .returning({ id: staffMembers.userId });
  const [, , changed] = await db.batch([
    auditInsertWhen(
      db,
      {
        at: now,
        actorId: change.actorId,
        action: change.to === "reader" ? "staff.remove" : "staff.role",
        subject: change.subject,
        detail: { role: [change.from, change.to] },
      },
      stillSo,
    ),
    revokeNewsroomSessions(db, change.targetId, now, stillSo),
    apply,
  ]);
  return changed.length === 1;
}

/** How many admins there are: the last one is never demoted or removed. */
export function countAdmins(db: Database): Promise<number> {
  return db.$count(staffMembers, eq(staffMembers.role, "admin"));
}

/** Display names of accounts, by id (the audit log's actors): one query. */
export async function displayNamesOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.displayName]));
}
