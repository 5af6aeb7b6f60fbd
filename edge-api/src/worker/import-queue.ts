import { createDatabase, type Database } from "../db/database.ts";
import {
  failImportJob,
  finishImportJob,
  recordImportProgress,
  startImportJob,
} from "../db/import-job-queries.ts";
import { ImportFileError } from "../import/import-file.ts";
import { runImport } from "../import/run-import.ts";
import { logError, logWarn } from "./api-log.ts";
import { readStoredExport } from "./import-storage.ts";

/**
 * Issue 18 (import-contract.ts): the import queue's consumer. `POST /api/newsroom/imports/:id/run`
 * sends `{ id }`; this runs that job: parses the export from R2 again, imports it with
 * `runImport` (per-batch transactions, idempotent), writes its progress to the job row after
 * every batch, and ends it `done` with the import's report or `failed` with a sentence. A
 * failed job run again continues where it stopped: what was imported is recognised and kept.
 */

/** The queue's name (wrangler.toml): the Worker's one `queue()` handler tells batches apart by it. */
export const IMPORT_QUEUE = "daily-edge-imports";

export interface ImportMessage {
  id: string;
}

export interface ImportConsumerDeps {
  db: Database;
  bucket: R2Bucket;
  now: () => Date;
}

export async function consumeImportQueue(batch: MessageBatch, env: Env): Promise<void> {
  await handleImportBatch(batch, {
    db: createDatabase(env.DB),
    bucket: env.MEDIA,
    now: () => new Date(),
  });
}

/**
 * Runs each message's job (one a batch: max_batch_size = 1). The message is acknowledged once
 * the job is done or failed (its row says so); only a consumer that dies mid-import leaves it to
 * the platform's redelivery, which continues the job.
 */
export async function handleImportBatch(
  batch: MessageBatch,
  deps: ImportConsumerDeps,
): Promise<void> {
  for (const message of batch.messages) {
    const id = idOf(message.body);
    if (id === null) logError("import_message_invalid", "", { messageId: message.id });
    else await runImportJob(id, deps);
    message.ack();
  }
}

function idOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { id } = body as Partial<ImportMessage>;
  return typeof id === "string" && /^[0-9a-f]{32}$/.test(id) ? id : null;
}

/** Imports job `id` if it is queued (or running, redelivered); any other job is left alone. */
export async function runImportJob(id: string, deps: ImportConsumerDeps): Promise<void> {
  const { db, bucket, now } = deps;
  const job = await startImportJob(db, id, now());
  if (!job) {
    logWarn("import_not_runnable", "", { id });
    return;
  }
  // The writer reports after each batch; the row is written in order, one write a batch.
  let progressWrites = Promise.resolve();
  try {
    const source = await readStoredExport(bucket, job.row.fileKey, job.row.system);
    const report = await runImport(db, source, job.rules, {
      dryRun: false,
      now: now(),
      actorId: job.row.createdBy,
      onProgress: (progress) => {
        // Progress is for reading only: a write that fails is logged, the import goes on.
        progressWrites = progressWrites
          .then(() => recordImportProgress(db, id, progress, now()))
          .catch((error: unknown) =>
            logWarn("import_progress_unsaved", "", { id, error: String(error) }),
          );
      },
    });
    await progressWrites;
    await finishImportJob(db, id, report, now());
  } catch (error) {
    await progressWrites;
    logError("import_failed", "", {
      id,
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    await failImportJob(db, id, sentenceOf(error), now());
  }
}

/** Why it failed, for the newsroom: the file's own problem, or that it stopped. */
function sentenceOf(error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  const said = error instanceof Error ? error.message : String(error);
  const reason = said.slice(0, 200).replace(/[.\s]+$/, "");
  return `The import stopped: ${reason}. Run it again: it continues where it stopped.`;
}
