import { NAVIGATE_ENDPOINT } from "../contract/navigation-constants.ts";
import { checkNavigationAnswer } from "../contract/navigation-checks.ts";
import type { NavigationAnswer } from "../contract/navigation-contract.ts";
import type { FragmentClientModule } from "../contract/fragment-names.ts";
import { isNewsroomPath, matchRoute } from "../routes/route-table.ts";
import { ensureStylesheets } from "./head-sync.ts";
import { isBuildChange, loadFragmentModule } from "./remote-loader.ts";

export interface NavigationData {
  answer: NavigationAnswer;
  /** True only for the answer the server rendered: the fragment is hydrated, not rendered. */
  hydrate: boolean;
  module: FragmentClientModule | null;
}

/** What to do with a navigation: show the page, follow a redirect client-side, or load a document. */
export type NavigationOutcome =
  | { kind: "page"; data: NavigationData }
  | { kind: "redirect"; location: string }
  | { kind: "document"; location: string };

/**
 * Loads the next page's answer from the shell and the owning remote before the page changes,
 * so the current page stays until the next one is ready. Anything unexpected (a new release of
 * a remote, a remote that cannot load, a broken answer) falls back to a full page load.
 * Throws only when `signal` aborts (a newer navigation replaced this one).
 */
export async function loadNavigation(
  path: string,
  signal: AbortSignal,
  fromPath: string,
): Promise<NavigationOutcome> {
  // The newsroom has its own chrome (and code): crossing between it and the readers' pages, back
  // and forward included, loads a document.
  const shownNewsroom = isNewsroomPath(new URL(fromPath, window.location.origin).pathname);
  if (isNewsroomPath(new URL(path, window.location.origin).pathname) !== shownNewsroom) {
    return { kind: "document", location: path };
  }
  let answer: NavigationAnswer;
  try {
    const response = await fetch(`${NAVIGATE_ENDPOINT}?path=${encodeURIComponent(path)}`, {
      signal,
      headers: { accept: "application/json" },
    });
    answer = checkNavigationAnswer(await response.json());
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: "document", location: path };
  }
  if (answer.outcome === "redirect") {
    const target = new URL(answer.location, window.location.origin);
    return matchRoute(target.pathname) && isNewsroomPath(target.pathname) === shownNewsroom
      ? { kind: "redirect", location: answer.location }
      : { kind: "document", location: answer.location };
  }
  if (answer.outcome !== "fragment")
    return { kind: "page", data: { answer, hydrate: false, module: null } };
  if (isBuildChange(answer.fragment, answer.buildId)) return { kind: "document", location: path };
  try {
    const [module] = await Promise.all([
      loadFragmentModule(answer.fragment, answer.buildId, answer.routeId),
      ensureStylesheets(answer.stylesheets),
    ]);
    return { kind: "page", data: { answer, hydrate: false, module } };
  } catch {
    return { kind: "document", location: path };
  }
}
