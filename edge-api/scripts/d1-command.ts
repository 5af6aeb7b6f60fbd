/**
 * SQL through `wrangler d1 execute`, for the operator's commands: the local database of
 * `npm start` (offline, inside the repository) or, with `remote`, the deployed one through
 * the operator's own `wrangler login` (their environment as it is, nothing else on the network).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { offlineEnv, repoRoot, stateDir } from "../../scripts/local-stack.ts";

export type D1Target = "local" | "remote";

export class D1CommandError extends Error {}

/** Runs the statements in order; the rows of each. */
export function d1Execute(statements: string[], target: D1Target): Record<string, unknown>[][] {
  const wrangler = join(repoRoot, "node_modules", "wrangler", "bin", "wrangler.js");
  // The deployed database is production's: its id is in [env.production] (docs/deploy.md).
  const where =
    target === "local"
      ? ["--local", "--persist-to", stateDir]
      : ["--remote", "--env", "production"];
  const args = [wrangler, "d1", "execute", "DB", ...where, "-c", "edge-api/wrangler.toml"];
  args.push("--json", "--command", statements.join(";\n"));
  const run = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    env: target === "local" ? offlineEnv() : process.env,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) {
    throw new D1CommandError(
      `${run.stdout}${run.stderr}`.trim() || `wrangler exited ${run.status}`,
    );
  }
  const batches = JSON.parse(run.stdout) as { results?: Record<string, unknown>[] }[];
  return batches.map((batch) => batch.results ?? []);
}

/** A `KEY=value` of `edge-api/.dev.vars` (quotes removed), or undefined. */
export function readDevVar(text: string, name: string): string | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}=`));
  const value = line?.slice(name.length + 1).trim();
  return value?.replace(/^(['"])(.*)\1$/, "$2");
}
