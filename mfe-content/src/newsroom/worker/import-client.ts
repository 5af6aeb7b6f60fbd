import {
  createApiClient,
  uploadImport,
  type ApiFetcher,
  type ApiResult,
  type CallContext,
} from "edge-api/client";
import type { AnswerOf } from "edge-api/contract/endpoints";
import type { ImportApi, ImportJob, ImportRow } from "./import-api.ts";

/**
 * The Import screens on edge-api's imports (`import-contract.ts`, issue 18), as the person:
 * `imports`, `importJob` and `runImport` from the endpoint table, and `uploadImport` for the
 * export's raw bytes; the screens' words mapped onto the wire and back.
 */

type WireJob = AnswerOf<"importJob">["import"];
type WireRow = AnswerOf<"imports">["imports"][number];

function map<T, U>(result: ApiResult<T>, to: (data: T) => U): ApiResult<U> {
  return result.ok ? { ok: true, status: result.status, data: to(result.data) } : result;
}

function rowOf(row: WireRow): ImportRow {
  return {
    id: row.id,
    system: row.system,
    fileName: row.fileName,
    bytes: row.bytes,
    status: row.status,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
  };
}

function jobOf({ import: job }: { import: WireJob }): ImportJob {
  const { report } = job;
  return {
    ...rowOf(job),
    progress: job.progress,
    report: {
      dryRun: report.dryRun,
      made: report.made,
      alreadyImported: report.alreadyImported,
      redirects: report.redirects,
      notes: report.notes,
      ...(report.whole ? { whole: report.whole } : {}),
    },
    error: job.error,
    updatedAt: job.updatedAt,
  };
}

export function importClient(fetcher: ApiFetcher, person: CallContext): ImportApi {
  const api = createApiClient(fetcher, person);
  return {
    list: async () => map(await api.call("imports", {}), ({ imports }) => imports.map(rowOf)),
    get: async (id) => map(await api.call("importJob", { params: { id } }), jobOf),
    upload: async ({ body, length, ...upload }) =>
      map(
        await uploadImport(
          fetcher,
          {
            body,
            length,
            query: {
              system: upload.system,
              fileName: upload.fileName,
              defaultSection: upload.defaultSection,
              section: upload.sectionRules.map(({ tag, section }) => `${tag}:${section}`),
              ...(upload.siteUrl === null ? {} : { siteUrl: upload.siteUrl }),
            },
          },
          person,
        ),
        jobOf,
      ),
    run: async (id) => map(await api.call("runImport", { params: { id }, body: {} }), jobOf),
  };
}
