/**
 * `npm run release -w mfe-<name>` and `npm run rollback -w mfe-<name>` (docs/decisions/0006).
 *
 * release: builds the package (a new build id when its sources changed) and makes that build
 * live in the release registry. rollback: makes the previous release live again. Both write the
 * `RELEASES` KV namespace: the local one under `.wrangler/state` that the running `npm start`
 * stack reads (no restart), or with `--remote` the production namespace.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fragmentNames, type FragmentName } from "../src/contract/fragment-contract.ts";
import { historyKey, liveKey } from "../src/fragment-kit/release-registry.ts";
import { offlineEnv, repoRoot, stateDir, wrangler } from "../../scripts/local-stack.ts";
import { serverBuildFile, writePinnedBuilds } from "./build-server.ts";
import { parseHistory, planRelease, planRollback, type RegistryState } from "./release-plan.ts";

const [name, action, ...flags] = process.argv.slice(2) as [FragmentName, string, ...string[]];
if (!fragmentNames.includes(name) || (action !== "release" && action !== "rollback")) {
  console.error(`usage: release.ts <${fragmentNames.join("|")}> <release|rollback> [--remote]`);
  process.exit(2);
}
const remote = flags.includes("--remote");
const pkg = join(repoRoot, `mfe-${name}`);
const remoteRoot = join(pkg, "dist", "client", "_mf", name);
// Locally the same mode as `npm start`, so an unchanged package keeps its build id. Remotely
// the production build, with the operator's wrangler login (offlineEnv keeps wrangler's config,
// and so its login, inside the repository).
const env = remote
  ? {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? "production",
      WRANGLER_SEND_METRICS: "false",
    }
  : offlineEnv({ NODE_ENV: process.env.NODE_ENV ?? "development" });
// The remote registry is production's: its namespace id is in [env.production] (decision 0016).
const target = remote ? ["--remote", "--env", "production"] : ["--local", "--persist-to", stateDir];
const kvArgs = ["--binding", "RELEASES", ...target, "-c", `mfe-${name}/wrangler.toml`];

function kvGet(key: string): string | null {
  const out = wrangler(["kv", "key", "get", key, ...kvArgs, "--text"], env, true).trim();
  return out === "" || out === "Value not found" ? null : out;
}

function kvPut(key: string, value: string): void {
  wrangler(["kv", "key", "put", key, value, ...kvArgs], env, true);
}

function currentBuildId(): string | null {
  const file = join(remoteRoot, "current.json");
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, "utf8")) as { buildId: string }).buildId;
}

/** A build can go live only while its browser folder and its server bundle are both kept. */
function isKept(buildId: string): boolean {
  return (
    existsSync(join(remoteRoot, buildId, ".complete")) && existsSync(serverBuildFile(pkg, buildId))
  );
}

const state: RegistryState = {
  live: kvGet(liveKey(name)),
  history: parseHistory(kvGet(historyKey(name))),
};
let plan;
try {
  if (action === "release") {
    const previous = currentBuildId();
    const build = spawnSync(
      process.execPath,
      [join(import.meta.dirname, "build-remote.ts"), name],
      {
        cwd: pkg,
        env,
        stdio: "inherit",
      },
    );
    if (build.status !== 0) throw new Error(`the build of mfe-${name} failed`);
    const built = currentBuildId();
    if (!built || !isKept(built))
      throw new Error(`the build of mfe-${name} left no complete build`);
    plan = planRelease(state, built, previous);
  } else {
    plan = planRollback(state, isKept);
  }
} catch (error) {
  console.error(`mfe-${name}: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`mfe-${name}: live is still ${state.live ?? currentBuildId() ?? "unknown"}`);
  process.exit(1);
}
if (plan.changed && plan.state.live) {
  // History first: the live key is the switch, flipped last.
  kvPut(historyKey(name), JSON.stringify(plan.state.history));
  kvPut(liveKey(name), plan.state.live);
}
// Later builds keep the live build and the one a rollback would go back to.
if (plan.state.live) writePinnedBuilds(pkg, [plan.state.live, ...plan.state.history.slice(-2)]);
console.log(`mfe-${name}: ${plan.message}`);
console.log(
  `mfe-${name}: live now ${plan.state.live} (${remote ? "production registry" : "local registry"}; ` +
    `releases: ${plan.state.history.join(" -> ")})`,
);
