/**
 * `npm run check:js-budget`: the JavaScript budget of an article page, measured in a real
 * browser against the production build (issue 7, docs/decisions/0007-javascript-budget.md).
 *
 * 1. Builds for production and starts the production stack (Miniflare, offline).
 * 2. Opens the newest article (`/api/home` -> `latest[0]`, its address from the shell's table) in Chromium and waits until the
 *    page is hydrated and the network is idle.
 * 3. Every script response the browser received until then (shell, Module Federation remote
 *    entries, chunks) is gzipped with node:zlib at the default level; the table and the total
 *    are printed. Fails above JS_BUDGET_KB (120 KB gzip).
 * 4. Prints the Module Federation runtime's share (scripts/js-budget-federation.ts says how it
 *    is estimated); fails above 25 KB gzip.
 * 5. Fails when a script that only a remote's `./newsroom` expose needs was loaded: readers
 *    never download newsroom code (issue 13; scripts/js-budget-newsroom.ts).
 * 6. Also fails when: the largest contentful paint element is not in the server's HTML (the
 *    same element, found in the page loaded with JavaScript off); a script in the server's
 *    `<head>` is render-blocking (not module, async or defer), or Chromium reports one; layout
 *    shifts sum above 0.001; the browser logs an error.
 *
 * Ports: BENCH_PORT (default 8800) and BENCH_TRIVIAL_PORT (next one), then the floors after them.
 */
import { gzipSync } from "node:zlib";
import type { HomeResponse } from "../edge-api/src/contract/content-contract.ts";
import { hrefFor } from "../shell/src/contract/site-addresses.ts";
import { findInServerHtml, launchChromium, measurePage } from "./js-budget-browser.ts";
import { composeServedScript } from "./js-budget-federation.ts";
import { newsroomScriptsLoaded } from "./js-budget-newsroom.ts";
import { repoRoot, startProductionStack, step } from "./production-stack.ts";

const KB = 1024;
const TOTAL_BUDGET = 120 * KB;
const FEDERATION_BUDGET = 25 * KB;
const LAYOUT_SHIFT_LIMIT = 0.001;
const sitePort = Number(process.env.BENCH_PORT ?? 8800);
const trivialPort = Number(process.env.BENCH_TRIVIAL_PORT ?? sitePort + 1);

