/**
 * `npm run bench [-- URL…]`: production build, the six Workers on the Workers runtime through
 * Miniflare directly (no `wrangler dev` reload proxy), loaded from a separate autocannon process
 * per target: 50 connections, a warm-up run, then BENCH_SECONDS (default 20) per target, with
 * the server CPU time per request (the stack's workerd processes, scripts/bench-cpu.ts). A
 * trivial Worker answering "ok" in the same Miniflare instance is the runtime's own limit; each
 * target's throughput is printed as a ratio to it. Signed-in pages are loaded with a real
 * reader's cookies (scripts/bench-sessions.ts). Extra URLs (absolute, or paths on the site) are
 * measured in the same run. Then the scale comparison (scripts/bench-scale.ts), each Worker's
 * isolate heap (scripts/bench-heap.ts) and issue 19's goals, met or not (scripts/bench-goals.ts).
 * Offline; state in `.wrangler/bench-state`. See docs/performance.md.
 */
import { createServer } from "node:net";
import { floorName, floorsFor, kilobytes, STANDING_FLOOR_KB } from "./bench-floors.ts";
import { evaluateGoals, goalTable, SIGNED_IN_PAGES, type HeapReading } from "./bench-goals.ts";
import { readHeaps } from "./bench-heap.ts";
import { measure, type LoadTarget } from "./bench-load.ts";
import { compareAtScale } from "./bench-scale.ts";
import {
  cookieHeader,
  freshFor,
  readerSession,
  secondsLeft,
  startMailbox,
  type Mailbox,
  type Session,
} from "./bench-sessions.ts";
import { markdownTable } from "./markdown-table.ts";
import { siteTargets, type Measured } from "./site-targets.ts";
import { repoRoot, startProductionStack, step, type ProductionStack } from "./production-stack.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const settings = {
  repoRoot,
  seconds,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? Math.min(3, seconds)),
};
const sitePort = Number(process.env.BENCH_PORT ?? 8790);
const trivialPort = Number(process.env.BENCH_TRIVIAL_PORT ?? sitePort + 1);
/** A run's length plus a margin: an access token must outlive it. */
const runSeconds = settings.warmupSeconds + settings.seconds + 30;

/** A page target with what its first answer must (not) show: whose masthead it is. */
interface BenchTarget extends LoadTarget {
  shows?: string;
  hides?: string;
}

/** A port nobody listens on now, for workerd's inspector when BENCH_INSPECTOR_PORT is unset. */
function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePromise(port));
    });
  });
}

/**
 * A first request per target, so a broken page shows before the load starts; answers the body
 * size. A signed-in page must show its reader's name and the anonymous page must not: a
 * failure is an error (a broken sign-in, or a personal page served to someone else).
 */
async function probe(target: BenchTarget): Promise<number> {
  const response = await fetch(target.url, {
    redirect: "manual",
    headers: target.cookie ? { cookie: target.cookie } : {},
  });
  const body = await response.text();
  console.log(`  ${String(response.status).padEnd(4)}${target.name.padEnd(30)}${target.url}`);
  if (target.shows !== undefined && !body.includes(target.shows))
    throw new Error(`${target.name} does not show "${target.shows}"`);
  if (target.hides !== undefined && body.includes(target.hides))
    throw new Error(`${target.name} shows "${target.hides}", someone else's page`);
  return Buffer.byteLength(body);
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
    "CPU ms/req",
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
    r.cpuMsPerRequest === null ? "-" : r.cpuMsPerRequest.toFixed(3),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    String(r.non2xx),
    trivial ? `${((100 * r.requestsPerSecond) / trivial.requestsPerSecond).toFixed(1)}%` : "-",
  ]);
  return markdownTable([header, ...rows]);
}

