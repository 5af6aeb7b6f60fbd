import { z } from "zod";
import { InstantSchema } from "./contract-fields.ts";
import { PersonRefSchema } from "./newsroom-contract.ts";

/**
 * Imports (issue 18, decision 0024): admins upload a Ghost JSON or WordPress WXR export, read a
 * dry-run report, then import; the import runs in the background (a Queue consumer, in batches)
 * and its progress can be read while it runs. Every endpoint is under `/api/newsroom/imports`
 * and answers anonymous 401, everyone but admins 403.
 *
 * - `POST /api/newsroom/imports?system=ghost|wordpress&fileName=&defaultSection=&section=<tag>:<section>…&siteUrl=`
 *   with the export's bytes as the raw body (streamed into storage, never held whole):
 *   201 `ImportAnswer` with `status: "checked"` and the dry run's `report`. Errors: 413
 *   `file_too_large`; 422 `not_an_export`, `truncated`, `dtd_refused`, `unreadable` (the
 *   message says what is wrong with the file and which file is expected), 400
 *   `invalid_request` for a bad `defaultSection` or `section` rule (with `field`), 411
 *   `length_required` without a Content-Length (the file streams into storage), 400 when the
 *   body is not the length it announced. `siteUrl` (Ghost only) is the old site's address, which a
 *   Ghost export does not say: its `__GHOST_URL__` links and photographs resolve to it, and the
 *   import is known by it; 422 `invalid_site_url` (with `field`) when it is not an http(s)
 *   address without query or fragment (`readOldSiteAddress`), or given for WordPress.
 * - `POST /api/newsroom/imports/:id/run` `{}`: 202 `ImportAnswer` with `status: "queued"`; 409
 *   `import_running` when it is already queued or running, 409 `import_done` when done.
 *   A `failed` import can be run again: it continues where it stopped (so can one queued or
 *   running that has not moved for 15 minutes: its consumer died). 503 when the queue refused.
 *   Once done, the export is deleted from storage (a failed import keeps it, to run again); an
 *   upload never imported is let go after 7 days (failed, its file deleted).
 * - `GET /api/newsroom/imports/:id`: 200 `ImportAnswer` (progress while it runs); 404.
 *   The job runs a slice of at most 500 posts per queue message and continues in the next; its
 *   progress counts the whole file, and its report, once done, the whole import.
 * - `GET /api/newsroom/imports/:id/report`: 200 the whole `ImportReport` (the dry run's, then
 *   the import's), even where the job's `report` is cut (`whole`); 404 when there is none.
 * - `GET /api/newsroom/imports`: 200 `{ imports: ImportSummary[] }`, newest first (at most 50).
 */

export const IMPORT_SYSTEMS = ["ghost", "wordpress"] as const;
export type ImportSystemName = (typeof IMPORT_SYSTEMS)[number];

export const IMPORT_STATUSES = ["checked", "queued", "running", "done", "failed"] as const;
export const ImportStatusSchema = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

export const ImportNoteSchema = z.object({
  post: z.object({ sourceId: z.string(), title: z.string() }).nullable(),
  kind: z.enum(["skipped", "dropped", "linked", "external-image", "renamed", "mapped", "warning"]),
  detail: z.string(),
});

/** What `runImport` reports (`edge-api/src/import/run-import.ts`): a dry run's, or the import's. */
export const ImportReportSchema = z.object({
  origin: z.string(),
  dryRun: z.boolean(),
  made: z.object({
    stories: z.number().int().nonnegative(),
    pages: z.number().int().nonnegative(),
    authors: z.number().int().nonnegative(),
    tags: z.number().int().nonnegative(),
    sections: z.number().int().nonnegative(),
    categories: z.number().int().nonnegative(),
    /** Photographs to download (a dry run) or downloaded; 0 in reports stored before them. */
    photographs: z.number().int().nonnegative().default(0),
  }),
  alreadyImported: z.object({
    posts: z.number().int().nonnegative(),
    pages: z.number().int().nonnegative(),
  }),
  redirects: z.array(z.object({ from: z.string(), to: z.string() })),
  redirectsKept: z.array(z.string()),
  notes: z.array(ImportNoteSchema),
  /**
   * Present when the lists above are only the first ones (a job keeps at most about 400 kB of
   * each): how long they are in the whole report, which `GET /api/newsroom/imports/:id/report`
   * answers.
   */
  whole: z
    .object({
      redirects: z.number().int().nonnegative(),
      redirectsKept: z.number().int().nonnegative(),
      notes: z.number().int().nonnegative(),
    })
    .optional(),
});
export type ImportReportAnswer = z.infer<typeof ImportReportSchema>;

export const ImportSummarySchema = z.object({
  id: z.string(),
  system: z.enum(IMPORT_SYSTEMS),
  fileName: z.string(),
  bytes: z.number().int().nonnegative(),
  status: ImportStatusSchema,
  createdAt: InstantSchema,
  createdBy: PersonRefSchema.nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportAnswerSchema = z.object({
  import: ImportSummarySchema.extend({
    /** Stories and pages written so far, of `total` (the plan's), while queued or running. */
    progress: z.object({
      done: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
    }),
    /** The dry run's report until it is done, then the import's. */
    report: ImportReportSchema,
    /** Why it failed (a sentence for the newsroom), or null. */
    error: z.string().nullable(),
    updatedAt: InstantSchema,
  }),
});
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;

/** The body of `POST /api/newsroom/imports/:id/run`: nothing (the job has its rules). */
export const ImportRunBodySchema = z.strictObject({});

export const ImportsAnswerSchema = z.object({ imports: z.array(ImportSummarySchema) });
export type ImportsAnswer = z.infer<typeof ImportsAnswerSchema>;

/** The query of `POST /api/newsroom/imports` (the body is the file). */
export interface ImportUploadQuery {
  system: ImportSystemName;
  fileName: string;
  /** Where posts nothing else places go (a section slug; `archive` when not given). */
  defaultSection?: string;
  /** `<tag slug>:<section slug>`, repeatable (Ghost's primary tag rules). */
  section?: string[];
  /** Ghost: the old site's address (`readOldSiteAddress`), which its export does not say. */
  siteUrl?: string;
}

/** The longest old site's address taken (a real one is a few dozen characters). */
const SITE_URL_MAX = 500;

/**
 * The old site's address as the importer gives it (`siteUrl`: Ghost only, since a Ghost export
 * does not say it; WordPress exports carry theirs). The same check on the command line, the
 * API and the Import screen: an absolute http(s) address, a path allowed (Ghost on a
 * subdirectory), no query or fragment (they are no part of where the site lives), no user or
 * password. Answers it without its trailing slash, or a sentence saying what is wrong.
 */
export function readOldSiteAddress(
  value: string,
): { ok: true; siteUrl: string } | { ok: false; problem: string } {
  const wrong = (why: string) => ({
    ok: false as const,
    problem: `“${value.slice(0, 80)}” is not the old site's address: ${why}`,
  });
  const text = value.trim();
  if (text.length > SITE_URL_MAX) return wrong(`keep it under ${SITE_URL_MAX} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return wrong("write the whole address, like https://old.example.com.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return wrong("it starts with https:// or http://, like https://old.example.com.");
  }
  if (text.includes("?") || text.includes("#")) {
    return wrong("leave out everything from ? or # on; only the site's address and its path.");
  }
  if (url.username !== "" || url.password !== "") {
    return wrong("leave out the user name and password.");
  }
  let path = url.pathname;
  while (path.endsWith("/")) path = path.slice(0, -1);
  return { ok: true, siteUrl: `${url.origin}${path}` };
}
