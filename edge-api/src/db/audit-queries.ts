import { and, desc, lt, or, eq } from "drizzle-orm";
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
