/**
 * The steps of a production deploy, shared by `npm run deploy:site` (the whole site, in order)
 * and each package's `npm run deploy -- --env production` (one team's Worker). A dry run does
 * every step that needs no Cloudflare account (production builds, the configuration check,
 * `wrangler deploy --dry-run` bundles) and prints each remote step instead of running it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  checkSite,
  loadSite,
  PRODUCTION,
  publicOrigin,
  siteWorkers,
  type LoadedWorker,
  type SiteWorker,
} from "./deploy-config.ts";
import { siteResources, writeProductionIds } from "./deploy-resources.ts";
import { buildAll, offlineEnv, repoRoot, wrangler, wranglerBin } from "./local-stack.ts";

export interface DeployOptions {
  env: typeof PRODUCTION;
  dryRun: boolean;
  /** A folder of `<worker>.env` files (`npm run secrets:generate` writes them). */
  secrets: string | null;
}

export const USAGE = "--env production [--dry-run] [--secrets <dir>]";

/** Reads `--env production [--dry-run] [--secrets <dir>]`; throws a usage message otherwise. */
export function parseDeployArgs(argv: readonly string[], allowSecrets = true): DeployOptions {
  const options: DeployOptions = { env: PRODUCTION, dryRun: false, secrets: null };
  let env: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--dry-run") options.dryRun = true;
    else if (arg === "--env" || arg === "-e") env = argv[++i] ?? "";
    else if (arg?.startsWith("--env=")) env = arg.slice("--env=".length);
    else if (allowSecrets && arg === "--secrets") options.secrets = argv[++i] ?? "";
    else throw new Error(`unknown argument ${arg}`);
  }
  if (env === null) {
    throw new Error(
      "--env production is required: the top level of each wrangler.toml is the local " +
        "development configuration (localhost origin, placeholder ids) and is never deployed",
    );
  }
  if (env !== PRODUCTION) throw new Error(`no environment "${env}" (only ${PRODUCTION})`);
  if (options.secrets === "") throw new Error("--secrets needs a folder");
  return options;
}

export function step(message: string): void {
  console.log(`\n▶ ${message}`);
}

/** Runs wrangler, or in a dry run prints the command a real deploy would run. */
export class Deployer {
  readonly env: NodeJS.ProcessEnv;
  readonly options: DeployOptions;

  constructor(options: DeployOptions) {
    this.options = options;
    // A real deploy uses the operator's wrangler login (or CLOUDFLARE_API_TOKEN); a dry run is
    // kept offline, with wrangler's state inside the repository.
    this.env = options.dryRun
      ? offlineEnv({ NODE_ENV: "production" })
      : { ...process.env, NODE_ENV: "production", WRANGLER_SEND_METRICS: "false" };
  }

  /** A step that changes the Cloudflare account. */
  remote(args: string[]): void {
    if (this.options.dryRun) console.log(`  would run: wrangler ${args.join(" ")}`);
    else wrangler(args, this.env);
  }

  /** A remote read; a dry run reads nothing and gets null. */
  read(args: string[]): string | null {
    if (!this.options.dryRun) return wrangler(args, this.env, true);
    console.log(`  would read: wrangler ${args.join(" ")}`);
    return null;
  }

  /** Whether a remote read succeeds (e.g. a queue exists); a dry run assumes it does not. */
  probe(args: string[]): boolean {
    if (this.options.dryRun) {
      console.log(`  would read: wrangler ${args.join(" ")}`);
      return false;
    }
    const result = spawnSync(process.execPath, [wranglerBin, ...args], {
      cwd: repoRoot,
      env: this.env,
      stdio: "ignore",
    });
    return result.status === 0;
  }
}

export function buildForProduction(deployer: Deployer, workspaces: readonly string[] = []): void {
  step(`Production build (NODE_ENV=production) of ${workspaces.join(", ") || "every package"}…`);
  buildAll(deployer.env, workspaces);
}

