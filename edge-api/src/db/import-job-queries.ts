import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { ImportReportAnswer } from "../contract/import-contract.ts";
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

/**
 * A report as a job's row keeps it: whole, or with its lists cut to `ROW_REPORT_LIST_BYTES` each
 * (`whole` then says how long they are; the whole report is kept in R2, import-storage.ts).
 */
export type StoredImportReport = ImportReport & Pick<ImportReportAnswer, "whole">;

/** A job as the API shapes it: its row, with its rules and report read, and who uploaded it. */
export interface ImportJob {
  row: ImportJobRow;
  rules: ImportRules;
  report: StoredImportReport;
  createdBy: { id: string; displayName: string } | null;
}

/**
 * How much of each list of a report (redirects, old addresses kept, notes) a job's row holds,
 * in bytes of JSON: D1 refuses a string or row over 2,000,000 bytes, and a 10,000-post import's
 * redirects alone can be more. Three lists of 400 kB, and the rest of the row, stay well under.
 */
export const ROW_REPORT_LIST_BYTES = 400_000;

const encoder = new TextEncoder();

/** The first items of `list` whose JSON fits in `bytes`. */
function fitting<T>(list: readonly T[], bytes: number): T[] {
  let used = 0;
  let count = 0;
  for (const item of list) {
    used += encoder.encode(JSON.stringify(item)).byteLength + 1;
    if (used > bytes) break;
    count += 1;
  }
  return list.slice(0, count);
}

/** `report` as a row keeps it: its lists cut to fit, and their whole lengths when cut. */
export function reportForRow(report: ImportReport): StoredImportReport {
  const redirects = fitting(report.redirects, ROW_REPORT_LIST_BYTES);
  const redirectsKept = fitting(report.redirectsKept, ROW_REPORT_LIST_BYTES);
  const notes = fitting(report.notes, ROW_REPORT_LIST_BYTES);
  const cut =
    redirects.length < report.redirects.length ||
    redirectsKept.length < report.redirectsKept.length ||
    notes.length < report.notes.length;
  if (!cut) return report;
  return {
    ...report,
    redirects,
    redirectsKept,
    notes,
    whole: {
      redirects: report.redirects.length,
      redirectsKept: report.redirectsKept.length,
      notes: report.notes.length,
    },
  };
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
    report: JSON.parse(found.row.report) as StoredImportReport,
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
      report: JSON.stringify(reportForRow(job.report)),
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
      .set({ status: "queued", error: null, runToken: null, leaseUntil: null, updatedAt: now })
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
 * How long a consumer run holds a running job without a word: it renews the lease after every
 * batch (a batch takes seconds), so only a run that died (the platform stopped it) lets it run
 * out; the redelivered message then waits for it and continues.
 */
export const IMPORT_LEASE_MS = 5 * 60_000;

export type ImportClaim =
  | { claimed: ImportJob }
  /** Another run holds it until `until`: try this message again after that. */
  | { heldUntil: Date }
  /** Not queued nor running (checked, done, failed, or no such job): nothing to run. */
  | { nothing: true };

/**
 * A consumer run takes a queued job, or a running one whose lease ran out (its run died), with
 * `token` and a lease of `IMPORT_LEASE_MS`: one conditional UPDATE, so of two deliveries of the
 * same job only one holds it at a time.
 */
export async function startImportJob(
  db: Database,
  id: string,
  now: Date,
  token: string,
): Promise<ImportClaim> {
  const free = sql`(${importJobs.status} = 'queued' OR (${importJobs.status} = 'running'
    AND (${importJobs.leaseUntil} IS NULL OR ${importJobs.leaseUntil} <= ${now.getTime()})))`;
  const [started] = await db
    .update(importJobs)
    .set({
      status: "running",
      runToken: token,
      leaseUntil: new Date(now.getTime() + IMPORT_LEASE_MS),
      updatedAt: now,
    })
    .where(and(eq(importJobs.id, id), free))
    .returning({ id: importJobs.id });
  const job = await findImportJob(db, id);
  if (started && job) return { claimed: job };
  if (job?.row.status === "running" && job.row.leaseUntil) return { heldUntil: job.row.leaseUntil };
  return { nothing: true };
}

/** The row as the run holding it (`token`) may change it: running, and still its own. */
const heldBy = (id: string, token: string) =>
  and(eq(importJobs.id, id), eq(importJobs.status, "running"), eq(importJobs.runToken, token));

/**
 * The job's progress (done of total, for the whole file), and the run's lease renewed. False
 * when the run no longer holds the job (its lease ran out and another run took it, or an admin
 * ran it again): it must stop.
 */
export async function recordImportProgress(
  db: Database,
  id: string,
  token: string,
  progress: { done: number; total: number },
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(importJobs)
    .set({
      done: progress.done,
      total: progress.total,
      leaseUntil: new Date(now.getTime() + IMPORT_LEASE_MS),
      updatedAt: now,
    })
    .where(heldBy(id, token))
    .returning({ id: importJobs.id });
  return updated.length === 1;
}

/**
 * The run wrote its share and lets go of its lease, for the message that continues it (which
 * takes the job at once). The job stays `running` (the newsroom sees one import going on), and
 * the run's token stays until then, so the run can still fail it if that message cannot be sent.
 * False when the run no longer held it.
 */
export async function handOverImportJob(
  db: Database,
  id: string,
  token: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(importJobs)
    .set({ leaseUntil: null, updatedAt: now })
    .where(heldBy(id, token))
    .returning({ id: importJobs.id });
  return updated.length === 1;
}

/** Done with the whole import's report (cut to fit the row: reportForRow). */
export async function finishImportJob(
  db: Database,
  id: string,
  token: string,
  report: ImportReport,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(importJobs)
    .set({
      status: "done",
      // Whatever the last batch said: a done import is all the way through.
      done: sql`${importJobs.total}`,
      report: JSON.stringify(reportForRow(report)),
      error: null,
      runToken: null,
      leaseUntil: null,
      updatedAt: now,
    })
    .where(heldBy(id, token))
    .returning({ id: importJobs.id });
  return updated.length === 1;
}

export async function failImportJob(
  db: Database,
  id: string,
  token: string,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: "failed", error, runToken: null, leaseUntil: null, updatedAt: now })
    .where(heldBy(id, token));
}

