import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { offlineEnv, stateDir } from "../../scripts/local-stack.ts";

const repoRoot = join(import.meta.dirname, "..", "..");

/**
 * Runs SQL against the running stack's local D1 (for set-ups the newsroom's screens do not
 * make): `wrangler d1 execute DB --local` in its own process, on the same state.
 */
export function newsroomSql(sql: string): unknown[] {
  const wrangler = join(repoRoot, "node_modules", "wrangler", "bin", "wrangler.js");
  const out = execFileSync(
    process.execPath,
    [
      wrangler,
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      stateDir,
      "-c",
      "edge-api/wrangler.toml",
      "--json",
      "--command",
      sql,
    ],
    { cwd: repoRoot, env: offlineEnv(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const batches = JSON.parse(out) as { results: unknown[] }[];
  return batches.flatMap((batch) => batch.results);
}

/** Single quotes doubled: for the slugs and headlines these tests write. */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * How long the shell may trust the content version it last read (wrangler.toml
 * `EDGE_STATE_TTL_MS`, 1 s), plus a margin: a change shows on the first request after it.
 */
export const EDGE_STATE_TTL_MS = 1_000;
export const waitOutEdgeState = () =>
  new Promise((resolve) => setTimeout(resolve, EDGE_STATE_TTL_MS + 100));
