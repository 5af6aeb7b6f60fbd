import { Hono } from "hono";
import { z } from "zod";
import {
  IMPORT_SYSTEMS,
  ImportRunBodySchema,
  readOldSiteAddress,
  type ImportAnswer,
  type ImportsAnswer,
  type ImportSummary,
} from "../../contract/import-contract.ts";
import {
  abandonUnrunImports,
  findImportJob,
  insertImportJob,
  listImportJobs,
  queueImportJob,
  unqueueImportJob,
  type ImportJob,
} from "../../db/import-job-queries.ts";
import { ImportFileError } from "../../import/import-file.ts";
import type { Database } from "../../db/database.ts";
import type { ImportRules } from "../../import/import-plan.ts";
import { runImport } from "../../import/run-import.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireRole, requireStaff } from "../auth/require-staff.ts";
import {
  importFileKey,
  importReportKey,
  readStoredExport,
  storeUpload,
  storeWholeReport,
  UploadCutOffError,
  uploadSizeProblem,
} from "../import-storage.ts";
import { logError } from "../api-log.ts";
import { validate } from "../request-validation.ts";
import type { ImportMessage } from "../import-queue.ts";

/**
 * Imports (issue 18, import-contract.ts), mounted at `/api/newsroom`: admins upload an export
 * (kept in R2, dry-run at once), then run it; a Queue consumer (import-queue.ts) imports in the
 * background and writes its progress here to read.
 */
export const newsroomImportRoutes = new Hono<AppEnv>();

for (const path of ["/imports", "/imports/*"]) {
  newsroomImportRoutes.use(path, requireAccount, requireStaff(), requireRole("admin"));
}

const IMPORT_ID = /^[0-9a-f]{32}$/;
const idParam = z.strictObject({ id: z.string().regex(IMPORT_ID) });
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 100;
const MAX_FILE_NAME = 255;
const MAX_SECTION_RULES = 100;

const uploadQuery = z.strictObject({
  system: z.enum(IMPORT_SYSTEMS),
  fileName: z.string().trim().min(1).max(MAX_FILE_NAME),
  defaultSection: z.string().optional(),
  section: z.union([z.string(), z.array(z.string())]).optional(),
  siteUrl: z.string().optional(),
});

const isSlug = (value: string) => value.length <= MAX_SLUG && SLUG.test(value);

/** The planner's rules from the query, or a 400 naming the field that is wrong. */
function rulesOf(query: z.output<typeof uploadQuery>): ImportRules {
  const defaultSection = query.defaultSection ?? "archive";
  if (!isSlug(defaultSection)) {
    throw new ApiError(
      "invalid_request",
      `“${defaultSection.slice(0, 60)}” is not a section slug (lower-case letters, digits and hyphens).`,
      { field: "defaultSection" },
    );
  }
  const rules = query.section === undefined ? [] : [query.section].flat();
  if (rules.length > MAX_SECTION_RULES) {
    throw new ApiError("invalid_request", `At most ${MAX_SECTION_RULES} section rules.`, {
      field: "section",
    });
  }
  const tagSections: Record<string, string> = {};
  for (const rule of rules) {
    const [tag = "", section = "", ...rest] = rule.split(":");
    if (rest.length > 0 || !isSlug(tag) || !isSlug(section)) {
      throw new ApiError(
        "invalid_request",
        "A section rule is <tag slug>:<section slug>, e.g. sport:sport.",
        { field: "section" },
      );
    }
    tagSections[tag] = section;
  }
  return { defaultSection, tagSections };
}

/**
 * The old site's address the importer gave (Ghost only: a Ghost export does not say it), or
 * undefined; a 422 saying what is wrong with it.
 */
function siteUrlOf(query: z.output<typeof uploadQuery>): string | undefined {
  const given = query.siteUrl?.trim() ?? "";
  if (given === "") return undefined;
  if (query.system !== "ghost") {
    throw new ApiError(
      "invalid_site_url",
      "A WordPress export says its own address; the old site's address is for Ghost exports only.",
      { field: "siteUrl" },
    );
  }
  const read = readOldSiteAddress(given);
  if (!read.ok) throw new ApiError("invalid_site_url", read.problem, { field: "siteUrl" });
  return read.siteUrl;
}

/** The announced length: required (R2 needs it before the first byte), a whole number. */
function declaredLength(header: string | undefined): number {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) {
    throw new ApiError("length_required");
  }
  return Number(header.trim());
}

const asApiError = (error: ImportFileError) => new ApiError(error.code, error.message);

const subjectOf = (job: { id: string; fileName: string }) =>
  `import ${job.id} “${job.fileName.slice(0, 60)}”`;

function summaryOf(job: ImportJob): ImportSummary {
  return {
    id: job.row.id,
    system: job.row.system,
    fileName: job.row.fileName,
    bytes: job.row.bytes,
    status: job.row.status,
    createdAt: job.row.createdAt.toISOString(),
    createdBy: job.createdBy,
  };
}

function answerOf(job: ImportJob): ImportAnswer {
  return {
    import: {
      ...summaryOf(job),
      progress: { done: job.row.done, total: job.row.total },
      report: job.report,
      error: job.row.error,
      updatedAt: job.row.updatedAt.toISOString(),
    },
  };
}

