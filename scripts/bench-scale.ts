/**
 * The scale comparison of `npm run bench` (issues 7 and 19): the same section, author, tag and
 * search pages, the sitemap index and the newsroom's story list (signed in as the development
 * editor on each database) on the default demo publication and on one of `BENCH_SCALE` articles
 * (default 100,000; `BENCH_SCALE=0` skips it), measured in the same run, interleaved page by
 * page, each page's p50 at scale printed as a ratio to its p50 at the default size against its
 * target: 1.2x for search, the sitemap index and the story list, 1.5x for the others.
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
import type { HeapReading, ScaleComparison } from "./bench-goals.ts";
import { readHeaps } from "./bench-heap.ts";
import type { LoadTarget } from "./bench-load.ts";
import { cookieHeader, seedBenchStaff, staffSession, type StaffLogin } from "./bench-sessions.ts";
import { startBenchStack } from "./bench-stack.ts";
import { markdownTable } from "./markdown-table.ts";
import { pickTargets, siteTargets, type Measured, type Target } from "./site-targets.ts";
import { bundledWorkers, repoRoot, step, type ProductionStack } from "./production-stack.ts";
import { urlFor } from "../shell/src/contract/site-addresses.ts";

// After production-stack.ts: local-stack.ts must first load with the bench's EDGE_STATE_DIR.
const { offlineEnv, wrangler } = await import("./local-stack.ts");

export const scaleArticles = Number(process.env.BENCH_SCALE ?? 100_000);
// The default stack uses BENCH_PORT to BENCH_PORT + 6 (site, trivial, uncached shell, floors).
const scalePort = Number(
  process.env.BENCH_SCALE_PORT ?? Number(process.env.BENCH_PORT ?? 8790) + 10,
);
/** Issue 19's ratio for the pages a large archive must not slow down; issue 7's for the rest. */
const STRICT_RATIO = 1.2;
const LISTING_RATIO = 1.5;
/** The newsroom page signed in as this member of the development staff. */
const NEWSROOM_STAFF_EMAIL = "editor@dailyedge.test";
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

interface ScalePage extends Target {
  maxRatio: number;
  /** Signed in as staff (the newsroom): each database gets its own session. */
  staff?: boolean;
}

/**
 * The pages compared, as paths: both publications come from the same generator and seed, so
 * the sections, authors and tags (made before any article) have the same slugs in both.
 */
async function scalePaths(site: string): Promise<ScalePage[]> {
  const listings = pickTargets(await siteTargets(site), ["section", "author", "tag", "search"]);
  const pages: ScalePage[] = listings.map((target) => ({
    ...target,
    maxRatio: target.name === "search" ? STRICT_RATIO : LISTING_RATIO,
  }));
  pages.push(
    { name: "sitemap index", url: urlFor(site, "content.sitemap-index"), maxRatio: STRICT_RATIO },
    {
      name: "story list",
      url: urlFor(site, "content.newsroom"),
      maxRatio: STRICT_RATIO,
      staff: true,
    },
  );
  return pages.map((page) => ({ ...page, url: page.url.slice(site.length) }));
}

function staffLogin(staff: readonly StaffLogin[]): StaffLogin {
  const login = staff.find((member) => member.email === NEWSROOM_STAFF_EMAIL);
  if (!login) throw new Error(`no development staff ${NEWSROOM_STAFF_EMAIL} in the bench database`);
  return login;
}

/** The staff's cookie on one database, after checking the page shows that member's newsroom. */
async function staffCookie(
  site: string,
  uncached: string,
  path: string,
  login: StaffLogin,
): Promise<string> {
  const session = await staffSession(site, login);
  const cookie = cookieHeader(session);
  const response = await fetch(`${uncached}${path}`, { headers: { cookie }, redirect: "manual" });
  const html = await response.text();
  if (response.status !== 200 || !html.includes(session.displayName)) {
    throw new Error(
      `${uncached}${path} signed in as ${session.displayName}: ${response.status}, name ${html.includes(session.displayName) ? "shown" : "missing"}`,
    );
  }
  return cookie;
}

