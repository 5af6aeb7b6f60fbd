import { and, eq, sql } from "drizzle-orm";
import { auditInsertWhen, type AuditRecord } from "./audit-queries.ts";
import type { Database } from "./database.ts";
import { printDesk } from "./print-desk-schema.ts";

/**
 * The print desk's one row (decision 0023): the template and the no-edition days, each with its
 * revision. A write lands only from the revision the editor started from, in one batch with its
 * audit entry; the content version moves by the trigger of migration 0018.
 */

export async function readPrintDesk(db: Database) {
  const [row] = await db.select().from(printDesk).where(eq(printDesk.id, 1)).limit(1);
  if (!row) throw new Error("print_desk has no row: migration 0018 makes it");
  return row;
}

interface DeskWrite {
  base: number;
  now: Date;
  actorId: string;
  audit: AuditRecord;
}

/** false (nothing written, no audit entry) when the template moved on since `base`. */
export async function writeTemplate(
  db: Database,
  write: DeskWrite & { template: string },
): Promise<boolean> {
  const { base, now, actorId } = write;
  const change = db
    .update(printDesk)
    .set({
      template: write.template,
      templateRevision: base + 1,
      templateUpdatedAt: now,
      templateUpdatedBy: actorId,
    })
    .where(and(eq(printDesk.id, 1), eq(printDesk.templateRevision, base)))
    .returning({ revision: printDesk.templateRevision });
  const written = sql`EXISTS (SELECT 1 FROM ${printDesk} WHERE ${printDesk.id} = 1
    AND ${printDesk.templateRevision} = ${base + 1}
    AND ${printDesk.templateUpdatedAt} = ${now.getTime()}
    AND ${printDesk.templateUpdatedBy} = ${actorId})`;
  const [rows] = await db.batch([change, auditInsertWhen(db, write.audit, written)]);
  return rows.length === 1;
}

/** false (nothing written, no audit entry) when the settings moved on since `base`. */
export async function writeNoEditionDays(
  db: Database,
  write: DeskWrite & { weekdays: string; dates: string },
): Promise<boolean> {
  const { base, now, actorId } = write;
  const change = db
    .update(printDesk)
    .set({
      noEditionWeekdays: write.weekdays,
      noEditionDates: write.dates,
      settingsRevision: base + 1,
      settingsUpdatedAt: now,
      settingsUpdatedBy: actorId,
    })
    .where(and(eq(printDesk.id, 1), eq(printDesk.settingsRevision, base)))
    .returning({ revision: printDesk.settingsRevision });
  const written = sql`EXISTS (SELECT 1 FROM ${printDesk} WHERE ${printDesk.id} = 1
    AND ${printDesk.settingsRevision} = ${base + 1}
    AND ${printDesk.settingsUpdatedAt} = ${now.getTime()}
    AND ${printDesk.settingsUpdatedBy} = ${actorId})`;
  const [rows] = await db.batch([change, auditInsertWhen(db, write.audit, written)]);
  return rows.length === 1;
}
