/**
 * The part of the fragment contract that browser code needs: names, asset paths and the shape
 * of a remote's exposed module. Kept free of zod so that no schema library reaches the browser
 * (docs/decisions/0007-javascript-budget.md); `fragment-contract.ts` builds its schemas on it.
 */

export const fragmentNames = ["content", "account", "paper"] as const;
export type FragmentName = (typeof fragmentNames)[number];

/** Asset prefix of a fragment's browser build: `/_mf/<fragment>/<buildId>/...`. */
export function remoteAssetPrefix(fragment: FragmentName, buildId: string): string {
  return `/_mf/${fragment}/${buildId}/`;
}

/** The Module Federation container name of a fragment's remote. */
export function remoteContainerName(fragment: FragmentName): string {
  return `mfe_${fragment}`;
}

/**
 * React `identifierPrefix` of a fragment's root, the same on the server and in the browser, so
 * `useId` values match when the fragment hydrates.
 */
export function identifierPrefixFor(name: FragmentName): string {
  return `${name}-`;
}

/**
 * The file name of every remote's container entry, under its asset prefix. The shell registers
 * remotes by this file rather than by `mf-manifest.json`: reading manifests needs the runtime's
 * snapshot code, which the shell's build leaves out (docs/decisions/0007-javascript-budget.md).
 */
export const REMOTE_ENTRY_FILE = "remoteEntry.js";

/** The module every remote exposes; see `FragmentClientModule`. */
export const REMOTE_EXPOSED_MODULE = "./fragment";

/**
 * The module a remote with newsroom screens exposes beside `./fragment` (issue 13), built from
 * `src/client/newsroom-entry.tsx`. It has the same shape (`FragmentClientModule`); the shell
 * loads it only on newsroom routes, so readers never download newsroom code.
 */
export const REMOTE_NEWSROOM_MODULE = "./newsroom";

/** A build id: lower-case letters and digits (see `BuildIdSchema`). */
export const BUILD_ID_PATTERN = /^[a-z0-9]{6,32}$/;

/** Props of a fragment's root component, on the server and in the browser alike. */
export interface FragmentAppProps {
  routeId: string;
  props: unknown;
}

/** What a remote's exposed `./fragment` module must export. */
export interface FragmentClientModule {
  /** Hydrates server HTML in `container`, rendered by the same build with `props`. */
  hydrateFragment(container: Element, routeId: string, props: unknown): FragmentHandle;
  /** Renders a route into an empty `container` on client-side navigation. */
  renderFragment(container: Element, routeId: string, props: unknown): FragmentHandle;
}

export interface FragmentHandle {
  unmount(): void;
}
