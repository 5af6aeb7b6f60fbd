import type { ApiFailure } from "edge-api/client";
import { hrefFor } from "shell/contract/addresses";
import { UPLOAD_MAX_FILE_BYTES } from "shell/contract";
import { isSameOriginPath } from "shell/fragment-kit/paths";
import type { FragmentUpload, LoadOutcome, PageStatus } from "shell/fragment-kit/server";
import type {
  ImportFormPageView,
  ImportJobView,
  ImportNoteView,
  ImportReportView,
  ImportRowView,
  ImportValues,
} from "../ui/import-views.ts";
import type { ProblemView } from "../ui/newsroom-views.ts";
import type {
  ImportApi,
  ImportJob,
  ImportNote,
  ImportNoteKind,
  ImportReport,
} from "./import-api.ts";
import { emptyImportValues, readImportForm, valuesOfForm } from "./import-form.ts";
import { streamOf } from "./media-upload.ts";
import {
  answering,
  apiUnavailable,
  commonFailure,
  forbiddenPage,
  newsroomPage,
  publicationView,
  seeOther,
  type NewsroomContext,
} from "./newsroom-answers.ts";

/**
 * The newsroom's Import screens (issue 18, decision 0024), admins only: `/newsroom/import` takes
 * a Ghost or WordPress export in a multipart form (streamed through the shell, decision 0022),
 * sends it to the API for a dry run and goes to `/newsroom/import/:id`, where the report is read
 * and the import started; while it runs that page shows its progress and loads itself again.
 * Everyone but admins gets the 403 page before the API is asked (the API refuses them anyway).
 */

const TITLE = "Import";
/** How many old addresses the report lists before "and N more". */
export const REDIRECTS_SHOWN = 100;
/** How many imported stories the finished report links to. */
const IMPORTED_LINKS = 5;
/** While an import runs its page loads itself again this often. */
export const REFRESH_SECONDS = 3;
const WHAT = "import a publication (only administrators may)";

export interface ImportTools {
  upload: FragmentUpload | undefined;
  imports: ImportApi;
}

function failurePage(context: NewsroomContext, failure: ApiFailure, what: string): LoadOutcome {
  const answer = commonFailure(context, failure, WHAT);
  if (answer) return answer;
  throw apiUnavailable(what, failure);
}

const isAdmin = (context: NewsroomContext) => context.request.viewer?.role === "admin";

// ---- /newsroom/import ----------------------------------------------------------------------

export function loadImportPage(context: NewsroomContext, tools: ImportTools): Promise<LoadOutcome> {
  return answering(async () => {
    if (!isAdmin(context)) {
      await tools.upload?.body?.cancel();
      return forbiddenPage(context, WHAT);
    }
    if (!context.isPost) return formPage(context, tools.imports, null);
    return upload(context, tools);
  });
}

interface RefusedForm {
  values: ImportValues;
  problems: ProblemView[];
  status: PageStatus;
}

const systemNames: Readonly<Record<string, string>> = {
  ghost: "Ghost",
  wordpress: "WordPress",
};

async function formPage(
  context: NewsroomContext,
  imports: ImportApi,
  refused: RefusedForm | null,
): Promise<LoadOutcome> {
  const list = await imports.list();
  // The form still works when only the list could not be read.
  const listFailure = list.ok ? null : commonFailure(context, list, WHAT);
  if (listFailure) return listFailure;
  const rows: ImportRowView[] = list.ok
    ? list.data.map((row) => ({
        href: hrefFor("content.newsroom-import-job", { id: row.id }),
        fileName: row.fileName,
        system: systemNames[row.system] ?? row.system,
        status: row.status,
        createdAt: row.createdAt,
        createdBy: row.createdBy?.displayName ?? null,
      }))
    : [];
  const view: ImportFormPageView = {
    view: "import",
    publication: publicationView(context.publication),
    action: hrefFor("content.newsroom-import"),
    values: refused?.values ?? emptyImportValues(),
    problems: refused?.problems ?? [],
    limit: `${UPLOAD_MAX_FILE_BYTES / 1024 / 1024} MB`,
    imports: rows,
    listProblem: list.ok ? null : "The recent imports could not be shown just now.",
  };
  return newsroomPage(
    context,
    refused ? `${TITLE}: check the form` : TITLE,
    view,
    refused?.status ?? 200,
  );
}