/** How long an upload that was never imported keeps its file in R2. */
export const UNRUN_IMPORT_KEEP_MS = 7 * 24 * 60 * 60_000;

/** At most this many abandoned uploads are let go at a time (each is an R2 delete). */
const ABANDONED_AT_ONCE = 20;

/**
 * Uploads checked (dry-run) but never imported for `UNRUN_IMPORT_KEEP_MS`: they become `failed`
 * with a sentence that says their file is gone, and their keys are returned for the caller to
 * delete from R2. Only jobs this call moved are returned, so two callers never share one.
 */
export async function abandonUnrunImports(
  db: Database,
  now: Date,
): Promise<{ id: string; fileKey: string }[]> {
  const before = new Date(now.getTime() - UNRUN_IMPORT_KEEP_MS);
  const stale = await db
    .select({ id: importJobs.id })
    .from(importJobs)
    .where(and(eq(importJobs.status, "checked"), lt(importJobs.createdAt, before)))
    .limit(ABANDONED_AT_ONCE);
  if (stale.length === 0) return [];
  return db
    .update(importJobs)
    .set({
      status: "failed",
      error:
        "Not imported within 7 days of its upload, so its file was deleted. Upload it again " +
        "to import it.",
      updatedAt: now,
    })
    .where(
      and(
        inArray(
          importJobs.id,
          stale.map((row) => row.id),
        ),
        eq(importJobs.status, "checked"),
      ),
    )
    .returning({ id: importJobs.id, fileKey: importJobs.fileKey });
}
