/**
 * `npm run bench [-- URL…]`: production build, the six Workers on the Workers runtime through
 * Miniflare directly (no `wrangler dev` reload proxy), loaded from a separate autocannon process
 * per target: 50 connections, a warm-up, then BENCH_SECONDS (default 20) per target. A trivial
 * Worker answering "ok" in the same Miniflare instance is the runtime's own limit; each target's
 * throughput is printed as a ratio to it. Extra URLs (absolute, or paths on the site) are
 * measured in the same run. Offline; state in `.wrangler/bench-state`. See docs/performance.md.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { compareAtScale } from "./bench-scale.ts";
import { markdownTable } from "./markdown-table.ts";
import { siteTargets, type Measured, type Target } from "./site-targets.ts";
import { repoRoot, startProductionStack, step, type ProductionStack } from "./production-stack.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? Math.min(3, seconds));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const sitePort = Number(process.env.BENCH_PORT ?? 8790);
const trivialPort = Number(process.env.BENCH_TRIVIAL_PORT ?? sitePort + 1);
const autocannonBin = join(repoRoot, "node_modules", "autocannon", "autocannon.js");

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** One autocannon run in its own process, so the load generator never shares the server's. */
function autocannon(target: Target): Promise<Measured> {
  const args = [autocannonBin, "-c", String(connections), "-d", String(seconds), "-n", "-j"];
  if (warmupSeconds > 0)
    args.push("--warmup", "[", "-c", String(connections), "-d", String(warmupSeconds), "]");
  args.push(target.url);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) {
        reject(new Error(`autocannon ${target.url} exited with ${code}: ${stderr}`));
        return;
      }
      try {
        // With a warm-up autocannon prints two JSON lines; the last one is the measured run.
        const last = stdout.trim().split("\n").at(-1) ?? "";
        const json = JSON.parse(last) as AutocannonJson;
        resolvePromise({
          ...target,
          requests: json.requests.total,
          requestsPerSecond: json.requests.average,
          p50: json.latency.p50,
          p99: json.latency.p99,
          errors: json.errors + json.timeouts,
          non2xx: json.non2xx,
        });
      } catch (error) {
        reject(new Error(`autocannon ${target.url}: unreadable output (${String(error)})`));
      }
    });
  });
}

/** A first request per target, so a broken page shows before the load starts. */
async function probe(target: Target): Promise<void> {
  const response = await fetch(target.url, { redirect: "manual" });
  await response.body?.cancel();
  console.log(`  ${String(response.status).padEnd(4)}${target.name.padEnd(28)}${target.url}`);
}

/**
 * The trivial Worker is measured first and last; the faster run is the reference. A shared
 * machine only ever slows a run down, so the faster one is nearer the platform's limit, and
 * every other target's share of it is the more modest.
 */
function table(results: Measured[]): string {
  const trivial = results
    .filter((result) => result.name.startsWith("trivial Worker"))
    .reduce<Measured | undefined>(
      (best, result) =>
        best && best.requestsPerSecond >= result.requestsPerSecond ? best : result,
      undefined,
    );
  const header = [
    "target",
    "URL",
    "requests",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "non-2xx",
    "vs trivial",
  ];
  const rows = results.map((r) => [
    r.name,
    r.url,
    String(r.requests),
    r.requestsPerSecond.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    String(r.non2xx),
    trivial ? `${((100 * r.requestsPerSecond) / trivial.requestsPerSecond).toFixed(1)}%` : "-",
  ]);
  return markdownTable([header, ...rows]);
}

let stack: ProductionStack | undefined;
try {
  stack = await startProductionStack({ sitePort, trivialPort });
  const extra = process.argv.slice(2).map((arg, i) => ({
    name: `extra ${i + 1}`,
    url: /^https?:\/\//.test(arg)
      ? arg
      : `${stack?.siteUrl}${arg.startsWith("/") ? "" : "/"}${arg}`,
  }));
  const pages = await siteTargets(stack.siteUrl);
  const api = pages.filter((target) => target.name.startsWith("api:"));
  const screens = pages.filter((target) => !target.name.startsWith("api:"));
  const uncachedSite = stack.uncachedUrl;
  const targets = [
    { name: "trivial Worker (first)", url: `${stack.trivialUrl}/` },
    // The shell with EDGE_CACHE=off: every request renders (shell -> fragment -> API -> D1).
    ...screens.map((target) => ({
      name: `${target.name} (uncached)`,
      url: target.url.replace(stack?.siteUrl ?? "", uncachedSite),
    })),
    // The same pages through the edge cache; the warm-up fills it.
    ...screens.map((target) => ({ name: `${target.name} (edge cache)`, url: target.url })),
    ...api,
    ...extra,
    ...stack.floorUrls,
    { name: "trivial Worker (last)", url: `${stack.trivialUrl}/` },
  ];
  step("Targets (first answer):");
  for (const target of targets) await probe(target);

  step(
    `Load: autocannon, ${connections} connections, ${warmupSeconds} s warm-up, ${seconds} s per target…`,
  );
  const results: Measured[] = [];
  for (const target of targets) {
    const result = await autocannon(target);
    console.log(
      `  ${target.name.padEnd(28)}${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${result.p99} ms`,
    );
    results.push(result);
  }
  console.log(`\n${table(results)}\n`);
  results.push(...(await compareAtScale(stack, autocannon)));
  const logs = stack.errorLogs();
  if (logs.length > 0) {
    console.log(`${logs.length} warning/error log lines from the Workers; the first:`);
    for (const line of logs.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
  }
  const failed = results.filter((r) => r.errors > 0 || r.non2xx > 0 || r.requests === 0);
  if (failed.length > 0) {
    console.error(
      `Errors, non-2xx or no completed requests on: ${failed.map((r) => r.name).join(", ")}`,
    );
    process.exitCode = 1;
  }
} finally {
  await stack?.stop();
}
