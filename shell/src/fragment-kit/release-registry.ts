import type { ComponentType } from "react";
import type { FragmentAppProps, FragmentName } from "../contract/fragment-contract.ts";
import { createLogger, errorDetail } from "./logger.ts";
import { readCurrentBuild, type AssetsBinding } from "./remote-assets.ts";

/**
 * The release registry decides which build of a fragment is live (docs/decisions/0006).
 *
 * - `live:<fragment>` holds the live build id; `history:<fragment>` the released build ids,
 *   oldest first, for rollback. Both live in the `RELEASES` KV namespace (local KV under
 *   `.wrangler/state` in development), written by `npm run release|rollback -w mfe-<name>`.
 * - The Worker carries the server code of every kept build (`dist/server/releases.js`, made by
 *   the remote build), so the live build's HTML is rendered by that build's own root component
 *   and the browser hydrates it with the same build's remote.
 */

/**
 * One kept build's server half: its root component, its newsroom root component when the build
 * has newsroom screens (`src/newsroom/newsroom-app.tsx`), and the stylesheets of its browser
 * build.
 */
export interface ReleasedBuild {
  App: ComponentType<FragmentAppProps>;
  NewsroomApp?: ComponentType<FragmentAppProps> | undefined;
  stylesheets: readonly string[];
}

/** Build id -> that build's server half; generated as `mfe-<name>/dist/server/releases.js`. */
export type ReleaseMap = Readonly<Record<string, ReleasedBuild>>;

/** The part of a KV namespace the Worker needs. */
export interface ReleaseStore {
  get(key: string): Promise<string | null>;
}

export const liveKey = (name: FragmentName): string => `live:${name}`;
export const historyKey = (name: FragmentName): string => `history:${name}`;

const registered = new Map<FragmentName, ReleaseMap>();

/**
 * Called once by a fragment's Worker entry (`mfe-<name>/worker-entry.ts`) with the generated
 * map of kept builds. A Worker without it (unit tests) renders with its own `App`.
 */
export function registerReleases(name: FragmentName, releases: ReleaseMap): void {
  registered.set(name, releases);
}

export function registeredReleases(name: FragmentName): ReleaseMap | undefined {
  return registered.get(name);
}

export interface LiveRelease {
  buildId: string;
  stylesheets: readonly string[];
  App: ComponentType<FragmentAppProps>;
  /** The build's newsroom root component, or the Worker's own when the build has none. */
  NewsroomApp: ComponentType<FragmentAppProps> | undefined;
  /** Where the decision came from, for logs and tests. */
  source: "registry" | "current.json";
  /**
   * False when `current.json` names a build this Worker does not carry yet (its code is being
   * redeployed or reloaded after a release): `App` is then the Worker's own code, not that build,
   * so the live endpoint answers 503 and the shell keeps nothing at the edge under the build's id
   * (it would keep a page of the old code under the new build's key until it expired).
   */
  carried: boolean;
}

export interface ResolveOptions {
  name: FragmentName;
  store: ReleaseStore | undefined;
  assets: AssetsBinding;
  releases: ReleaseMap | undefined;
  /** The request that found the cached answer stale: its id goes on the registry's log lines. */
  requestId?: string;
  /** The Worker's own root component, used when no kept build matches. */
  ownApp: ComponentType<FragmentAppProps>;
  /** The Worker's own newsroom root component, if it has newsroom screens. */
  ownNewsroomApp?: ComponentType<FragmentAppProps> | undefined;
}

/**
 * The registry's live build wins when this Worker carries its server code; otherwise (no KV
 * entry, KV unreadable, or a build id this Worker does not carry) `current.json` decides, as
 * before the registry existed. A registry entry that cannot be honoured is logged.
 */
export async function resolveLiveRelease(options: ResolveOptions): Promise<LiveRelease> {
  const { name, store, assets, releases, ownApp, ownNewsroomApp } = options;
  // Decided once per isolate and release TTL, by the request that found the answer stale.
  const log = createLogger(`mfe-${name}`, options.requestId).with({ fragment: name });
  let live: string | null = null;
  if (store) {
    try {
      live = await store.get(liveKey(name));
    } catch (error) {
      log.error("release_registry_unreadable", { detail: errorDetail(error) });
    }
  }
  if (live) {
    const build = releases?.[live];
    if (build)
      return {
        buildId: live,
        stylesheets: build.stylesheets,
        App: build.App,
        NewsroomApp: build.NewsroomApp ?? ownNewsroomApp,
        source: "registry",
        carried: true,
      };
    log.error("release_unknown_build", {
      buildId: live,
      detail: "the live build is not among the builds this Worker carries; using current.json",
    });
  }
  const current = await readCurrentBuild(assets, name);
  const carried = releases?.[current.buildId];
  return {
    buildId: current.buildId,
    stylesheets: current.stylesheets,
    App: carried?.App ?? ownApp,
    NewsroomApp: carried?.NewsroomApp ?? ownNewsroomApp,
    source: "current.json",
    // Without a list of kept builds (tests, a first deploy) the Worker's own code is the build.
    carried: releases === undefined || carried !== undefined,
  };
}

/** How long an isolate trusts its last answer: a release shows within a few seconds. */
export const LIVE_RELEASE_TTL_MS = 2_000;

/**
 * `resolveLiveRelease` cached per isolate for `ttlMs`. Only a settled answer is shared: a
 * request never awaits a read another request started (decision 0014).
 */
export function cachedLiveRelease(
  ttlMs = LIVE_RELEASE_TTL_MS,
): (options: ResolveOptions) => Promise<LiveRelease> {
  let cached: { at: number; release: LiveRelease } | undefined;
  return async (options) => {
    const now = Date.now();
    if (cached && now - cached.at < ttlMs) return cached.release;
    const release = await resolveLiveRelease(options);
    if (!cached || cached.at <= now) cached = { at: now, release };
    return release;
  };
}
