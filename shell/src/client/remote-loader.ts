import { loadRemote, registerRemotes } from "@module-federation/enhanced/runtime";
import {
  REMOTE_ENTRY_FILE,
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

/** Loads a remote's fragment module at exactly the build that rendered the page. */
export async function loadFragmentModule(
  fragment: FragmentName,
  buildId: string,
): Promise<FragmentClientModule> {
  if (isBuildChange(fragment, buildId)) throw new BuildChangedError(fragment);
  const name = remoteContainerName(fragment);
  if (!pinnedBuilds.has(fragment)) {
    const entry = `${remoteAssetPrefix(fragment, buildId)}${REMOTE_ENTRY_FILE}`;
    registerRemotes([{ name, entry, type: "global" }]);
    pinnedBuilds.set(fragment, buildId);
  }
  const module = await loadRemote<FragmentClientModule>(`${name}/fragment`);
  if (!module) throw new Error(`Remote ${name} exposes no fragment module`);
  return module;
}
