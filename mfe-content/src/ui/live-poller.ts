import type { LiveUpdate, LiveUpdatesResponse } from "edge-api/contract/content";

/**
 * The live blog's polling (issue 16, decision 0021), in the lazily loaded live chunk only:
 * ordinary articles never load it. Every `LIVE_POLL_MS` while the tab is visible it asks the
 * API for the updates newer than the newest one the page shows. The answer is checked by hand
 * (no zod in the browser, decision 0007); anything unexpected is ignored until the next poll.
 */

export const LIVE_POLL_MS = 5_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isRun(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.text === "string" &&
    (value.href === undefined || typeof value.href === "string")
  );
}

function isUpdate(value: unknown): value is LiveUpdate {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    /^[1-9]\d*$/.test(value.id) &&
    typeof value.postedAt === "string" &&
    typeof value.keyEvent === "boolean" &&
    Array.isArray(value.paragraphs) &&
    value.paragraphs.every((runs) => Array.isArray(runs) && runs.every(isRun))
  );
}

/** The API's answer, when it has the contract's shape (what the poller reads of it). */
export function isUpdatesAnswer(value: unknown): value is LiveUpdatesResponse {
  return (
    isRecord(value) &&
    (value.state === "live" || value.state === "ended") &&
    typeof value.more === "boolean" &&
    Array.isArray(value.updates) &&
    value.updates.every(isUpdate)
  );
}

/** One poll: the answer, or null when the network or the answer failed. */
export async function fetchNewerUpdates(
  pollHref: string,
  afterId: string | undefined,
): Promise<LiveUpdatesResponse | null> {
  const query = afterId === undefined ? "" : `?after=${encodeURIComponent(afterId)}`;
  try {
    const response = await fetch(`${pollHref}${query}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isUpdatesAnswer(body) ? body : null;
  } catch {
    return null;
  }
}

/** The newest id of a list (ids grow with time), compared as numbers. */
export function newestId(ids: readonly string[]): string | undefined {
  let newest: string | undefined;
  for (const id of ids) if (newest === undefined || Number(id) > Number(newest)) newest = id;
  return newest;
}

/** True while the page is in a tab the reader can see (always true outside a browser). */
export function pageVisible(): boolean {
  const page = (globalThis as { document?: { visibilityState?: string } }).document;
  return page?.visibilityState !== "hidden";
}