/** The form read, checked, and its file streamed to the API's dry run as this person. */
async function upload(context: NewsroomContext, tools: ImportTools): Promise<LoadOutcome> {
  const refused = (values: ImportValues, problems: ProblemView[], status: PageStatus) =>
    formPage(context, tools.imports, { values, problems, status });
  if (!tools.upload) {
    const message =
      "Choose the export file: Ghost's JSON export (.json) or WordPress's export (WXR, .xml).";
    return refused(valuesOfForm(context.form), [{ field: "file", message }], 400);
  }
  const read = await readImportForm(tools.upload);
  if (!read.ok) return refused(read.values, read.problems, read.status);
  const result = await tools.imports.upload({
    system: read.system,
    fileName: read.fileName,
    defaultSection: read.defaultSection,
    sectionRules: read.sectionRules,
    siteUrl: read.siteUrl,
    body: streamOf(read.file),
    length: read.file.size,
  });
  if (result.ok) return seeOther(hrefFor("content.newsroom-import-job", { id: result.data.id }));
  const common = commonFailure(context, result, WHAT);
  if (common) return common;
  const problem = uploadRefusal(result);
  if (!problem) throw apiUnavailable("import upload", result);
  return refused(read.values, [problem.problem], problem.status);
}

const uploadFields = new Set(["defaultSection", "sectionRules", "system", "siteUrl"]);

/** The API's refusal on the field it names (the rules for `section`), else on the file. */
function uploadRefusal(
  failure: ApiFailure,
): { problem: ProblemView; status: 400 | 413 | 422 } | null {
  const status = failure.status;
  if (status !== 400 && status !== 413 && status !== 422) return null;
  const named = failure.field === "section" ? "sectionRules" : failure.field;
  const field = named && uploadFields.has(named) ? named : "file";
  const message =
    failure.message ||
    (status === 413
      ? "The export is too large to import here."
      : "This file could not be read as an export. Check that it is Ghost's JSON export or WordPress's WXR.");
  return { problem: { field, message }, status };
}

// ---- /newsroom/import/:id -----------------------------------------------------------------

export function loadImportJob(
  context: NewsroomContext,
  tools: ImportTools,
  id: string,
): Promise<LoadOutcome> {
  return answering(async () => {
    if (!isAdmin(context)) return forbiddenPage(context, WHAT);
    if (!context.isPost) {
      const result = await tools.imports.get(id);
      if (!result.ok) return failurePage(context, result, "import");
      return jobPage(context, result.data, null);
    }
    const result = await tools.imports.run(id);
    if (result.ok) return seeOther(hrefFor("content.newsroom-import-job", { id }));
    const refusal = runRefusal(result);
    if (!refusal) return failurePage(context, result, "import run");
    // The import as it is now, with why it was not started.
    const current = await tools.imports.get(id);
    if (!current.ok) return failurePage(context, current, "import");
    return jobPage(context, current.data, refusal.problem, refusal.status);
  });
}

/** A refused run in words: already running or done (409), or the queue refused (503). */
function runRefusal(failure: ApiFailure): { problem: string; status: 409 | 503 } | null {
  if (failure.status === 409) {
    const problem =
      failure.code === "import_done"
        ? "This import is already done."
        : "This import is already running. Its progress is below.";
    return { problem, status: 409 };
  }
  if (failure.status === 503) {
    const said = failure.message || "The import could not be started just now.";
    return { problem: `${said} Try again in a minute.`, status: 503 };
  }
  return null;
}

