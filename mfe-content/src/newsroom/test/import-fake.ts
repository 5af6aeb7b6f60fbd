import type { ApiFailure, ApiResult } from "edge-api/client";
import type {
  ImportApi,
  ImportJob,
  ImportReport,
  ImportRow,
  ImportUpload,
} from "../worker/import-api.ts";

/**
 * A fake of the Import screens' API (`import-api.ts`): each call answers what the test set
 * and records what it was sent (the upload's bytes read whole).
 */

export const IMPORT_ID = "imp_1";

export function aReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    dryRun: true,
    made: {
      stories: 1200,
      pages: 3,
      authors: 4,
      tags: 17,
      sections: 2,
      categories: 5,
      photographs: 9,
    },
    alreadyImported: { posts: 0, pages: 0 },
    redirects: [
      { from: "/harbour-bridge/", to: "/archive/imported/harbour-bridge" },
      { from: "/?p=12", to: "/archive/imported/harbour-bridge" },
      { from: "/about/", to: "/pages/about" },
    ],
    notes: [
      {
        post: { sourceId: "12", title: "Harbour bridge" },
        kind: "dropped",
        detail: "a script (<script>)",
      },
      {
        post: { sourceId: "12", title: "Harbour bridge" },
        kind: "external-image",
        detail: "https://old.example/wp-content/boats.jpg",
      },
      {
        post: { sourceId: "14", title: "Storm night" },
        kind: "linked",
        detail: "a YouTube embed: https://www.youtube.com/watch?v=x",
      },
      { post: null, kind: "renamed", detail: "The tag “news” became “news-2”." },
    ],
    ...overrides,
  };
}

export function aRow(overrides: Partial<ImportRow> = {}): ImportRow {
  return {
    id: IMPORT_ID,
    system: "ghost",
    fileName: "daily-edge.ghost.json",
    bytes: 4096,
    status: "checked",
    createdAt: "2026-11-25T08:00:00.000Z",
    createdBy: { id: "u9", displayName: "Ada Admin" },
    ...overrides,
  };
}

export function aJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    ...aRow(),
    progress: { done: 0, total: 1203 },
    report: aReport(),
    error: null,
    updatedAt: "2026-11-25T08:01:00.000Z",
    ...overrides,
  };
}

export interface SentUpload extends Omit<ImportUpload, "body"> {
  bytes: Uint8Array;
}

export interface FakeImports extends ImportApi {
  calls: string[];
  uploads: SentUpload[];
}

type Answer<T> = ApiResult<T> | (() => ApiResult<T>);

export const ok = <T>(data: T, status = 200): ApiResult<T> => ({ ok: true, status, data });
export const failure = (
  status: number,
  code: string,
  message?: string,
  field?: string,
): ApiFailure => ({
  ok: false,
  status,
  code,
  ...(message ? { message } : {}),
  ...(field ? { field } : {}),
});

export function fakeImports(
  answers: {
    list?: Answer<readonly ImportRow[]>;
    get?: Answer<ImportJob>;
    upload?: Answer<ImportJob>;
    run?: Answer<ImportJob>;
  } = {},
): FakeImports {
  const calls: string[] = [];
  const uploads: SentUpload[] = [];
  const answer = <T>(given: Answer<T> | undefined, fallback: ApiResult<T>) =>
    typeof given === "function" ? given() : (given ?? fallback);
  return {
    calls,
    uploads,
    list: () => {
      calls.push("list");
      return Promise.resolve(answer(answers.list, ok([aRow()])));
    },
    get: (id) => {
      calls.push(`get ${id}`);
      return Promise.resolve(answer(answers.get, ok(aJob({ id }))));
    },
    upload: async ({ body, ...rest }) => {
      calls.push("upload");
      uploads.push({ ...rest, bytes: new Uint8Array(await new Response(body).arrayBuffer()) });
      return answer(answers.upload, ok(aJob(), 201));
    },
    run: (id) => {
      calls.push(`run ${id}`);
      return Promise.resolve(answer(answers.run, ok(aJob({ id, status: "queued" }), 202)));
    },
  };
}
