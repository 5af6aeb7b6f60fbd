/**
 * The site as production runs it, on this machine: a `NODE_ENV=production` build, every Worker
 * bundled as `wrangler deploy --dry-run --minify` bundles it, and the six Workers (plus a trivial
 * Worker answering "ok") in one Miniflare instance without `wrangler dev`'s reload proxy. Used by
 * `npm run bench`, `npm run lighthouse`, `npm run check:js-budget` and `npm run serve:production`.
 * State lives in `.wrangler/bench-state` (or `EDGE_STATE_DIR`), never in `npm start`'s.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { seedBenchStaff, type StaffLogin } from "./bench-sessions.ts";
import { startBenchStack, type BenchStack, type BenchWorker } from "./bench-stack.ts";
import { putSeedPhotos } from "./seed-media.ts";

export const repoRoot = resolve(import.meta.dirname, "..");
export const productionStateDir =
  process.env.EDGE_STATE_DIR ?? join(repoRoot, ".wrangler", "bench-state");
// local-stack.ts reads EDGE_STATE_DIR when it loads: these runs never touch npm start's state.
process.env.EDGE_STATE_DIR = productionStateDir;
const { buildAll, offlineEnv, prepareDatabase, workerConfigs, workerLabel, wrangler } =
  await import("./local-stack.ts");

Object.assign(process.env, {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  DO_NOT_TRACK: "1",
});

export function step(message: string): void {
  console.log(`\n▶ ${message}`);
}

/** Where each Worker's bundle goes, in start order (the shell first). */
export function bundledWorkers(): (BenchWorker & { name: string })[] {
  return workerConfigs.map((config) => {
    const name = workerLabel(config);
    return { name, config, bundleDir: join(repoRoot, ".wrangler", "bench-bundle", name) };
  });
}

/** Builds for production, then bundles every Worker exactly as `npm run check:deploy` does. */
function buildForProduction(env: NodeJS.ProcessEnv): BenchWorker[] {
  step("Production build (NODE_ENV=production)…");
  buildAll(env);
  return bundledWorkers().map(({ name, config, bundleDir }) => {
    rmSync(bundleDir, { recursive: true, force: true });
    wrangler(["deploy", "--dry-run", "--minify", "--outdir", bundleDir, "-c", config], env, true);
    console.log(`  ${name}: bundled into ${bundleDir}`);
    return { config, bundleDir };
  });
}

/** The signing key and CSRF secret live in each package's `.dev.vars`, made on first run. */
function ensureSecrets(env: NodeJS.ProcessEnv): void {
  for (const script of ["edge-api/scripts/dev-keys.ts", "mfe-account/scripts/dev-secrets.ts"]) {
    const file = join(repoRoot, script);
    if (!existsSync(file)) continue;
    const result = spawnSync(process.execPath, [file], { cwd: repoRoot, env, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`${script} failed`);
  }
}

export interface ProductionStack extends BenchStack {
  /** The development staff in this database (as `npm start` makes them) when asked for. */
  staff: StaffLogin[];
  stop: () => Promise<void>;
}

/** Build, bundle, prepare the database, start; `stop()` also runs on SIGINT/SIGTERM. */
export async function startProductionStack(options: {
  sitePort: number;
  trivialPort: number;
  inspectorPort?: number;
  extraBindings?: Record<string, Record<string, string>>;
  /** Make the development staff too (the bench signs one in for the newsroom's pages). */
  withStaff?: boolean;
}): Promise<ProductionStack> {
  const env = offlineEnv({ NODE_ENV: "production" });
  const workers = buildForProduction(env);
  step(`Preparing the database in ${productionStateDir}…`);
  mkdirSync(productionStateDir, { recursive: true });
  prepareDatabase(env);
  await putSeedPhotos(repoRoot, productionStateDir);
  ensureSecrets(env);
  // After the secrets: the staff's TOTP secrets are sealed with the API's local key.
  const staff = options.withStaff ? seedBenchStaff(repoRoot, productionStateDir) : [];
  step("Starting the Workers with Miniflare (no wrangler dev)…");
  const stack = await startBenchStack({
    repoRoot,
    stateDir: productionStateDir,
    workers,
    sitePort: options.sitePort,
    trivialPort: options.trivialPort,
    // `BENCH_INSPECTOR_PORT` opens workerd's inspector (CPU profiles of each Worker).
    inspectorPort:
      options.inspectorPort ??
      (process.env.BENCH_INSPECTOR_PORT ? Number(process.env.BENCH_INSPECTOR_PORT) : undefined),
    extraBindings: options.extraBindings,
  });
  let running = true;
  const stop = async (): Promise<void> => {
    if (!running) return;
    running = false;
    await stack.dispose();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void stop().finally(() => process.exit(130)));
  }
  console.log(`  site ${stack.siteUrl}, trivial Worker ${stack.trivialUrl}`);
  return { ...stack, staff, stop };
}
