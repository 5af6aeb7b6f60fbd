import { createApiClient } from "edge-api/client";
import type { NavSection } from "../contract/navigation-contract.ts";
import type { ShellRequest } from "./request-context.ts";

const SECTIONS_TTL_MS = 30_000;
/** Settled sections only, shared by the isolate's requests. */
let sectionsCache: { at: number; version: string | null; sections: NavSection[] } | null = null;

/**
 * Sections for the masthead; the page still renders (with an empty menu) if the API fails or
 * is slower than the fragment budget. Kept for 30 s, or for as long as the content version stays
 * the same when it is known (so a page kept at the edge never carries the menu of an older
 * version).
 */
export async function loadNavSections(
  shell: ShellRequest,
  contentVersion: string | null,
): Promise<NavSection[]> {
  const now = Date.now();
  const fresh = contentVersion
    ? sectionsCache?.version === contentVersion
    : sectionsCache !== null && now - sectionsCache.at < SECTIONS_TTL_MS;
  if (sectionsCache && fresh) return sectionsCache.sections;
  try {
    const result = await createApiClient(shell.env.API, {
      requestId: shell.requestId,
      signal: AbortSignal.timeout(shell.config.FRAGMENT_TIMEOUT_MS),
    }).sections();
    if (!result.ok) return sectionsCache?.sections ?? [];
    const sections = result.data.sections.map(({ slug, name }) => ({ slug, name }));
    sectionsCache = { at: now, version: contentVersion, sections };
    return sections;
  } catch (error) {
    shell.log.error("sections_failed", { detail: String(error) });
    return sectionsCache?.sections ?? [];
  }
}
