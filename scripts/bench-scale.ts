/**
 * The scale comparison of `npm run bench` (issue 7): the same section, author, tag and search
 * pages on the default demo publication and on one of `BENCH_SCALE` articles (default 100,000;
 * `BENCH_SCALE=0` skips it), measured in the same run, interleaved page by page, each page's
 * p50 at scale printed as a ratio to its p50 at the default size against the 1.5x target.
 *
 * The large publication is a second Miniflare instance of the same bundles on `BENCH_SCALE_PORT`
 * (default `BENCH_PORT` + 2, its trivial Worker on the next port) with its own state folder,
 * `.wrangler/bench-state-<articles>`. That database is made once (migrations through wrangler,
 * then `edge-api/scripts/load-seed-sqlite.ts` writes the seed straight into the SQLite file) and
 * reused while its marker file matches the size, the migrations and the seed generator.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { startBenchStack } from "./bench-stack.ts";
import { markdownTable } from "./markdown-table.ts";
import { pickTargets, siteTargets, type Measured, type Target } from "./site-targets.ts";
import { bundledWorkers, repoRoot, step, type ProductionStack } from "./production-stack.ts";

// After production-stack.ts: local-stack.ts must first load with the bench's EDGE_STATE_DIR.
const { offlineEnv, wrangler } = await import("./local-stack.ts");

export const scaleArticles = Number(process.env.BENCH_SCALE ?? 100_000);
// The default stack uses BENCH_PORT to BENCH_PORT + 6 (site, trivial, uncached shell, floors).
const scalePort = Number(
  process.env.BENCH_SCALE_PORT ?? Number(process.env.BENCH_PORT ?? 8790) + 10,
);
const TARGET_RATIO = 1.5;
const MARKER = "seed-marker.json";

/** Everything the seed depends on: a change to any of it means a new database. */
function seedFingerprint(articles: number): string {
  const hash = createHash("sha256");
  const dirs = ["edge-api/migrations", "edge-api/seed", "edge-api/scripts"];
  for (const dir of dirs) {
    for (const name of readdirSync(join(repoRoot, dir)).sort()) {
      if (!/\.(sql|ts)$/.test(name) || name.endsWith(".test.ts")) continue;
      hash.update(`${dir}/${name}\0`).update(readFileSync(join(repoRoot, dir, name)));
    }
  }
  return `${articles}:${hash.digest("hex").slice(0, 16)}`;
}

/** The D1 database file Miniflare keeps for the edge-api's `DB` binding under `stateDir`. */
function d1File(stateDir: string): string {
  const dir = join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = existsSync(dir)
    ? readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
    : [];
  if (files.length !== 1 || !files[0]) {
    throw new Error(`Expected one D1 database in ${dir}, found ${files.length}`);
  }
  return join(dir, files[0]);
}

/** Makes (or reuses) the large publication's state folder; returns its path. */
export function prepareScaleDatabase(articles: number): string {
  const stateDir = join(repoRoot, ".wrangler", `bench-state-${articles}`);
  const fingerprint = seedFingerprint(articles);
  const marker = join(stateDir, MARKER);
  if (existsSync(marker) && readFileSync(marker, "utf8").trim() === fingerprint) {
    console.log(`  reusing ${stateDir} (${articles} articles)`);
    return stateDir;
  }
  const started = Date.now();
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  const env = offlineEnv({ NODE_ENV: "production" });
  const d1 = ["DB", "--local", "--persist-to", stateDir, "-c", "edge-api/wrangler.toml"];
  wrangler(["d1", "migrations", "apply", ...d1], env, true);
  const loader = join(repoRoot, "edge-api", "scripts", "load-seed-sqlite.ts");
  const args = [
    "--disable-warning=ExperimentalWarning",
    loader,
    "--database",
    d1File(stateDir),
    "--articles",
    String(articles),
  ];
  const result = spawnSync(process.execPath, args, { cwd: repoRoot, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`load-seed-sqlite.ts failed with ${result.status}`);
  writeFileSync(marker, `${fingerprint}\n`);
  console.log(`  made ${stateDir} in ${Math.round((Date.now() - started) / 1000)} s`);
  return stateDir;
}

/**
 * The pages compared, as paths: both publications come from the same generator and seed, so
 * the sections, authors and tags (made before any article) have the same slugs in both.
 */
async function scalePaths(site: string): Promise<Target[]> {
  const targets = pickTargets(await siteTargets(site), ["section", "author", "tag", "search"]);
  return targets.map((target) => ({ ...target, url: target.url.slice(site.length) }));
}

/**
 * Starts the large publication next to the running default `stack`, measures every compared
 * page on both (default first, then at scale, page by page), prints the ratios and stops it.
 * Returns the measurements, so the caller's error check covers them.
 */
export async function compareAtScale(
  stack: ProductionStack,
  measure: (target: Target) => Promise<Measured>,
): Promise<Measured[]> {
  if (!Number.isInteger(scaleArticles) || scaleArticles <= 0) return [];
  step(`Scale: the same pages with ${scaleArticles} articles (BENCH_SCALE=0 skips this)…`);
  const stateDir = prepareScaleDatabase(scaleArticles);
  const large = await startBenchStack({
    repoRoot,
    stateDir,
    workers: bundledWorkers(),
    sitePort: scalePort,
    trivialPort: scalePort + 1,
    floorPort: scalePort + 2,
  });
  const measured: Measured[] = [];
  const rows = [
    [
      "page",
      "path",
      "p50 default",
      `p50 ${scaleArticles}`,
      "ratio",
      "target",
      "req/s default",
      `req/s ${scaleArticles}`,
    ],
  ];
  try {
    console.log(`  ${large.siteUrl}: ${stateDir}`);
    // Both sides through the shell with its edge cache off: the comparison is of the queries
    // and rendering behind a page, not of cache hits.
    for (const page of await scalePaths(stack.siteUrl)) {
      const small = await measure({ name: page.name, url: `${stack.uncachedUrl}${page.url}` });
      const big = await measure({
        name: `${page.name} @${scaleArticles}`,
        url: `${large.uncachedUrl}${page.url}`,
      });
      measured.push(small, big);
      const ratio = small.p50 > 0 ? big.p50 / small.p50 : Number.POSITIVE_INFINITY;
      console.log(
        `  ${page.name.padEnd(10)} p50 ${small.p50} ms -> ${big.p50} ms (${ratio.toFixed(2)}x)`,
      );
      rows.push([
        page.name,
        page.url,
        `${small.p50} ms`,
        `${big.p50} ms`,
        `${ratio.toFixed(2)}x`,
        ratio <= TARGET_RATIO ? `<= ${TARGET_RATIO}x ok` : `> ${TARGET_RATIO}x OVER`,
        small.requestsPerSecond.toFixed(0),
        big.requestsPerSecond.toFixed(0),
      ]);
    }
    console.log(`\n${markdownTable(rows)}\n`);
    const logs = large.errorLogs();
    if (logs.length > 0) {
      console.log(`${logs.length} warning/error log lines from the large stack; the first:`);
      for (const line of logs.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
    }
  } finally {
    await large.dispose();
  }
  return measured;
}