/** Loads and checks the configurations; a real deploy also needs every id in place. */
export function checkedSite(deployer: Deployer, requireIds: boolean): LoadedWorker[] {
  const site = loadSite(repoRoot);
  const problems = checkSite(site, { requireIds });
  if (problems.length > 0) {
    throw new Error(`the production configuration is not deployable:\n  ${problems.join("\n  ")}`);
  }
  console.log(`  configuration check passed (${site.length} Workers, env ${deployer.options.env})`);
  return site;
}

function findId<T>(list: string | null, pick: (items: T[]) => string | undefined): string | null {
  if (list === null) return null;
  return pick(JSON.parse(list) as T[]) ?? null;
}

/**
 * Finds or creates the site's D1 databases, KV namespaces, queues and R2 buckets; writes the ids
 * back (R2 buckets and queues are bound by name, so they have none).
 */
export function provision(deployer: Deployer, site: readonly LoadedWorker[]): void {
  step("D1, KV, queues and R2: find, or create what is missing…");
  const wanted = siteResources(site);
  const databases = new Map<string, string>();
  for (const name of wanted.databases) {
    const byName = (items: { name: string; uuid: string }[]) =>
      items.find((db) => db.name === name)?.uuid;
    let id = findId(deployer.read(["d1", "list", "--json"]), byName);
    if (id === null) {
      deployer.remote(["d1", "create", name]);
      id = findId(deployer.read(["d1", "list", "--json"]), byName);
    }
    if (id !== null) databases.set(name, id);
    console.log(`  D1 ${name}: ${id ?? "(created by a real deploy)"}`);
  }
  const namespaces = new Map<string, string>();
  for (const [binding, title] of wanted.namespaces) {
    const byTitle = (items: { title: string; id: string }[]) =>
      items.find((ns) => ns.title === title)?.id;
    let id = findId(deployer.read(["kv", "namespace", "list"]), byTitle);
    if (id === null) {
      deployer.remote(["kv", "namespace", "create", title]);
      id = findId(deployer.read(["kv", "namespace", "list"]), byTitle);
    }
    if (id !== null) namespaces.set(binding, id);
    console.log(`  KV ${binding} (${title}): ${id ?? "(created by a real deploy)"}`);
  }
  for (const queue of wanted.queues) {
    if (!deployer.probe(["queues", "info", queue])) deployer.remote(["queues", "create", queue]);
    console.log(`  queue ${queue}`);
  }
  for (const bucket of wanted.buckets) {
    if (!deployer.probe(["r2", "bucket", "info", bucket])) {
      deployer.remote(["r2", "bucket", "create", bucket]);
    }
    console.log(`  R2 bucket ${bucket}`);
  }
  const changed = writeProductionIds(repoRoot, site, { databases, namespaces });
  for (const file of changed) console.log(`  wrote the production ids into ${file}: commit it`);
}

export function applyMigrations(deployer: Deployer): void {
  step("D1 migrations, applied remotely…");
  deployer.remote([
    "d1",
    "migrations",
    "apply",
    "DB",
    "--remote",
    "--env",
    PRODUCTION,
    "-c",
    "edge-api/wrangler.toml",
  ]);
}

/** A dotenv line that sets a secret: not blank, not a comment. */
function isAssignment(line: string): boolean {
  const trimmed = line.trim();
  return trimmed !== "" && !trimmed.startsWith("#") && trimmed.includes("=");
}

function nameOf(line: string): string {
  return line.split("=")[0]?.trim() ?? "";
}

/** An unfilled line (`NAME=`, `NAME=""`): a provider-issued secret nobody has pasted in yet. */
function isUnfilled(line: string): boolean {
  const value = line.slice(line.indexOf("=") + 1).trim();
  return value === "" || value === '""' || value === "''";
}

