import { execFileSync } from "node:child_process";
import { offlineEnv, stateDir } from "../../scripts/local-stack.ts";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const repoRoot = join(import.meta.dirname, "..", "..");

/**
 * Runs `npm run release|rollback -w mfe-<name>` the way npm does (the package script), with
 * the pinned Node that runs the tests. Returns what it printed.
 */
export function releaseCommand(fragment: string, action: "release" | "rollback"): string {
  return execFileSync(
    process.execPath,
    [join(repoRoot, "shell", "build", "release.ts"), fragment, action],
    { cwd: join(repoRoot, `mfe-${fragment}`), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}

/**
 * Replaces `from` with `to` in a source file for the duration of `body`. Restoring replaces
 * `to` back (rather than writing the old file over), so other edits made meanwhile survive.
 */
export async function withSourceChange<T>(
  file: string,
  from: string,
  to: string,
  body: () => Promise<T>,
): Promise<T> {
  const path = join(repoRoot, file);
  const original = readFileSync(path, "utf8");
  if (original.split(from).length !== 2) throw new Error(`${file}: "${from}" is not unique`);
  writeFileSync(path, original.replace(from, to));
  try {
    return await body();
  } finally {
    writeFileSync(path, readFileSync(path, "utf8").replace(to, from));
  }
}

function kv(fragment: string, args: string[]): string {
  const wrangler = join(repoRoot, "node_modules", "wrangler", "bin", "wrangler.js");
  const binding = ["--binding", "RELEASES", "--local", "--persist-to", stateDir];
  return execFileSync(
    process.execPath,
    [wrangler, "kv", "key", ...args, ...binding, "-c", `mfe-${fragment}/wrangler.toml`],
    { cwd: repoRoot, env: offlineEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  ).trim();
}

export interface RegistrySnapshot {
  entries: Record<string, string | null>;
  /** The fallback pointer when the registry has no entry; a release's build rewrites it. */
  current: string;
}

function currentFile(fragment: string): string {
  return join(repoRoot, `mfe-${fragment}`, "dist", "client", "_mf", fragment, "current.json");
}

/**
 * The fragment's registry entries and build pointer, so a test can leave the local stack
 * rendering what it rendered before.
 */
export function snapshotRegistry(fragment: string): RegistrySnapshot {
  const entries: Record<string, string | null> = {};
  for (const key of [`live:${fragment}`, `history:${fragment}`]) {
    const value = kv(fragment, ["get", key, "--text"]);
    entries[key] = value === "" || value === "Value not found" ? null : value;
  }
  return { entries, current: readFileSync(currentFile(fragment), "utf8") };
}

export function restoreRegistry(fragment: string, snapshot: RegistrySnapshot): void {
  writeFileSync(currentFile(fragment), snapshot.current);
  for (const [key, value] of Object.entries(snapshot.entries)) {
    if (value === null) kv(fragment, ["delete", key]);
    else kv(fragment, ["put", key, value]);
  }
}
