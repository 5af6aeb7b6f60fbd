import { loadRemote, registerRemotes } from "@module-federation/enhanced/runtime";
import { newsroomAccessOf } from "../contract/site-addresses.ts";
import {
  REMOTE_ENTRY_FILE,
  REMOTE_EXPOSED_MODULE,
  REMOTE_NEWSROOM_MODULE,
  remoteAssetPrefix,
  remoteContainerName,
  type FragmentClientModule,
  type FragmentName,
} from "../contract/fragment-names.ts";

/** Which build of each remote this page has loaded; it never changes for the page's life. */
const pinnedBuilds = new Map<FragmentName, string>();

export class BuildChangedError extends Error {
  constructor(fragment: FragmentName) {
    super(`A new release of ${fragment} is live`);
  }
}

/** True when loading `buildId` would mix two builds of one remote in this page. */
export function isBuildChange(fragment: FragmentName, buildId: string): boolean {
  const pinned = pinnedBuilds.get(fragment);
  return pinned !== undefined && pinned !== buildId;
}

/** The exposed module that renders `routeId`: `./newsroom` on newsroom routes, else `./fragment`. */
export function exposedModuleFor(routeId: string): string {
  return newsroomAccessOf(routeId) === null ? REMOTE_EXPOSED_MODULE : REMOTE_NEWSROOM_MODULE;
}

/**
 * Loads the module that renders `routeId` from a remote, at exactly the build that rendered
 * the page: the reader's `./fragment`, or `./newsroom` on newsroom routes (never on a reader's
 * page, so readers do not download newsroom code).
 */
export async function loadFragmentModule(
  fragment: FragmentName,
  buildId: string,
  routeId: string,
): Promise<FragmentClientModule> {
  if (isBuildChange(fragment, buildId)) throw new BuildChangedError(fragment);
  const name = remoteContainerName(fragment);
  if (!pinnedBuilds.has(fragment)) {
    const entry = `${remoteAssetPrefix(fragment, buildId)}${REMOTE_ENTRY_FILE}`;
    registerRemotes([{ name, entry, type: "global" }]);
    pinnedBuilds.set(fragment, buildId);
  }
  const exposed = exposedModuleFor(routeId);
  const module = await loadRemote<FragmentClientModule>(`${name}/${exposed.slice(2)}`);
  if (!module) throw new Error(`Remote ${name} exposes no ${exposed} module`);
  return module;
}
