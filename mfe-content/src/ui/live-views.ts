import type { ArticleLive, LiveUpdate } from "edge-api/contract/content";
import type { LiveUpdateView, LiveView } from "./content-views.ts";
import { toRuns } from "./run-views.ts";

/**
 * The live blog's view props (issue 16), shaped on the server for the page and in the browser
 * for the updates the poller fetches, with the same function.
 */

export function toLiveUpdateView(update: LiveUpdate): LiveUpdateView {
  return {
    id: update.id,
    postedAt: update.postedAt,
    keyEvent: update.keyEvent,
    paragraphs: update.paragraphs.map((runs) => ({
      text: runs.map((run) => run.text).join(""),
      runs: toRuns(runs),
    })),
  };
}

export function toLiveView(live: ArticleLive | null, pollHref: string): LiveView | null {
  if (!live) return null;
  return {
    state: live.state,
    endedAt: live.endedAt,
    updates: live.updates.map(toLiveUpdateView),
    pollHref,
  };
}