let stack: ProductionStack | undefined;
let mailbox: Mailbox | undefined;
try {
  mailbox = await startMailbox();
  // The API sends its email through production's HTTP mailer to the bench's own mailbox.
  const extraBindings = {
    "edge-api": { EMAIL_API_URL: mailbox.url, EMAIL_API_TOKEN: mailbox.token },
  };
  const inspectorPort = process.env.BENCH_INSPECTOR_PORT
    ? Number(process.env.BENCH_INSPECTOR_PORT)
    : await freePort();
  stack = await startProductionStack({
    sitePort,
    trivialPort,
    inspectorPort,
    extraBindings,
    withStaff: true,
  });
  const site = stack.siteUrl;
  const pids = stack.pids;
  console.log(`  workerd process ${pids.join(", ") || "not found (no CPU figures)"}`);
  const extra = process.argv.slice(2).map((arg, i) => ({
    name: `extra ${i + 1}`,
    url: /^https?:\/\//.test(arg) ? arg : `${site}${arg.startsWith("/") ? "" : "/"}${arg}`,
    pids,
  }));
  const pages = await siteTargets(site);
  const api = pages.filter((target) => target.name.startsWith("api:"));
  const screens = pages.filter((target) => !target.name.startsWith("api:"));

  step("Signing in the bench reader (the API's sign-in, or sign-up and its emailed link)…");
  let reader: Session = await readerSession(site, mailbox);
  console.log(
    `  ${reader.displayName} (${reader.via === "login" ? "logged in" : "signed up through the emailed link"}): access token valid ${secondsLeft(reader.accessToken, Date.now())} s; ` +
      `each signed-in run takes about ${runSeconds - 30} s, the session is refreshed before one when it could expire during it`,
  );
  if (runSeconds > 15 * 60)
    console.log(`  warning: a run of ${runSeconds} s outlasts a 15-minute access token`);
  const signedIn = screens.filter((target) =>
    (SIGNED_IN_PAGES as readonly string[]).includes(target.name),
  );

  const targets: BenchTarget[] = [
    { name: "trivial Worker (first)", url: `${stack.trivialUrl}/`, pids },
    // The shell with EDGE_CACHE=off: every request renders (shell -> fragment -> API -> D1).
    ...screens.map((target) => ({
      name: `${target.name} (uncached)`,
      url: target.url.replace(site, stack?.uncachedUrl ?? ""),
      pids,
    })),
    // The same pages through the edge cache; the warm-up fills it. Never the reader's name.
    ...screens.map((target) => ({
      name: `${target.name} (edge cache)`,
      url: target.url,
      pids,
      hides: reader.displayName,
    })),
    // A signed-in reader through the same edge-cache shell: their own masthead.
    ...signedIn.map((target) => ({
      name: `${target.name} (signed in)`,
      url: target.url,
      pids,
      cookie: cookieHeader(reader),
      shows: reader.displayName,
    })),
    ...api.map((target) => ({ ...target, pids })),
    ...extra,
  ];
  step("Targets (first answer):");
  const pageBytes = new Map<string, number>();
  for (const target of targets) pageBytes.set(target.name, await probe(target));

  // A body floor near each cached page's size (scripts/bench-floors.ts).
  const cachedKbs = targets
    .filter((target) => target.name.endsWith(" (edge cache)"))
    .map((target) => kilobytes(pageBytes.get(target.name) ?? 0));
  const standing = new Set<number>(STANDING_FLOOR_KB);
  const sizedFloors = floorsFor(cachedKbs)
    .filter((kb) => !standing.has(kb))
    .map((kb) => ({ name: floorName(kb), url: stack?.bodyFloorUrl(kb) ?? "", pids }));
  targets.push(...stack.floorUrls.map((floor) => ({ ...floor, pids })), ...sizedFloors, {
    name: "trivial Worker (last)",
    url: `${stack.trivialUrl}/`,
    pids,
  });
  for (const floor of sizedFloors) await probe(floor);

  step(
    `Load: autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up, ${settings.seconds} s per target…`,
  );
  const results: Measured[] = [];
  for (const target of targets) {
    if (target.cookie !== undefined) {
      reader = await freshFor(site, reader, runSeconds);
      target.cookie = cookieHeader(reader);
    }
    const result = await measure(settings, target);
    const cpu = result.cpuMsPerRequest === null ? "-" : result.cpuMsPerRequest.toFixed(3);
    console.log(
      `  ${target.name.padEnd(30)}${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  ${cpu} ms CPU  p99 ${result.p99} ms`,
    );
    results.push(result);
  }
  console.log(`\n${table(results)}\n`);
  const scale = await compareAtScale(stack, (target) => measure(settings, target), {
    inspectorPort: process.env.BENCH_INSPECTOR_PORT ? inspectorPort + 1 : await freePort(),
    extraBindings,
  });
  if (scale) results.push(...scale.measured);

  step("Isolate heaps after the bench (workerd's inspector, Runtime.getHeapUsage)…");
  const heaps: HeapReading[] = [
    ...(await readHeaps(inspectorPort, "default")),
    ...(scale?.heaps ?? []),
  ];
  console.log(
    `\n${markdownTable([
      ["Worker", "stack", "used MB", "total MB"],
      ...heaps.map((heap) => [
        heap.worker,
        heap.stack,
        (heap.usedBytes / 1024 / 1024).toFixed(1),
        (heap.totalBytes / 1024 / 1024).toFixed(1),
      ]),
    ])}\n`,
  );

  step("Issue 19's targets (a goal not met is reported, not an error):");
  const goals = evaluateGoals({ results, pageBytes, scale: scale?.comparisons ?? null, heaps });
  console.log(`\n${goalTable(goals)}\n`);
  console.log(`${goals.filter((goal) => goal.met).length} of ${goals.length} goals met.`);

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
} catch (error) {
  // What the Workers logged is often the reason (a sign-up email that never came, a 500).
  for (const line of stack?.errorLogs().slice(0, 10) ?? [])
    console.error(`  log: ${line.slice(0, 500)}`);
  throw error;
} finally {
  await stack?.stop();
  await mailbox?.close();
}
