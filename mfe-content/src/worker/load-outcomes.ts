import type { CacheHint, FragmentHead } from "shell/contract";
import type { LoadOutcome } from "shell/fragment-kit/server";

/** Every content page is the same for every reader, so the edge may keep it for a minute. */
const PUBLIC_PAGE_CACHE: CacheHint = { scope: "public", maxAge: 60 };

export const NOT_FOUND: LoadOutcome = { kind: "not-found" };

/**
 * A content page with its head and view props, cached like every other (PUBLIC_PAGE_CACHE).
 * `status` 410 is a withdrawn article, 400 a search too long to run (the shell keeps only 200s
 * at the edge).
 */
export function publicPage(head: FragmentHead, props: unknown, status?: 400 | 410): LoadOutcome {
  return { kind: "page", head, props, cache: PUBLIC_PAGE_CACHE, ...(status ? { status } : {}) };
}
