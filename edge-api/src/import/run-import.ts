import type { Database } from "../db/database.ts";
import type { ImportNote, ImportSource } from "./import-model.ts";
import { originOf, planImport, type ImportPlan, type ImportRules } from "./import-plan.ts";
import {
  ImportWriteError,
  loadSiteState,
  writeImport,
  type ImportOutcome,
  type WriteOptions,
} from "./import-writer.ts";

/**
 * Issue 18 (decision 0024): an import from a parsed export, as the CLI and the newsroom run it:
 * plan it against the site, then (unless it is a dry run) write it, and report. The report is
 * what a newsroom reads before and after: what will be (or was) made, every old address and
 * where it goes, and every note by post.
 */

export interface ImportReport {
  origin: string;
  dryRun: boolean;
  made: {
    stories: number;
    pages: number;
    authors: number;
    tags: number;
    sections: number;
    categories: number;
    /**
     * Photographs for the media library: in a dry run, the addresses the import will try to
     * download (each once); after it, those it downloaded (the rest are in `notes`).
     */
    photographs: number;
  };
  /** Posts and pages an earlier import of the same site made, left as they are. */
  alreadyImported: { posts: number; pages: number };
  /** Old address → new one (`/section/category/slug`, `/pages/slug`). */
  redirects: { from: string; to: string }[];
  /** Old addresses that already answered for something else here, kept as they were. */
  redirectsKept: string[];
  notes: ImportNote[];
}

export async function runImport(
  db: Database,
  source: ImportSource,
  rules: ImportRules,
  /** `dryRun`, or how to write (`WriteOptions`: a slice's budget, photographs, progress). */
  options: { dryRun: boolean } & WriteOptions,
): Promise<ImportReport & { complete?: boolean }> {
  const plan = planImport(source, await loadSiteState(db, originOf(source)), rules);
  let outcome: Pick<
    ImportOutcome,
    "articles" | "pages" | "redirectsKept" | "complete" | "photographs" | "notes"
  >;
  try {
    outcome = options.dryRun
      ? {
          articles: plan.articles.length,
          pages: plan.pages.length,
          redirectsKept: [],
          complete: true,
          photographs: plannedPhotographs(plan),
          notes: [],
        }
      : await writeImport(db, plan, options);
  } catch (error) {
    if (!(error instanceof ImportWriteError)) throw error;
    throw new ImportStoppedError(reportOf(plan, false, error.written), error.cause);
  }
  const report = reportOf(plan, options.dryRun, outcome);
  const sliced =
    options.maxBatches !== undefined ||
    options.deadline !== undefined ||
    options.maxDownloads !== undefined;
  return sliced ? { ...report, complete: outcome.complete } : report;
}

/**
 * An import that stopped part way (D1 refused a batch): `report` says what it wrote before it
 * stopped, `cause` why it stopped. Run again, it continues.
 */
export class ImportStoppedError extends Error {
  // A field, not a parameter property: `npm run import` runs this file under Node's type
  // stripping, which refuses parameter properties.
  readonly report: ImportReport;

  constructor(report: ImportReport, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.report = report;
  }
}

/** The report of `plan` with its first `written.articles` stories and `written.pages` pages. */
function reportOf(
  plan: ImportPlan,
  dryRun: boolean,
  written: Pick<ImportOutcome, "articles" | "pages" | "redirectsKept" | "photographs" | "notes">,
): ImportReport {
  const articles = plan.articles.slice(0, written.articles);
  const pages = plan.pages.slice(0, written.pages);
  return {
    origin: plan.origin,
    dryRun,
    made: {
      stories: articles.length,
      pages: pages.length,
      authors: plan.newAuthors.length,
      tags: plan.newTags.length,
      sections: plan.newSections.length,
      categories: plan.newCategories.length,
      photographs: written.photographs,
    },
    alreadyImported: plan.alreadyImported,
    redirects: redirectsOf(articles, pages),
    redirectsKept: written.redirectsKept,
    notes: [...plan.notes, ...written.notes],
  };
}

/** The photographs the plan's stories show (body and lead), each address once. */
function plannedPhotographs(plan: ImportPlan): number {
  const urls = new Set<string>();
  for (const article of plan.articles) {
    for (const photograph of article.photographs) urls.add(photograph.url);
    if (article.lead) urls.add(article.lead.url);
  }
  return urls.size;
}

function redirectsOf(
  articles: ImportPlan["articles"],
  pages: ImportPlan["pages"],
): ImportReport["redirects"] {
  return [
    ...articles.flatMap((article) =>
      article.oldPaths.map((from) => ({
        from,
        to: `/${article.placedIn.section}/${article.placedIn.category}/${article.slug}`,
      })),
    ),
    ...pages.flatMap((page) => page.oldPaths.map((from) => ({ from, to: `/pages/${page.slug}` }))),
  ];
}
