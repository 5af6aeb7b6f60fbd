import type { ImportSystemName } from "../contract/import-contract.ts";
import { parseGhostExport } from "../import/ghost-export.ts";
import type { ImportSource } from "../import/import-model.ts";
import type { ImportReport } from "../import/run-import.ts";
import {
  checkImportFileSize,
  describeBytes,
  detectExportKind,
  ImportFileError,
} from "../import/import-file.ts";
import { parseWordPressExport } from "../import/wordpress-export.ts";

/**
 * Issue 18 (decision 0024): an uploaded export between its dry run and its import. The bytes go
 * to R2 (`MEDIA`, under `imports/<id>`: the media image routes serve only `originals/` and
 * `variants/` keys, so an export is never served) as they arrive, never held whole; the upload
 * route and the queue consumer both read it back from there.
 */

/** Where an import's export is kept. */
export const importFileKey = (id: string) => `imports/${id}`;

/**
 * Where an import's whole report is kept: the dry run's, then (from the import's first message)
 * the import's so far, merged message by message, then the whole import's. The job's row keeps
 * it cut to fit D1's row (reportForRow); this one is never cut, and stays when the export goes.
 */
export const importReportKey = (id: string) => `imports/${id}.report.json`;

export async function storeWholeReport(
  bucket: R2Bucket,
  id: string,
  report: ImportReport,
): Promise<void> {
  await bucket.put(importReportKey(id), JSON.stringify(report), {
    httpMetadata: { contentType: "application/json" },
  });
}

/** The whole report kept for job `id`, or null when there is none. */
export async function readWholeReport(bucket: R2Bucket, id: string): Promise<ImportReport | null> {
  const object = await bucket.get(importReportKey(id));
  return object ? ((await object.json()) as ImportReport) : null;
}

/**
 * A Ghost export is JSON, parsed whole: the Worker (128 MB) takes one of at most 20 MiB; larger
 * ones are imported from the command line, where memory is the machine's.
 */
export const WORKER_GHOST_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Why the Worker will not take a file of `bytes` bytes (413 with what to do instead), or null:
 * decided from the announced length, before a byte is read.
 */
export function uploadSizeProblem(system: ImportSystemName, bytes: number): ImportFileError | null {
  try {
    checkImportFileSize(bytes);
  } catch (error) {
    return error as ImportFileError;
  }
  if (system === "ghost" && bytes > WORKER_GHOST_MAX_BYTES) {
    return new ImportFileError(
      "file_too_large",
      `The file is ${describeBytes(bytes)}; the newsroom imports Ghost exports of at most ` +
        `${describeBytes(WORKER_GHOST_MAX_BYTES)}. Import a larger one from the command line: ` +
        "npm run import -- ghost <file> (see docs/newsroom.md).",
    );
  }
  return null;
}

/** Thrown when the request's body ends before (or goes past) its Content-Length. */
export class UploadCutOffError extends Error {}

/**
 * Streams `body` into R2 as `key`. R2 needs the length before the first byte: a
 * FixedLengthStream of `length` gives it, and errors when the body is shorter or longer (then
 * nothing is stored). `siteUrl`, the old site's address the importer gave (Ghost), is kept on
 * the object: every parse of it (the dry run, each queue message) reads it from there.
 */
export async function storeUpload(
  bucket: R2Bucket,
  key: string,
  body: ReadableStream<Uint8Array> | null,
  length: number,
  options: { siteUrl?: string } = {},
): Promise<void> {
  const { readable, writable } = new FixedLengthStream(length);
  const customMetadata: Record<string, string> =
    options.siteUrl === undefined ? {} : { siteUrl: options.siteUrl };
  // Both settle: a body cut short fails the pipe and the put, and neither may go unheard.
  const [stored, piped] = await Promise.allSettled([
    bucket.put(key, readable, {
      httpMetadata: { contentType: "application/octet-stream" },
      customMetadata,
    }),
    (body ?? new Blob([]).stream()).pipeThrough(exactly(length)).pipeTo(writable),
  ]);
  if (stored.status === "rejected" || piped.status === "rejected") {
    await bucket.delete(key);
    throw new UploadCutOffError(
      `The upload stopped at a length other than the ${length} bytes it announced.`,
      {
        cause:
          stored.status === "rejected"
            ? stored.reason
            : piped.status === "rejected"
              ? piped.reason
              : undefined,
      },
    );
  }
}

/** Passes `length` bytes on, and errors (aborting the pipe) on a byte more or fewer. */
function exactly(length: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  const wrong = () => new Error(`The body is not the ${length} bytes it announced.`);
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > length) throw wrong();
      controller.enqueue(chunk);
    },
    flush() {
      if (seen !== length) throw wrong();
    },
  });
}

const SNIFF_BYTES = 4096;

/**
 * The export kept as `key`, parsed as `system`'s (a Ghost export with the old site's address
 * kept beside it, when one was given). A file that is plainly the other system's
 * export is refused with a sentence that says so; everything else is the parser's to judge.
 * Throws `ImportFileError` (and a plain Error when the object is gone).
 */
export async function readStoredExport(
  bucket: R2Bucket,
  key: string,
  system: ImportSystemName,
): Promise<ImportSource> {
  const head = await bucket.get(key, { range: { offset: 0, length: SNIFF_BYTES } });
  if (!head) throw new Error(`the uploaded file (${key}) is no longer in storage; upload it again`);
  const kind = detectExportKind(await head.text());
  if (kind !== null && kind !== system) {
    const names = { ghost: "Ghost", wordpress: "WordPress" };
    throw new ImportFileError(
      "not_an_export",
      `The file looks like a ${names[kind]} export, not a ${names[system]} one. Upload it as a ` +
        `${names[kind]} export, or choose the ${names[system]} export file.`,
    );
  }
  const object = await bucket.get(key);
  if (!object)
    throw new Error(`the uploaded file (${key}) is no longer in storage; upload it again`);
  if (system === "ghost") {
    // The address given at upload (storeUpload): the same on every message of the job.
    const siteUrl = object.customMetadata?.siteUrl;
    return parseGhostExport(await object.text(), siteUrl === undefined ? {} : { siteUrl });
  }
  const text = object.body.pipeThrough(new TextDecoderStream());
  return parseWordPressExport(text as unknown as AsyncIterable<string>);
}
