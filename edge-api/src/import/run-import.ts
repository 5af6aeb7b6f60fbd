import type { Database } from "../db/database.ts";
import type { ImportNote, ImportSource } from "./import-model.ts";
import { originOf, planImport, type ImportPlan, type ImportRules } from "./import-plan.ts";
import { loadSiteState, writeImport, type ImportProgress } from "./import-writer.ts";

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
  options: {
    dryRun: boolean;
    now: Date;
    actorId: string | null;
    onProgress?: (progress: ImportProgress) => void;
  },
): Promise<ImportReport> {
  const plan = planImport(source, await loadSiteState(db, originOf(source)), rules);
  const outcome = options.dryRun
    ? { redirectsKept: [] }
    : await writeImport(db, plan, {
        now: options.now,
        actorId: options.actorId,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
  return {
    origin: plan.origin,
    dryRun: options.dryRun,
    made: {
      stories: plan.articles.length,
      pages: plan.pages.length,
      authors: plan.newAuthors.length,
      tags: plan.newTags.length,
      sections: plan.newSections.length,
      categories: plan.newCategories.length,
    },
    alreadyImported: plan.alreadyImported,
    redirects: redirectsOf(plan),
    redirectsKept: outcome.redirectsKept,
    notes: plan.notes,
  };
}

function redirectsOf(plan: ImportPlan): ImportReport["redirects"] {
  return [
    ...plan.articles.flatMap((article) =>
      article.oldPaths.map((from) => ({
        from,
        to: `/${article.placedIn.section}/${article.placedIn.category}/${article.slug}`,
      })),
    ),
    ...plan.pages.flatMap((page) =>
      page.oldPaths.map((from) => ({ from, to: `/pages/${page.slug}` })),
    ),
  ];
}
