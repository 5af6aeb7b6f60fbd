import { createDatabase, type Database } from "../db/database.ts";
import {
  failImportJob,
  finishImportJob,
  handOverImportJob,
  recordImportProgress,
  startImportJob,
} from "../db/import-job-queries.ts";
import { ImportFileError } from "../import/import-file.ts";
import type { PhotographDownloads } from "../import/import-images.ts";
import { ImportStoppedError, runImport, type ImportReport } from "../import/run-import.ts";
import { logError, logWarn } from "./api-log.ts";
import { readStoredExport, readWholeReport, storeWholeReport } from "./import-storage.ts";

/**
 * Issue 18 (import-contract.ts): the import queue's consumer. `POST /api/newsroom/imports/:id/run`
 * sends `{ id }`; each message runs a slice of that job: it takes the job (a lease, so two
 * deliveries never write at once), parses the export from R2 again, plans it (what earlier
 * slices wrote is recognised and skipped), writes at most `IMPORT_MESSAGE_BATCHES` batches with
 * the progress of the whole file after each, and merges what it made into the whole report
 * (R2). Then, if posts are left, it lets go of the job and sends `{ id }` again; if not, the job
 * is `done` with the whole report and its export is deleted. A slice that fails ends the job
 * `failed` with a sentence; run again, it continues where it stopped.
 */

/** The queue's name (wrangler.toml): the Worker's one `queue()` handler tells batches apart by it. */
export const IMPORT_QUEUE = "daily-edge-imports";

/**
 * Batches of posts (25 each: 500 posts) one message writes before it hands over to the next.
 * A consumer invocation has 30 s of CPU by default and 1,000 D1 queries and subrequests (paid
 * plan; 50 on the free plan): a batch costs four D1 queries (the next id, the batch, its
 * redirects, the progress) and an image download or two per post may come on top, while each
 * message also parses and plans the whole export again (about 0.4 ms a post planned: 4 s for
 * 10,000 posts). 20 batches is about 90 D1 queries a message, leaving the rest of the budget to
 * the images; 10,000 posts is 20 messages.
 */
export const IMPORT_MESSAGE_BATCHES = 20;

/**
 * And no batch starts after this long into a message: a third of a consumer's 15 minutes of
 * wall-clock time, so a slice whose photographs download slowly still ends well in time.
 */
export const IMPORT_MESSAGE_MS = 5 * 60_000;

/**
 * And photographs a message downloads at most: each is a fetch (and one per redirect), an R2
 * put, about three Images calls and its share of a D1 batch, so 120 of them stay, with the
 * batches' own queries, under the 1,000 subrequests of an invocation. A batch is cut short
 * rather than pass it (a story alone may bring up to 51), and the next message continues.
 */
export const IMPORT_MESSAGE_DOWNLOADS = 120;

export interface ImportMessage {
  id: string;
}

export interface ImportConsumerDeps {
  db: Database;
  bucket: R2Bucket;
  now: () => Date;
  /** Sends the message that continues job `id` (`{ id }` on the import queue). */
  continueLater: (id: string) => Promise<void>;
  /** Batches a message writes: `IMPORT_MESSAGE_BATCHES` unless said otherwise (tests). */
  maxBatches?: number;
  /** How long a message starts batches: `IMPORT_MESSAGE_MS` unless said otherwise (tests). */
  sliceMs?: number;
  /** Photographs a message downloads: `IMPORT_MESSAGE_DOWNLOADS` unless said otherwise (tests). */
  maxDownloads?: number;
  /** How the import downloads photographs into the media library (import-images.ts). */
  images?: PhotographDownloads;
}

export async function consumeImportQueue(batch: MessageBatch, env: Env): Promise<void> {
  await handleImportBatch(batch, {
    db: createDatabase(env.DB),
    bucket: env.MEDIA,
    now: () => new Date(),
    images: {
      // The Worker's own fetch, called unbound: the runtime refuses another `this`.
      fetch: (input, init) => fetch(input, init),
      images: env.IMAGES,
      bucket: env.MEDIA,
      // The local stack (wrangler dev) may serve an export's photographs from this machine, for
      // trying an import out; a deployed Worker cannot reach a private network anyway.
      allowPrivateHosts: env.ENVIRONMENT === "development",
      // Two at a time, not four: each may hold twice its 20 MB while it is read, beside the
      // parsed export, in a Worker's 128 MB.
      concurrency: 2,
    },
    continueLater: async (id) => {
      await env.IMPORT_QUEUE.send({ id } satisfies ImportMessage);
    },
  });
}

/**
 * Runs each message's slice (one message a batch: max_batch_size = 1). The message is
 * acknowledged once its slice is through (the job's row says what came of it), or retried
 * after the lease of the run that holds the job: a redelivery waits for the run it replaces.
 * A consumer that dies leaves the message to the platform's redelivery, which continues.
 */
export async function handleImportBatch(
  batch: MessageBatch,
  deps: ImportConsumerDeps,
): Promise<void> {
  for (const message of batch.messages) {
    const id = idOf(message.body);
    if (id === null) {
      logError("import_message_invalid", "", { messageId: message.id });
      message.ack();
      continue;
    }
    const retryAfter = await runImportJob(id, deps);
    if (retryAfter === null) message.ack();
    else message.retry({ delaySeconds: retryAfter });
  }
}

function idOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { id } = body as Partial<ImportMessage>;
  return typeof id === "string" && /^[0-9a-f]{32}$/.test(id) ? id : null;
}

