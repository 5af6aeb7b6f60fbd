import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ImportReport } from "../import/run-import.ts";
import type { ImportRules } from "../import/import-plan.ts";
import { users } from "./account-schema.ts";
import { auditInsert, auditInsertWhen, type AuditRecord } from "./audit-queries.ts";
import type { Database } from "./database.ts";
import { importJobs } from "./import-schema.ts";

/**
 * Issue 18 (import-contract.ts): the newsroom's imports, from the upload's dry run to the
 * background import's end. Every status change is one conditional UPDATE, so two callers (two
 * clicks on Import, a redelivered queue message) cannot both move a job.
 */

export type ImportJobRow = typeof importJobs.$inferSelect;

/** A job as the API shapes it: its row, with its rules and report read, and who uploaded it. */
export interface ImportJob {
  row: ImportJobRow;
  rules: ImportRules;
  report: ImportReport;
  createdBy: { id: string; displayName: string } | null;
}

/** The newest imports the list shows (the contract's limit). */
export const IMPORT_LIST_LIMIT = 50;

const withUploader = {
  row: importJobs,
  uploaderId: users.id,
  uploaderName: users.displayName,
};

function jobOf(found: {
  row: ImportJobRow;
  uploaderId: string | null;
  uploaderName: string | null;
}): ImportJob {
  return {
    row: found.row,
    rules: JSON.parse(found.row.rules) as ImportRules,
    report: JSON.parse(found.row.report) as ImportReport,
    createdBy:
      found.uploaderId === null || found.uploaderName === null
        ? null
        : { id: found.uploaderId, displayName: found.uploaderName },
  };
}

export interface NewImportJob {
  id: string;
  system: ImportJobRow["system"];
  fileName: string;
  fileKey: string;
  bytes: number;
  rules: ImportRules;
  report: ImportReport;
  createdBy: string;
  now: Date;
}

/** A checked upload (its dry run done) and its audit entry, in one batch. */
export async function insertImportJob(
  db: Database,
  job: NewImportJob,
  audit: AuditRecord,
): Promise<void> {
  await db.batch([
    db.insert(importJobs).values({
      id: job.id,
      system: job.system,
      fileName: job.fileName,
      fileKey: job.fileKey,
      bytes: job.bytes,
      rules: JSON.stringify(job.rules),
      status: "checked",
      done: 0,
      total: job.report.made.stories + job.report.made.pages,
      report: JSON.stringify(job.report),
      error: null,
      createdBy: job.createdBy,
      createdAt: job.now,
      updatedAt: job.now,
    }),
    auditInsert(db, audit),
  ]);
}

export async function findImportJob(db: Database, id: string): Promise<ImportJob | null> {
  const [found] = await db
    .select(withUploader)
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.createdBy))
    .where(eq(importJobs.id, id))
    .limit(1);
  return found ? jobOf(found) : null;
}

/** The newest imports first (uploads of the same millisecond by id, for a stable order). */
export async function listImportJobs(db: Database): Promise<ImportJob[]> {
  const found = await db
    .select(withUploader)
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.createdBy))
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(IMPORT_LIST_LIMIT);
  return found.map(jobOf);
}

/**
 * How long a queued or running job may go without a word (the consumer writes its progress
 * every batch) before it counts as stopped: a delivery the platform killed, retries spent.
 */
export const IMPORT_STALE_MS = 15 * 60_000;

/**
 * `checked` or `failed` (or queued/running but silent for `IMPORT_STALE_MS`) → `queued`, with
 * its audit entry, both only if the job could move (the guard is checked inside the batch).
 * False when it is queued or running, or done.
 */
export async function queueImportJob(
  db: Database,
  id: string,
  now: Date,
  audit: AuditRecord,
): Promise<boolean> {
  const staleBefore = now.getTime() - IMPORT_STALE_MS;
  const runnable = sql`(${importJobs.status} IN ('checked', 'failed')
    OR (${importJobs.status} IN ('queued', 'running') AND ${importJobs.updatedAt} < ${staleBefore}))`;
  const [, queued] = await db.batch([
    auditInsertWhen(
      db,
      audit,
      sql`EXISTS (SELECT 1 FROM import_jobs WHERE import_jobs.id = ${id} AND ${runnable})`,
    ),
    db
      .update(importJobs)
      .set({ status: "queued", error: null, updatedAt: now })
      .where(and(eq(importJobs.id, id), runnable))
      .returning({ id: importJobs.id }),
  ]);
  return queued.length === 1;
}

/** Puts a job that was queued back to where it was, when the queue refused the message. */
export async function unqueueImportJob(
  db: Database,
  id: string,
  now: Date,
  error: string,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: "failed", error, updatedAt: now })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, "queued")));
}

/**
 * The consumer takes a queued job (or one left `running` by a delivery that died: the queue
 * redelivers it, and the import continues). Null when there is nothing to run.
 */
export async function startImportJob(
  db: Database,
  id: string,
  now: Date,
): Promise<ImportJob | null> {
  const [started] = await db
    .update(importJobs)
    .set({ status: "running", updatedAt: now })
    .where(and(eq(importJobs.id, id), inArray(importJobs.status, ["queued", "running"])))
    .returning({ id: importJobs.id });
  return started ? findImportJob(db, id) : null;
}

export async function recordImportProgress(
  db: Database,
  id: string,
  progress: { done: number; total: number },
  now: Date,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ done: progress.done, total: progress.total, updatedAt: now })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, "running")));
}

export async function finishImportJob(
  db: Database,
  id: string,
  report: ImportReport,
  now: Date,
): Promise<void> {
  await db
    .update(importJobs)
    .set({
      status: "done",
      // Whatever the last batch said: a done import is all the way through.
      done: sql`${importJobs.total}`,
      report: JSON.stringify(report),
      error: null,
      updatedAt: now,
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, "running")));
}

export async function failImportJob(
  db: Database,
  id: string,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: "failed", error, updatedAt: now })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, "running")));
}
