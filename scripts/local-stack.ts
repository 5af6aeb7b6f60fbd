/**
 * The local stack: environment, database preparation and the one `wrangler dev` session that
 * runs all six Workers (the shell's static files are a Worker of their own). Used by `npm start`
 * and by the end-to-end tests.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "..");
export const stateDir = process.env.EDGE_STATE_DIR ?? join(repoRoot, ".wrangler", "state");
export const wranglerBin = join(repoRoot, "node_modules", "wrangler", "bin", "wrangler.js");
const turboBin = join(repoRoot, "node_modules", "turbo", "bin", "turbo");

/** The shell's static files: an assets-only Worker (decision 0010). */
const SHELL_ASSETS_CONFIG = "shell/wrangler.assets.toml";

/** Workers in start order: the first config gets the port, so the shell comes first. */
export const workerConfigs = [
  "wrangler.toml",
  "mfe-content/wrangler.toml",
  "mfe-account/wrangler.toml",
  "mfe-paper/wrangler.toml",
  "edge-api/wrangler.toml",
  SHELL_ASSETS_CONFIG,
];

/** Workers with no code of their own, only static files: no variables, no bundle. */
export const assetsOnlyConfigs = new Set([SHELL_ASSETS_CONFIG]);

/** A short name per Worker config, for output folders and logs. */
export function workerLabel(config: string): string {
  if (config === "wrangler.toml") return "shell";
  if (config === SHELL_ASSETS_CONFIG) return "shell-assets";
  return dirname(config);
}

/** Everything stays offline and inside the repository. */
export function offlineEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  mkdirSync(join(repoRoot, ".wrangler", "config"), { recursive: true });
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    TURBO_TELEMETRY_DISABLED: "1",
    DO_NOT_TRACK: "1",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    XDG_CONFIG_HOME: join(repoRoot, ".wrangler", "config"),
    WRANGLER_REGISTRY_PATH: join(repoRoot, ".wrangler", "registry"),
    ...extra,
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, quiet = false): string {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    env,
    encoding: "utf8",
    stdio: quiet ? "pipe" : ["ignore", "inherit", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`${[command, ...args].join(" ")} failed with ${result.status}`);
  }
  return result.stdout ?? "";
}

export function wrangler(args: string[], env: NodeJS.ProcessEnv, quiet = false): string {
  return run(process.execPath, [wranglerBin, ...args], env, quiet);
}

/** Builds every package, or only the given workspaces (turbo builds what they depend on first). */
export function buildAll(env: NodeJS.ProcessEnv, workspaces: readonly string[] = []): void {
  const filters = workspaces.map((workspace) => `--filter=${workspace}`);
  run(process.execPath, [turboBin, "run", "build", "--output-logs=errors-only", ...filters], env);
}

const d1Args = ["DB", "--local", "--persist-to", stateDir, "-c", "edge-api/wrangler.toml"];

/** The generated seed: one `seed.sql`, or `seed-001.sql`, `seed-002.sql`… for large sizes. */
function seedFiles(): string[] {
  const dir = join(repoRoot, "edge-api", ".generated");
  if (existsSync(join(dir, "seed.sql"))) return [join(dir, "seed.sql")];
  const parts = readdirSync(dir)
    .filter((name) => /^seed-\d{3}\.sql$/.test(name))
    .sort();
  if (parts.length === 0) throw new Error("No generated seed: run npm run build -w edge-api");
  return parts.map((name) => join(dir, name));
}

/** Applies the API's migrations to the local database. */
export function applyMigrations(env: NodeJS.ProcessEnv): void {
  wrangler(["d1", "migrations", "apply", ...d1Args], env, true);
}

/** Applies migrations, then seeds the demo publication when the database is empty. */
export function prepareDatabase(env: NodeJS.ProcessEnv): void {
  applyMigrations(env);
  const out = wrangler(
    ["d1", "execute", ...d1Args, "--json", "--command", "SELECT COUNT(*) AS n FROM sections"],
    env,
    true,
  );
  const rows = JSON.parse(out) as { results: { n: number }[] }[];
  if ((rows[0]?.results[0]?.n ?? 0) === 0) {
    for (const file of seedFiles())
      wrangler(["d1", "execute", ...d1Args, "--file", file], env, true);
    console.log("Seeded the demo publication.");
  }
}

/**
 * Development secrets (the API's signing key, the account fragment's CSRF secret) are made on
 * first run into each package's `.dev.vars`, which wrangler reads and git ignores.
 */
export function prepareDevSecrets(env: NodeJS.ProcessEnv, port: number): void {
  for (const script of ["edge-api/scripts/dev-keys.ts", "mfe-account/scripts/dev-secrets.ts"]) {
    if (existsSync(join(repoRoot, script))) run(process.execPath, [join(repoRoot, script)], env);
  }
  // `wrangler dev --var` reaches only the first Worker, so every Worker learns the local
  // origin (for links in emails, feeds and canonical URLs) and that it runs in development
  // from its own `.dev.vars`.
  const localVars = { ENVIRONMENT: "development", PUBLIC_ORIGIN: `http://127.0.0.1:${port}` };
  for (const config of workerConfigs.filter((config) => !assetsOnlyConfigs.has(config)))
    setDevVars(join(repoRoot, dirname(config), ".dev.vars"), localVars);
}

function setDevVars(file: string, values: Record<string, string>): void {
  const kept = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(
          (line) =>
            line.trim() !== "" && !Object.keys(values).includes(line.split("=")[0]?.trim() ?? ""),
        )
    : [];
  const lines = [...kept, ...Object.entries(values).map(([key, value]) => `${key}=${value}`)];
  writeFileSync(file, `${lines.join("\n")}\n`);
}

export function startWorkers(port: number, env: NodeJS.ProcessEnv): ChildProcess {
  const args = [wranglerBin, "dev"];
  for (const config of workerConfigs) args.push("-c", config);
  args.push(
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    stateDir,
    "--show-interactive-dev-session=false",
    "--inspector-port",
    "0",
  );
  return spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
}

export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
