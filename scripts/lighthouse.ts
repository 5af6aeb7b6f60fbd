/**
 * `npm run lighthouse`: builds and starts the production stack (as `npm run bench` does), finds
 * real URLs of the seeded publication (home, a section, an article, today's paper), and runs
 * Lighthouse (default config: mobile emulation, simulated throttling) on each with Debian's
 * Chromium, offline. Prints the four category scores per page and, for each category below its
 * target, the audits that keep it there; exits non-zero if a target is missed.
 *
 * Each page is audited LIGHTHOUSE_RUNS times (default 3) and the run with the median performance
 * score is kept: on a shared 2-core machine one run's performance score swings by 20 points.
 * LIGHTHOUSE_PORT (default 8792, the trivial Worker on the next port) picks the port;
 * LIGHTHOUSE_SITE=http://127.0.0.1:8810 audits a site that is already running instead of
 * building one; CHROME_PATH picks the browser. Extra paths or URLs on the command line
 * (`npm run lighthouse -- /login /search?q=news`) are audited too. Reports (HTML and JSON) land
 * in `.wrangler/lighthouse/`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { pickTargets, siteTargets, type Target } from "./site-targets.ts";
import lighthouse, {
  generateReport,
  type Flags,
  type Result as LighthouseResult,
} from "lighthouse";
import {
  failureReport,
  missedTargets,
  score,
  scoreTable,
  type PageResult,
} from "./lighthouse-summary.ts";

const repoRoot = join(import.meta.dirname, "..");
const reportDir = join(repoRoot, ".wrangler", "lighthouse");
const sitePort = Number(process.env.LIGHTHOUSE_PORT ?? 8792);
const trivialPort = Number(process.env.LIGHTHOUSE_TRIVIAL_PORT ?? sitePort + 1);
const chromePath = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const runCount = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

// Everything Chromium might fetch on its own (updates, sync, field trials) is switched off:
// the only network Lighthouse needs is the site on 127.0.0.1.
const chromeFlags = [
  ...CHROMIUM_ARGS,
  "--disable-default-apps",
  "--disable-extensions",
  "--metrics-recording-only",
  "--no-default-browser-check",
];

/** Home, a section, an article and today's paper, found through the API like the bench's. */
async function lighthouseTargets(site: string): Promise<Target[]> {
  return pickTargets(await siteTargets(site), ["home", "section", "article", "today's paper"]);
}

/** The run with the median performance score: the performance score varies from run to run. */
function medianRun(runs: LighthouseResult[]): LighthouseResult {
  const sorted = [...runs].sort(
    (a, b) => (score(a, "performance") ?? -1) - (score(b, "performance") ?? -1),
  );
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error("no Lighthouse run");
  return median;
}

async function audit(targets: Target[]): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: "error" });
  const flags: Flags = {
    port: chrome.port,
    logLevel: "error",
    // The full-page screenshot is only for the HTML report.
    disableFullPageScreenshot: true,
  };
  mkdirSync(reportDir, { recursive: true });
  const pages: PageResult[] = [];
  try {
    for (const target of targets) {
      const started = Date.now();
      const runs: LighthouseResult[] = [];
      for (let run = 0; run < runCount; run++) {
        const result = await lighthouse(target.url, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${target.url}`);
        runs.push(result.lhr);
      }
      const lhr = medianRun(runs);
      const file = join(reportDir, target.name.replace(/\W+/g, "-"));
      writeFileSync(`${file}.report.html`, generateReport(lhr, "html"));
      writeFileSync(`${file}.report.json`, JSON.stringify(lhr, null, 2));
      console.log(`  ${target.name.padEnd(15)}${target.url} (${Date.now() - started} ms)`);
      // A page Lighthouse could not load (a 404, a crash) has no scores: it misses every target.
      if (lhr.runtimeError) console.log(`    error: ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings) console.log(`    warning: ${warning}`);
      pages.push({ ...target, lhr });
    }
  } finally {
    chrome.kill();
  }
  return pages;
}

const existingSite = process.env.LIGHTHOUSE_SITE?.replace(/\/$/, "");
let stop: (() => Promise<void>) | undefined;
let exitCode = 1;
try {
  let site = existingSite;
  if (!site) {
    const { startProductionStack } = await import("./production-stack.ts");
    const stack = await startProductionStack({ sitePort, trivialPort });
    stop = stack.stop;
    site = stack.siteUrl;
  }
  const extra = process.argv.slice(2).map((arg, i) => ({
    name: `extra ${i + 1}`,
    url: /^https?:\/\//.test(arg) ? arg : `${site}${arg.startsWith("/") ? "" : "/"}${arg}`,
  }));
  const targets = [...(await lighthouseTargets(site)), ...extra];
  console.log(`\n▶ Lighthouse ${chromePath} (mobile emulation, simulated throttling)…`);
  const pages = await audit(targets);
  console.log(`\n${scoreTable(pages)}`);
  const missed = pages.filter((page) => missedTargets(page).length > 0);
  if (missed.length > 0) {
    console.log(`\nBelow target:${failureReport(missed)}`);
    console.log(`\nReports: ${reportDir}`);
  } else {
    console.log("\nEvery page meets every target.");
    exitCode = 0;
  }
} catch (error) {
  console.error(error);
} finally {
  await stop?.();
}
process.exit(exitCode);