function jobPage(
  context: NewsroomContext,
  job: ImportJob,
  problem: string | null,
  status: PageStatus = 200,
): LoadOutcome {
  const action = hrefFor("content.newsroom-import-job", { id: job.id });
  const moving = job.status === "queued" || job.status === "running";
  const { stories, pages } = job.report.made;
  const view: ImportJobView = {
    view: "import-job",
    publication: publicationView(context.publication),
    id: job.id,
    fileName: job.fileName,
    system: systemNames[job.system] ?? job.system,
    status: job.status,
    createdAt: job.createdAt,
    createdBy: job.createdBy?.displayName ?? null,
    listHref: hrefFor("content.newsroom-import"),
    run:
      job.status === "checked"
        ? {
            action,
            label: `Import ${countOf(stories, "story", "stories")} and ${countOf(pages, "page", "pages")}`,
          }
        : job.status === "failed"
          ? { action, label: "Try again" }
          : null,
    progress: moving || job.status === "failed" ? job.progress : null,
    refreshSeconds: moving ? REFRESH_SECONDS : null,
    error: job.status === "failed" ? job.error || "The import stopped." : null,
    problem,
    report: reportView(job.report),
    imported: job.status === "done" ? importedLinks(job.report) : [],
  };
  const title = `${TITLE}: ${job.fileName}`;
  return newsroomPage(context, title, view, status);
}

/** A few new addresses to open once done: each once, only paths on this site. */
function importedLinks(report: ImportReport): string[] {
  const targets = new Set(report.redirects.map((redirect) => redirect.to).filter(isSameOriginPath));
  return [...targets].slice(0, IMPORTED_LINKS);
}

const numbers = new Intl.NumberFormat("en-GB");

/** "1 story", "1,200 stories". */
export function countOf(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${count === 1 ? one : many}`;
}

/** What each kind of note is called, in words the newsroom reads. */
const noteLabels: Readonly<Record<ImportNoteKind, string>> = {
  dropped: "Dropped",
  linked: "Kept as a link",
  "external-image": "Photograph left at its old address",
  renamed: "Renamed",
  skipped: "Skipped",
  mapped: "Placed",
  warning: "Note",
};

function noteView(note: ImportNote): ImportNoteView {
  return { label: noteLabels[note.kind], detail: note.detail };
}

/** The report: what is made, the first old addresses, and the notes grouped by post. */
export function reportView(report: ImportReport): ImportReportView {
  const { made } = report;
  const posts = new Map<string, { title: string; notes: ImportNoteView[] }>();
  const fileNotes: ImportNoteView[] = [];
  for (const note of report.notes) {
    if (!note.post) {
      fileNotes.push(noteView(note));
      continue;
    }
    const group = posts.get(note.post.sourceId) ?? {
      title: note.post.title || `Post ${note.post.sourceId}`,
      notes: [],
    };
    group.notes.push(noteView(note));
    posts.set(note.post.sourceId, group);
  }
  return {
    counts: [
      { label: "Stories", value: made.stories },
      { label: "Pages", value: made.pages },
      { label: "Authors", value: made.authors },
      { label: "Tags", value: made.tags },
      { label: "Sections", value: made.sections },
      { label: "Categories", value: made.categories },
      {
        label: report.dryRun ? "Photographs to download" : "Photographs downloaded",
        value: made.photographs,
      },
    ],
    alreadyImported: report.alreadyImported,
    redirects: report.redirects.slice(0, REDIRECTS_SHOWN).map(({ from, to }) => ({ from, to })),
    moreRedirects:
      (report.whole?.redirects ?? report.redirects.length) -
      Math.min(report.redirects.length, REDIRECTS_SHOWN),
    fileNotes,
    posts: [...posts.values()],
    moreNotes: report.whole ? Math.max(0, report.whole.notes - report.notes.length) : 0,
  };
}