export interface ScaleResult {
  measured: Measured[];
  comparisons: ScaleComparison[];
  heaps: HeapReading[];
}

/**
 * Starts the large publication next to the running default `stack`, measures every compared
 * page on both (default first, then at scale, page by page), prints the ratios, reads the large
 * stack's isolate heaps and stops it. Returns the measurements, so the caller's error check
 * covers them, the comparisons for the goal table, and the heaps. Null when skipped.
 */
export async function compareAtScale(
  stack: ProductionStack,
  measure: (target: LoadTarget) => Promise<Measured>,
  options: { inspectorPort?: number; extraBindings?: Record<string, Record<string, string>> },
): Promise<ScaleResult | null> {
  if (!Number.isInteger(scaleArticles) || scaleArticles <= 0) return null;
  step(`Scale: the same pages with ${scaleArticles} articles (BENCH_SCALE=0 skips this)…`);
  const stateDir = prepareScaleDatabase(scaleArticles);
  // Before its Miniflare starts: the staff are written with wrangler into the same files.
  const largeStaff = seedBenchStaff(repoRoot, stateDir);
  const large = await startBenchStack({
    repoRoot,
    stateDir,
    workers: bundledWorkers(),
    sitePort: scalePort,
    trivialPort: scalePort + 1,
    floorPort: scalePort + 2,
    inspectorPort: options.inspectorPort,
    extraBindings: options.extraBindings,
  });
  const result: ScaleResult = { measured: [], comparisons: [], heaps: [] };
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
      "CPU ms default",
      `CPU ms ${scaleArticles}`,
    ],
  ];
  const cpu = (value: number | null): string => (value === null ? "-" : value.toFixed(3));
  try {
    console.log(`  ${large.siteUrl}: ${stateDir}`);
    // Both sides through the shell with its edge cache off: the comparison is of the queries
    // and rendering behind a page, not of cache hits.
    for (const page of await scalePaths(stack.siteUrl)) {
      // Signed in just before the pair: each session is fresh for its two short runs.
      const cookies = page.staff
        ? {
            small: await staffCookie(
              stack.siteUrl,
              stack.uncachedUrl,
              page.url,
              staffLogin(stack.staff),
            ),
            big: await staffCookie(
              large.siteUrl,
              large.uncachedUrl,
              page.url,
              staffLogin(largeStaff),
            ),
          }
        : { small: undefined, big: undefined };
      const small = await measure({
        name: page.name,
        url: `${stack.uncachedUrl}${page.url}`,
        pids: stack.pids,
        cookie: cookies.small,
      });
      const big = await measure({
        name: `${page.name} @${scaleArticles}`,
        url: `${large.uncachedUrl}${page.url}`,
        pids: large.pids,
        cookie: cookies.big,
      });
      result.measured.push(small, big);
      result.comparisons.push({
        page: page.name,
        defaultP50: small.p50,
        scaleP50: big.p50,
        maxRatio: page.maxRatio,
      });
      const ratio = small.p50 > 0 ? big.p50 / small.p50 : Number.POSITIVE_INFINITY;
      console.log(
        `  ${page.name.padEnd(14)} p50 ${small.p50} ms -> ${big.p50} ms (${ratio.toFixed(2)}x)`,
      );
      rows.push([
        page.name,
        page.url,
        `${small.p50} ms`,
        `${big.p50} ms`,
        `${ratio.toFixed(2)}x`,
        ratio <= page.maxRatio ? `<= ${page.maxRatio}x ok` : `> ${page.maxRatio}x OVER`,
        small.requestsPerSecond.toFixed(0),
        big.requestsPerSecond.toFixed(0),
        cpu(small.cpuMsPerRequest),
        cpu(big.cpuMsPerRequest),
      ]);
    }
    console.log(`\n${markdownTable(rows)}\n`);
    if (large.inspectorPort !== undefined) {
      result.heaps = await readHeaps(large.inspectorPort, `${scaleArticles} articles`);
    }
    const logs = large.errorLogs();
    if (logs.length > 0) {
      console.log(`${logs.length} warning/error log lines from the large stack; the first:`);
      for (const line of logs.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
    }
  } finally {
    await large.dispose();
  }
  return result;
}
