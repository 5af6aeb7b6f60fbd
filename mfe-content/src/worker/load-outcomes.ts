import type { CacheHint } from "shell/contract";
import type { LoadOutcome } from "shell/fragment-kit/server";

/** Every content page is the same for every reader, so the edge may keep it for a minute. */
export const PUBLIC_PAGE_CACHE: CacheHint = { scope: "public", maxAge: 60 };

export const NOT_FOUND: LoadOutcome = { kind: "not-found" };
