import type { InlineRun } from "edge-api/contract/content";
import { isBodyLinkTarget, isSameOriginPath } from "shell/fragment-kit/paths";
import type { InlineRunView } from "./content-views.ts";

/**
 * A block's runs for the page, or null when it has none worth the markup (one plain run). A
 * link whose target is not one a body may have is dropped to plain text, whatever the API sent.
 * Here, not in the worker's view shapers, because the live blog's poller (issue 16) shapes the
 * updates it fetches in the browser with it; `shell/fragment-kit/paths` is zod-free.
 */
export function toRuns(runs: readonly InlineRun[] | undefined): InlineRunView[] | null {
  if (!runs || runs.length === 0) return null;
  const views = runs
    .filter((run) => run.text !== "")
    .map((run): InlineRunView => {
      const href = run.href !== undefined && isBodyLinkTarget(run.href) ? run.href : null;
      return {
        text: run.text,
        bold: run.bold === true,
        italic: run.italic === true,
        href,
        external: href !== null && !isSameOriginPath(href),
      };
    });
  const plain = views.every((run) => !run.bold && !run.italic && run.href === null);
  return plain ? null : views;
}
