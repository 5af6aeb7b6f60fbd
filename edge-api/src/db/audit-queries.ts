import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { AuditAction } from "../contract/newsroom-contract.ts";
import { auditLog } from "./account-schema.ts";
import type { Database } from "./database.ts";

/** One line of the audit log, as a write path records it. */
export interface AuditRecord {
  at: Date;
  actorId: string | null;
  action: AuditAction;
  /** What it was done to, for people: `story 42 “Harbour bridge reopens”`. */
  subject: string;
  /** What changed: `{ role: ["editor", "admin"] }`. */
  detail?: Record<string, unknown>;
}

/**
 * The insert of one audit entry, not yet run: write paths put it in the same `db.batch` as
 * the change it records, so there is never a change without its entry (SECURITY 26).
 */
export function auditInsert(db: Database, record: AuditRecord) {
  return db.insert(auditLog).values({
    at: record.at,
    actorId: record.actorId,
    action: record.action,
    subject: record.subject,
    detail: JSON.stringify(record.detail ?? {}),
  });
}

/** A page of the log, newest first, after the keyset position `before` (`at`, `id`). */
export function auditPage(db: Database, limit: number, before: { at: Date; id: number } | null) {
  const after = before
    ? or(lt(auditLog.at, before.at), and(eq(auditLog.at, before.at), lt(auditLog.id, before.id)))
    : undefined;
  return db
    .select()
    .from(auditLog)
    .where(after)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/**
 * An audit entry written only when `condition` holds at that point of the caller's batch, so a
 * change guarded by the same condition and its entry stand or fall together (SECURITY 26, 33).
 */
export function auditInsertWhen(db: Database, record: AuditRecord, condition: SQL) {
  // Every column in table order (a null id takes the next rowid).
  return db.insert(auditLog).select(
    sql`SELECT NULL, ${record.at.getTime()}, ${record.actorId}, ${record.action},
      ${record.subject}, ${JSON.stringify(record.detail ?? {})} WHERE ${condition}`,
  );
}
