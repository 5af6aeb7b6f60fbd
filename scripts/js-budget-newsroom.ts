/**
 * The article page must never load newsroom code (issue 13, decision 0015): every remote's
 * `./newsroom` expose is loaded by the shell on newsroom routes only. This reads each loaded
 * remote's `mf-manifest.json` and names the scripts that only the `./newsroom` expose needs.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fragmentNames, type FragmentName } from "../shell/src/contract/fragment-names.ts";

interface ManifestExpose {
  path: string;
  assets?: { js?: { sync?: string[]; async?: string[] } };
}

function exposeFiles(expose: ManifestExpose | undefined): Set<string> {
  return new Set([...(expose?.assets?.js?.sync ?? []), ...(expose?.assets?.js?.async ?? [])]);
}

/** Files of `build` that only `./newsroom` loads (empty when the remote has no newsroom). */
function newsroomOnlyFiles(repoRoot: string, fragment: FragmentName, build: string): Set<string> {
  const file = join(repoRoot, `mfe-${fragment}`, "dist", "client", "_mf", fragment, build);
  const manifestPath = join(file, "mf-manifest.json");
  if (!existsSync(manifestPath)) return new Set();
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { exposes?: ManifestExpose[] };
  const exposes = manifest.exposes ?? [];
  const reader = exposeFiles(exposes.find((expose) => expose.path === "./fragment"));
  const newsroom = exposeFiles(exposes.find((expose) => expose.path === "./newsroom"));
  return new Set([...newsroom].filter((name) => !reader.has(name)));
}

/** The loaded scripts (absolute URLs) that belong to a remote's newsroom code only. */
export function newsroomScriptsLoaded(repoRoot: string, scriptUrls: readonly string[]): string[] {
  const found: string[] = [];
  for (const url of scriptUrls) {
    const [, mf, name, build, ...rest] = new URL(url).pathname.split("/");
    const fragment = fragmentNames.find((candidate) => candidate === name);
    if (mf !== "_mf" || !fragment || !build || rest.length !== 1) continue;
    if (newsroomOnlyFiles(repoRoot, fragment, build).has(rest[0] ?? "")) found.push(url);
  }
  return found;
}