interface Row {
  url: string;
  raw: number;
  gzip: number;
  federationGzip: number | null;
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** Scripts in the server's `<head>` that would block rendering. */
function blockingHeadScripts(html: string): string[] {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? "";
  const blocking: string[] = [];
  for (const match of head.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = match[1] ?? "";
    const type = /\btype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (type !== "" && type !== "module" && type !== "text/javascript") continue; // data blocks
    if (type === "module" || /\b(async|defer)\b/i.test(attributes)) continue;
    blocking.push(match[0]);
  }
  return blocking;
}

function printTable(rows: Row[]): void {
  const width = Math.max(...rows.map((row) => row.url.length), 6);
  const line = (url: string, raw: string, gzip: string, mf: string) =>
    `| ${url.padEnd(width)} | ${raw.padStart(10)} | ${gzip.padStart(10)} | ${mf.padStart(12)} |`;
  console.log(line("script", "raw", "gzip", "of which MF"));
  console.log(`|${"-".repeat(width + 2)}|${"-".repeat(12)}|${"-".repeat(12)}|${"-".repeat(14)}|`);
  for (const row of rows) {
    const mf = row.federationGzip === null ? "no map" : kb(row.federationGzip);
    console.log(line(row.url, kb(row.raw), kb(row.gzip), mf));
  }
}

async function articleUrl(site: string): Promise<string> {
  const response = await fetch(`${site}/api/home`);
  if (!response.ok) throw new Error(`/api/home answered ${response.status}`);
  const home = (await response.json()) as Partial<HomeResponse>;
  const card = home.latest?.[0];
  if (!card) throw new Error("/api/home has no latest article");
  const path = hrefFor("content.article", {
    section: card.section.slug,
    category: card.category.slug,
    slug: card.slug,
  });
  return new URL(path, site).href;
}

const stack = await startProductionStack({ sitePort, trivialPort });
const failures: string[] = [];
try {
  const url = await articleUrl(stack.siteUrl);
  step(`Measuring ${url} in Chromium…`);
  const serverHtml = await (await fetch(url)).text();
  const browser = await launchChromium();
  try {
    const measured = await measurePage(browser, url);
    const rows: Row[] = measured.scripts.map(({ url: scriptUrl, body }) => {
      const gzip = gzipSync(body).length;
      const composition = composeServedScript(repoRoot, scriptUrl, body.toString("utf8"));
      const federationGzip =
        composition && composition.characters > 0
          ? Math.round((gzip * composition.federationCharacters) / composition.characters)
          : null;
      return { url: new URL(scriptUrl).pathname, raw: body.length, gzip, federationGzip };
    });
    rows.sort((a, b) => b.gzip - a.gzip);
    printTable(rows);
    const total = rows.reduce((sum, row) => sum + row.gzip, 0);
    const raw = rows.reduce((sum, row) => sum + row.raw, 0);
    const federation = rows.reduce((sum, row) => sum + (row.federationGzip ?? 0), 0);
    console.log(
      `\n${rows.length} scripts: ${kb(raw)} raw, ${kb(total)} gzip (budget ${kb(TOTAL_BUDGET)})`,
    );
    console.log(
      `Module Federation runtime: ${kb(federation)} gzip (budget ${kb(FEDERATION_BUDGET)}), ` +
        `${((100 * federation) / Math.max(total, 1)).toFixed(0)}% of the total`,
    );
    if (total > TOTAL_BUDGET)
      failures.push(`scripts total ${kb(total)} gzip > ${kb(TOTAL_BUDGET)}`);
    if (federation > FEDERATION_BUDGET) {
      failures.push(`Module Federation runtime ${kb(federation)} gzip > ${kb(FEDERATION_BUDGET)}`);
    }
    const newsroom = newsroomScriptsLoaded(
      repoRoot,
      measured.scripts.map((script) => script.url),
    );
    if (newsroom.length > 0) {
      failures.push(`the article page loaded newsroom code: ${newsroom.join(", ")}`);
    }
    const unknown = rows.filter((row) => row.federationGzip === null);
    if (unknown.length > 0) {
      failures.push(`no source map for ${unknown.map((row) => row.url).join(", ")}`);
    }

    if (!measured.lcp) failures.push("no largest-contentful-paint element was reported");
    else {
      const server = await findInServerHtml(browser, url, measured.lcp);
      const same = server?.tag === measured.lcp.tag && server.signature === measured.lcp.signature;
      console.log(
        `Largest contentful paint: <${measured.lcp.tag}> "${measured.lcp.signature.slice(0, 60)}"` +
          ` ${same ? "is" : "is NOT"} in the server HTML`,
      );
      if (!same) failures.push("the largest contentful paint element is not in the server HTML");
    }
    console.log(`Layout shift: ${measured.layoutShift.toFixed(4)}`);
    for (const shift of measured.shifts) console.log(`  shift ${shift}`);
    if (measured.layoutShift > LAYOUT_SHIFT_LIMIT) {
      failures.push(`layout shift ${measured.layoutShift.toFixed(4)} > ${LAYOUT_SHIFT_LIMIT}`);
    }
    const blocking = [...blockingHeadScripts(serverHtml), ...measured.renderBlockingScripts];
    console.log(`Render-blocking scripts: ${blocking.length === 0 ? "none" : blocking.join(" ")}`);
    if (blocking.length > 0) failures.push(`render-blocking scripts: ${blocking.join(" ")}`);
    for (const problem of measured.consoleProblems) failures.push(`browser error: ${problem}`);
  } finally {
    await browser.close();
  }
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
} finally {
  await stack.stop();
}

if (failures.length > 0) {
  console.error(`\ncheck:js-budget failed:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
  process.exit(1);
}
console.log("\ncheck:js-budget passed");