/** Thrown by the progress write when another run has taken the job: this one stops. */
class ImportClaimLost extends Error {}

const isClaimLost = (error: unknown): boolean =>
  error instanceof ImportClaimLost || (error instanceof Error && isClaimLost(error.cause));

/**
 * Runs a slice of job `id` if it is queued (or running with its lease run out: its run died).
 * Null when the message is through; otherwise the seconds after which to try it again (another
 * run holds the job).
 */
export async function runImportJob(id: string, deps: ImportConsumerDeps): Promise<number | null> {
  const { db, bucket, now } = deps;
  const token = crypto.randomUUID();
  const claim = await startImportJob(db, id, now(), token);
  if ("heldUntil" in claim) {
    logWarn("import_held", "", { id, until: claim.heldUntil.toISOString() });
    return Math.max(1, Math.ceil((claim.heldUntil.getTime() - now().getTime()) / 1000) + 1);
  }
  if ("nothing" in claim) {
    logWarn("import_not_runnable", "", { id });
    return null;
  }
  const { row, rules } = claim.claimed;
  let sofar: ImportReport | null = null;
  try {
    // The whole report so far: the dry run's until this job's first slice has written.
    const stored = await readWholeReport(bucket, id);
    sofar = stored && !stored.dryRun ? stored : null;
    const source = await readStoredExport(bucket, row.fileKey, row.system);
    const slice = await runImport(db, source, rules, {
      dryRun: false,
      now: now(),
      actorId: row.createdBy,
      maxBatches: deps.maxBatches ?? IMPORT_MESSAGE_BATCHES,
      deadline: new Date(Date.now() + (deps.sliceMs ?? IMPORT_MESSAGE_MS)),
      maxDownloads: deps.maxDownloads ?? IMPORT_MESSAGE_DOWNLOADS,
      ...(deps.images ? { images: deps.images } : {}),
      onProgress: async (progress) => {
        // Progress counts the whole file: what earlier slices wrote, then this one's.
        const whole = { done: row.done + progress.done, total: row.total };
        let held = true;
        try {
          held = await recordImportProgress(db, id, token, whole, now());
        } catch (error) {
          // Progress is for reading: a write that fails is logged, the import goes on.
          logWarn("import_progress_unsaved", "", { id, error: String(error) });
        }
        if (!held) throw new ImportClaimLost("another run has taken the import");
      },
    });
    const report = mergeReports(sofar, slice);
    await storeWholeReport(bucket, id, report);
    if (slice.complete !== false) {
      // Done: the export goes (the row and R2 keep the report); a failed job keeps it to run again.
      if (await finishImportJob(db, id, token, report, now())) await bucket.delete(row.fileKey);
      return null;
    }
    if (await handOverImportJob(db, id, token, now())) await continueLater(id, token, deps);
    return null;
  } catch (error) {
    if (isClaimLost(error)) {
      logWarn("import_claim_lost", "", { id });
      return null;
    }
    if (error instanceof ImportStoppedError) {
      // What the slice wrote before it stopped counts: the next run recognises it, and skips it.
      await storeWholeReport(bucket, id, mergeReports(sofar, error.report)).catch(
        (unsaved: unknown) => logWarn("import_report_unsaved", "", { id, error: String(unsaved) }),
      );
    }
    logError("import_failed", "", {
      id,
      detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    await failImportJob(db, id, token, sentenceOf(error), now());
    return null;
  }
}

/** Queues the next slice; when the queue refuses, the job is failed (run again, it continues). */
async function continueLater(id: string, token: string, deps: ImportConsumerDeps): Promise<void> {
  try {
    await deps.continueLater(id);
  } catch (error) {
    logError("import_continue_unsent", "", { id, detail: String(error) });
    await failImportJob(
      deps.db,
      id,
      token,
      "The import stopped between two parts: the queue refused the next. Run it again: it " +
        "continues where it stopped.",
      deps.now(),
    );
  }
}

/**
 * The whole report so far with one more slice's: counts added, lists joined. What was imported
 * before the job is the first slice's (later slices see the job's own posts as imported); notes
 * are the first slice's plan (all the posts left then), and any a later slice adds.
 */
export function mergeReports(sofar: ImportReport | null, slice: ImportReport): ImportReport {
  const part: ImportReport = {
    origin: slice.origin,
    dryRun: false,
    made: { ...slice.made },
    alreadyImported: slice.alreadyImported,
    redirects: slice.redirects,
    redirectsKept: slice.redirectsKept,
    notes: slice.notes,
  };
  if (!sofar) return part;
  const made = { ...part.made };
  for (const key of Object.keys(made) as (keyof typeof made)[]) made[key] += sofar.made[key];
  const seen = new Set(sofar.notes.map((note) => JSON.stringify(note)));
  return {
    ...part,
    made,
    alreadyImported: sofar.alreadyImported,
    redirects: [...sofar.redirects, ...part.redirects],
    redirectsKept: [...sofar.redirectsKept, ...part.redirectsKept],
    notes: [...sofar.notes, ...part.notes.filter((note) => !seen.has(JSON.stringify(note)))],
  };
}

/** Why it failed, for the newsroom: the file's own problem, or that it stopped. */
function sentenceOf(error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  const said = error instanceof Error ? error.message : String(error);
  const reason = said.slice(0, 200).replace(/[.\s]+$/, "");
  return `The import stopped: ${reason}. Run it again: it continues where it stopped.`;
}
