import type { ApiResult } from "edge-api/client";

/**
 * What the Import screens need from edge-api (issue 18, decision 0024), in the screens' own
 * words, after `edge-api/src/contract/import-contract.ts`. The loaders depend on this, not on
 * the wire: `import-client.ts` maps it onto the API, and tests hand the loaders their own.
 */

export type ImportSystem = "ghost" | "wordpress";
export type ImportState = "checked" | "queued" | "running" | "done" | "failed";

export type ImportNoteKind =
  "skipped" | "dropped" | "linked" | "external-image" | "renamed" | "mapped" | "warning";

export interface ImportNote {
  /** The post the note is about, or null for the whole file. */
  post: { sourceId: string; title: string } | null;
  kind: ImportNoteKind;
  detail: string;
}

export interface ImportReport {
  dryRun: boolean;
  made: {
    stories: number;
    pages: number;
    authors: number;
    tags: number;
    sections: number;
    categories: number;
    /** A dry run: photographs the import will try to download; after it, those it downloaded. */
    photographs: number;
  };
  alreadyImported: { posts: number; pages: number };
  /** Old address → new address (a path on this site). */
  redirects: readonly { from: string; to: string }[];
  notes: readonly ImportNote[];
  /** Set when the API keeps the lists cut (a very large import): how many there are in all. */
  whole?: { redirects: number; redirectsKept: number; notes: number };
}

export interface ImportRow {
  id: string;
  system: ImportSystem;
  fileName: string;
  bytes: number;
  status: ImportState;
  createdAt: string;
  createdBy: { id: string; displayName: string } | null;
}

export interface ImportJob extends ImportRow {
  /** Stories and pages written so far, of `total`. */
  progress: { done: number; total: number };
  /** The dry run's report until done, then the import's. */
  report: ImportReport;
  /** Why it failed, a sentence for the newsroom; null otherwise. */
  error: string | null;
  updatedAt: string;
}

/** The export file and how to read it: `POST /api/newsroom/imports`. */
export interface ImportUpload {
  system: ImportSystem;
  fileName: string;
  defaultSection: string;
  /** Ghost's primary tag rules: a tag's slug → the section's slug. */
  sectionRules: readonly { tag: string; section: string }[];
  /** Ghost: the old site's address (its export does not say it), or null. */
  siteUrl: string | null;
  body: ReadableStream<Uint8Array>;
  length: number;
}

export interface ImportApi {
  /** The newest imports (at most 50). */
  list(): Promise<ApiResult<readonly ImportRow[]>>;
  get(id: string): Promise<ApiResult<ImportJob>>;
  /** The file checked (a dry run): 201 with `status: "checked"`; 413 and 422 with the API's words. */
  upload(upload: ImportUpload): Promise<ApiResult<ImportJob>>;
  /** Start (or continue a failed) import: 202 `queued`; 409 when running or done; 503 when the queue refused. */
  run(id: string): Promise<ApiResult<ImportJob>>;
}
