import { createApiClient } from "edge-api/client";
import {
  FRAGMENT_LIVE_PATH,
  LiveBuildSchema,
  type FragmentName,
} from "../contract/fragment-contract.ts";
import type { Logger } from "../fragment-kit/logger.ts";
import { untilAborted } from "./deadline.ts";
import { fragmentBinding, type ShellEnv } from "./shell-env.ts";

/**
 * What a cached answer depends on besides its address (docs/decisions/0008-edge-cache.md): a
 * publish or edit changes the content version, a release changes the fragment's live build.
 */
export interface EdgeState {
  /** `GET /api/content-version`: moves on every content write, schedule or new edition. */
  contentVersion: string;
  /** The fragment's live build, as the fragment itself reports it. */
  fragment: FragmentName;
  fragmentBuild: string;
}

export interface EdgeStateRead {
  env: ShellEnv;
  requestId: string;
  log: Logger;
  /** Budget of each read: its subrequest is cancelled (`AbortSignal.timeout`) when it runs out. */
  timeoutMs: number;
  /** How long an isolate trusts a value it has read (`EDGE_STATE_TTL_MS`). */
  ttlMs: number;
}

/**
 * Both halves, each within `timeoutMs`. `null` when either cannot be had in time (an old
 * fragment without the live endpoint, the API or the fragment down): the request is then served
 * without the cache, never from a key that might be stale.
 *
 * Each half is trusted for `ttlMs` per isolate (1 s by default; 0 reads both on every request):
 * on this runtime every binding call costs about as much as a cached page. Only settled values
 * are shared between requests, so no request awaits a subrequest another request started
 * (decision 0014). When a value has expired, the first request to see it takes a refresh lease
 * and reads; the requests that arrive while that read is under way keep the last value (older
 * than `ttlMs` by at most the read's time) instead of each reading again, and a lease whose
 * reader was cancelled runs out after `timeoutMs`.
 */
export async function readEdgeState(
  fragment: FragmentName,
  read: EdgeStateRead,
): Promise<EdgeState | null> {
  const now = Date.now();
  const knownVersion = known.get("api", now, read);
  const knownBuild = known.get(fragment, now, read);
  // The common case once warm: both known, no call.
  if (knownVersion !== null && knownBuild !== null) {
    return { contentVersion: knownVersion, fragment, fragmentBuild: knownBuild };
  }
  const [contentVersion, fragmentBuild] = await Promise.all([
    knownVersion ?? readContentVersion(read, now),
    knownBuild ?? readLiveBuild(fragment, read, now),
  ]);
  if (contentVersion === null || fragmentBuild === null) return null;
  return { contentVersion, fragment, fragmentBuild };
}

/** A quarter of the fragment's time: a hanging fragment delays its 503 by no more than that. */
export function edgeStateTimeout(fragmentTimeoutMs: number): number {
  return Math.min(1_000, Math.max(20, Math.floor(fragmentTimeoutMs / 4)));
}

/** Values read by any request of this isolate, with the time their read began. */
class SettledValues {
  readonly #values = new Map<string, { at: number; value: string }>();
  /** Keys being read again, and until when that read may take. */
  readonly #refreshing = new Map<string, number>();

  /**
   * The value if it is fresh, or the last value while another request refreshes it; `null`
   * when this request should read (and then holds the refresh lease).
   */
  get(key: string, now: number, read: Pick<EdgeStateRead, "ttlMs" | "timeoutMs">): string | null {
    const entry = this.#values.get(key);
    if (!entry || read.ttlMs <= 0) return null;
    if (now - entry.at < read.ttlMs) return entry.value;
    const leaseEnds = this.#refreshing.get(key);
    if (leaseEnds !== undefined && leaseEnds > now) return entry.value;
    this.#refreshing.set(key, now + read.timeoutMs);
    return null;
  }

  set(key: string, at: number, value: string | null, ttlMs: number): string | null {
    this.#refreshing.delete(key);
    // A failed read is not remembered; a newer read is never replaced by an older one.
    const current = this.#values.get(key);
    if (value !== null && ttlMs > 0 && (!current || current.at <= at)) {
      this.#values.set(key, { at, value });
    }
    return value;
  }

  clear(): void {
    this.#values.clear();
    this.#refreshing.clear();
  }
}

const known = new SettledValues();

/** Forgets the remembered edge state (tests). */
export function forgetEdgeState(): void {
  known.clear();
}

async function readContentVersion(read: EdgeStateRead, at: number): Promise<string | null> {
  try {
    const signal = AbortSignal.timeout(read.timeoutMs);
    const client = createApiClient(read.env.API, { requestId: read.requestId, signal });
    const answer = await untilAborted(client.contentVersion(), signal);
    return known.set("api", at, answer.ok ? answer.data.version : null, read.ttlMs);
  } catch (error) {
    read.log.error("edge_state_failed", { detail: String(error) });
    return known.set("api", at, null, read.ttlMs);
  }
}

async function readLiveBuild(
  fragment: FragmentName,
  read: EdgeStateRead,
  at: number,
): Promise<string | null> {
  try {
    const signal = AbortSignal.timeout(read.timeoutMs);
    const response = await untilAborted(
      fragmentBinding(read.env, fragment).fetch(`https://fragment.internal${FRAGMENT_LIVE_PATH}`, {
        headers: { "x-request-id": read.requestId },
        signal,
      }),
      signal,
    );
    if (!response.ok) {
      await response.body?.cancel();
      return known.set(fragment, at, null, read.ttlMs);
    }
    const body: unknown = await untilAborted(response.json(), signal).catch(() => null);
    const build = LiveBuildSchema.safeParse(body);
    return known.set(fragment, at, build.success ? build.data.buildId : null, read.ttlMs);
  } catch (error) {
    read.log.error("edge_state_failed", { fragment, detail: String(error) });
    return known.set(fragment, at, null, read.ttlMs);
  }
}