/**
 * Uploads dry-run but never imported for 7 days are let go when a new one arrives (simple, and
 * only admins upload): failed with a sentence, their export and report deleted from R2.
 */
async function letGoOfAbandonedUploads(bucket: R2Bucket, db: Database, now: Date): Promise<void> {
  const abandoned = await abandonUnrunImports(db, now);
  if (abandoned.length === 0) return;
  await bucket.delete(abandoned.flatMap((job) => [job.fileKey, importReportKey(job.id)]));
}

newsroomImportRoutes
  .post("/imports", validate("query", uploadQuery), async (c) => {
    const query = c.req.valid("query");
    const body = c.req.raw.body;
    let rules: ImportRules;
    let siteUrl: string | undefined;
    let length: number;
    try {
      rules = rulesOf(query);
      siteUrl = siteUrlOf(query);
      length = declaredLength(c.req.header("content-length"));
      const tooLarge = uploadSizeProblem(query.system, length);
      if (tooLarge) throw tooLarge;
    } catch (error) {
      // Refused before a byte of the file is read.
      await body?.cancel();
      throw error instanceof ImportFileError ? asApiError(error) : error;
    }

    const id = crypto.randomUUID().replaceAll("-", "");
    const fileKey = importFileKey(id);
    const { db, now, staff } = c.var;
    await letGoOfAbandonedUploads(c.env.MEDIA, db, now);
    try {
      await storeUpload(c.env.MEDIA, fileKey, body, length, siteUrl ? { siteUrl } : {});
    } catch (error) {
      if (!(error instanceof UploadCutOffError)) throw error;
      throw new ApiError("invalid_request", error.message);
    }
    try {
      const source = await readStoredExport(c.env.MEDIA, fileKey, query.system);
      const report = await runImport(db, source, rules, {
        dryRun: true,
        now,
        actorId: staff.accountId,
      });
      // Whole in R2; the row keeps it cut to fit (reportForRow), and says so.
      await storeWholeReport(c.env.MEDIA, id, report);
      const job = {
        id,
        system: query.system,
        fileName: query.fileName,
        fileKey,
        bytes: length,
        rules,
        report,
        createdBy: staff.accountId,
        now,
      };
      await insertImportJob(db, job, {
        at: now,
        actorId: staff.accountId,
        action: "import.upload",
        subject: subjectOf(job),
        detail: {
          system: query.system,
          bytes: length,
          stories: report.made.stories,
          pages: report.made.pages,
        },
      });
    } catch (error) {
      // Nothing is kept of a file that is not imported: no row, no bytes in R2.
      await c.env.MEDIA.delete([fileKey, importReportKey(id)]);
      if (error instanceof ImportFileError) throw asApiError(error);
      throw error;
    }
    const saved = await findImportJob(db, id);
    if (!saved) throw new ApiError("not_found", "There is no such import.");
    return c.json(answerOf(saved), 201);
  })
  .get("/imports", async (c) => {
    const answer: ImportsAnswer = { imports: (await listImportJobs(c.var.db)).map(summaryOf) };
    return c.json(answer, 200);
  })
  .get("/imports/:id", validate("param", idParam), async (c) => {
    const job = await findImportJob(c.var.db, c.req.valid("param").id);
    if (!job) throw new ApiError("not_found", "There is no such import.");
    return c.json(answerOf(job), 200);
  })
  .get("/imports/:id/report", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const job = await findImportJob(c.var.db, id);
    if (!job) throw new ApiError("not_found", "There is no such import.");
    // Streamed as stored (a large import's is megabytes): never parsed here.
    const whole = await c.env.MEDIA.get(importReportKey(id));
    if (whole)
      return c.body(whole.body, 200, { "content-type": "application/json; charset=UTF-8" });
    // Uploads from before the whole report was kept: the row's is the whole one.
    return c.json(job.report, 200);
  })
  .post(
    "/imports/:id/run",
    validate("param", idParam),
    validate("json", ImportRunBodySchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db, now, staff } = c.var;
      const job = await findImportJob(db, id);
      if (!job) throw new ApiError("not_found", "There is no such import.");
      const queued = await queueImportJob(db, id, now, {
        at: now,
        actorId: staff.accountId,
        action: "import.run",
        subject: subjectOf(job.row),
        detail: { system: job.row.system, again: job.row.status === "failed" },
      });
      if (!queued) {
        const current = (await findImportJob(db, id)) ?? job;
        throw current.row.status === "done"
          ? new ApiError(
              "import_done",
              "This import is done; upload the file again to re-check it.",
            )
          : new ApiError("import_running", "This import is already queued or running.");
      }
      try {
        await c.env.IMPORT_QUEUE.send({ id } satisfies ImportMessage);
      } catch (error) {
        logError("import_queue_send", c.var.requestId, {
          id,
          detail: error instanceof Error ? error.message : String(error),
        });
        const sentence = "The import could not be started. Try again in a moment.";
        await unqueueImportJob(db, id, now, sentence);
        throw new ApiError("service_unavailable", sentence);
      }
      const saved = await findImportJob(db, id);
      if (!saved) throw new ApiError("not_found", "There is no such import.");
      return c.json(answerOf(saved), 202);
    },
  );
