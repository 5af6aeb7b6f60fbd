import { redirect, redirectDocument, type LoaderFunctionArgs } from "react-router";
import {
  NAVIGATE_ENDPOINT,
  NavigationAnswerSchema,
  type NavigationAnswer,
} from "../contract/navigation-contract.ts";
import type { FragmentClientModule } from "../contract/fragment-contract.ts";
import { matchRoute } from "../routes/route-table.ts";
import { ensureStylesheets } from "./head-sync.ts";
import { isBuildChange, loadFragmentModule } from "./remote-loader.ts";

export interface NavigationData {
  answer: NavigationAnswer;
  /** True only for the answer the server rendered: the fragment is hydrated, not rendered. */
  hydrate: boolean;
  module: FragmentClientModule | null;
}

/**
 * Loads the next page's answer from the shell and the owning remote before the route changes,
 * so the current page stays until the next one is ready. Anything unexpected (a new release of
 * a remote, a remote that cannot load, a broken answer) falls back to a full page load.
 */
export async function navigationLoader({
  request,
}: LoaderFunctionArgs): Promise<NavigationData | Response> {
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  let answer: NavigationAnswer;
  try {
    const response = await fetch(`${NAVIGATE_ENDPOINT}?path=${encodeURIComponent(path)}`, {
      signal: request.signal,
      headers: { accept: "application/json" },
    });
    answer = NavigationAnswerSchema.parse(await response.json());
  } catch (error) {
    if (request.signal.aborted) throw error;
    return redirectDocument(path);
  }
  if (answer.outcome === "redirect") {
    const target = new URL(answer.location, window.location.origin);
    return matchRoute(target.pathname)
      ? redirect(answer.location)
      : redirectDocument(answer.location);
  }
  if (answer.outcome !== "fragment") return { answer, hydrate: false, module: null };
  if (isBuildChange(answer.fragment, answer.buildId)) return redirectDocument(path);
  try {
    const [module] = await Promise.all([
      loadFragmentModule(answer.fragment, answer.buildId),
      ensureStylesheets(answer.stylesheets),
    ]);
    return { answer, hydrate: false, module };
  } catch {
    return redirectDocument(path);
  }
}