/**
 * Splits a dotenv file into the lines to upload and the names left unfilled. Unfilled lines are
 * never uploaded: `wrangler secret bulk` would set them empty, wiping a value already set in
 * Cloudflare (e.g. the mail provider's token pasted in the dashboard).
 */
export function secretsToUpload(text: string): { lines: string[]; unfilled: string[] } {
  const assignments = text.split("\n").filter(isAssignment);
  return {
    lines: assignments.filter((line) => !isUnfilled(line)),
    unfilled: assignments.filter(isUnfilled).map(nameOf),
  };
}

/** Uploads `<dir>/<worker>.env` with `wrangler secret bulk` for each Worker that has one. */
export function uploadSecrets(deployer: Deployer, dir: string): void {
  step(`Secrets from ${dir}…`);
  if (!existsSync(dir)) throw new Error(`--secrets ${dir}: no such folder`);
  const files = readdirSync(dir).filter((file) => file.endsWith(".env"));
  if (files.length === 0) throw new Error(`--secrets ${dir}: no <worker>.env files in it`);
  // Every file must name a Worker before anything is uploaded.
  const uploads = files.map((file) => {
    const worker = siteWorkers.find(({ label }) => `${label}.env` === file);
    if (!worker) {
      const known = siteWorkers.map(({ label }) => `${label}.env`).join(", ");
      throw new Error(`--secrets ${dir}: ${file} names no Worker (expected one of ${known})`);
    }
    return { worker, ...secretsToUpload(readFileSync(join(dir, file), "utf8")) };
  });
  const staging = mkdtempSync(join(tmpdir(), "daily-edge-secrets-"));
  try {
    for (const { worker, lines, unfilled } of uploads) {
      if (unfilled.length > 0) {
        console.log(`  ${worker.label}: left as they are (unfilled): ${unfilled.join(", ")}`);
      }
      if (lines.length === 0) continue;
      console.log(`  ${worker.label}: ${lines.map(nameOf).join(", ")}`);
      const file = join(staging, `${worker.label}.env`);
      writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
      deployer.remote(["secret", "bulk", file, "--env", PRODUCTION, "-c", worker.config]);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Deploys one Worker (a dry run bundles it offline into .wrangler/deploy-dry-run/<label>). */
export function deployWorker(deployer: Deployer, worker: SiteWorker): void {
  const args = ["deploy", "--env", PRODUCTION, "-c", worker.config];
  if (deployer.options.dryRun) {
    const outdir = join(repoRoot, ".wrangler", "deploy-dry-run", worker.label);
    rmSync(outdir, { recursive: true, force: true });
    wrangler([...args, "--dry-run", "--outdir", outdir], deployer.env, true);
    console.log(`  ${worker.label}: bundled (wrangler deploy --dry-run) into ${outdir}`);
  } else {
    step(`Deploying ${worker.label}…`);
    wrangler(args, deployer.env);
  }
}

/**
 * Makes the build a fragment Worker now carries live in the production release registry
 * (`live:<fragment>`, decision 0006), so a whole-site deploy also moves the fragments forward.
 */
export function releaseFragment(deployer: Deployer, worker: SiteWorker): void {
  const name = worker.label.replace(/^mfe-/, "");
  const command = ["shell/build/release.ts", name, "release", "--remote"];
  if (deployer.options.dryRun) {
    console.log(`  would run: node ${command.join(" ")}`);
    return;
  }
  const result = spawnSync(process.execPath, command, {
    cwd: repoRoot,
    env: deployer.env,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`the release of ${worker.label} failed`);
}

export function originOf(site: readonly LoadedWorker[]): string {
  const origin = publicOrigin(site);
  console.log(`  public origin ${origin} (wrangler.toml [env.production.vars] PUBLIC_ORIGIN)`);
  return origin;
}

/** Runs a deploy entry point: prints a failure as one clear line and exits non-zero. */
export function runDeploy(main: () => void): void {
  try {
    main();
  } catch (error) {
    console.error(`\n✘ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
