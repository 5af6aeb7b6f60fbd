import type { PublicationView } from "../../ui/content-views.ts";
import type { ProblemView } from "./newsroom-views.ts";

/**
 * View props of the Import screens (issue 18): `/newsroom/import` (the form and the recent
 * imports) and `/newsroom/import/:id` (one import's report, its run button or its progress).
 */

/** The form's fields as typed, so a refused form comes back as sent (the file cannot). */
export interface ImportValues {
  system: string;
  defaultSection: string;
  sectionRules: string;
  /** Ghost: the old site's address, which its export does not say. */
  siteUrl: string;
}

export type ImportStatusName = "checked" | "queued" | "running" | "done" | "failed";

export interface ImportRowView {
  href: string;
  fileName: string;
  system: string;
  status: ImportStatusName;
  createdAt: string;
  createdBy: string | null;
}

export interface ImportFormPageView {
  view: "import";
  publication: PublicationView;
  action: string;
  values: ImportValues;
  problems: ProblemView[];
  /** The most a file may be, in words ("20 MB"). */
  limit: string;
  imports: ImportRowView[];
  /** Why the list could not be shown, or null. */
  listProblem: string | null;
}

export interface ImportNoteView {
  /** "Dropped", "Kept as a link", … */
  label: string;
  detail: string;
}

export interface ImportPostNotesView {
  title: string;
  notes: ImportNoteView[];
}

export interface ImportReportView {
  counts: { label: string; value: number }[];
  alreadyImported: { posts: number; pages: number };
  redirects: { from: string; to: string }[];
  /** How many redirects are not listed ("and N more"). */
  moreRedirects: number;
  /** Notes about the whole file. */
  fileNotes: ImportNoteView[];
  posts: ImportPostNotesView[];
  /** Notes the API does not list (a very large import's report is cut to fit): "and N more". */
  moreNotes: number;
}

export interface ImportJobView {
  view: "import-job";
  publication: PublicationView;
  id: string;
  fileName: string;
  system: string;
  status: ImportStatusName;
  createdAt: string;
  createdBy: string | null;
  listHref: string;
  /** The run form's action and its button's words, when the import can be (re)started. */
  run: { action: string; label: string } | null;
  progress: { done: number; total: number } | null;
  /** Seconds until the page loads itself again (while queued or running), or null. */
  refreshSeconds: number | null;
  error: string | null;
  /** Why the run was refused (409), or null. */
  problem: string | null;
  report: ImportReportView;
  /** A few imported stories' new addresses, once done. */
  imported: string[];
}
