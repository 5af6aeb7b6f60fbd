/**
 * The benchmark's server: the six Workers from their `wrangler deploy --dry-run` bundles, run
 * by Miniflare directly (no `wrangler dev`, no reload proxy), plus a trivial Worker that only
 * answers "ok" as the runtime's own limit. Each listens on its own port through a direct socket.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from "miniflare";
import type { V4QueueConsumerOptions, V4WorkerOptions } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { workerdPids } from "./bench-cpu.ts";
import { floorName } from "./bench-floors.ts";

interface WorkerToml {
  name: string;
  /** Absent for an assets-only Worker (its bundle is wrangler's no-op Worker). */
  main?: string;
  compatibility_date: string;
  compatibility_flags?: string[];
  vars?: Record<string, string>;
  assets?: { directory: string; binding?: string; run_worker_first?: boolean | string[] };
  services?: { binding: string; service: string; entrypoint?: string }[];
  kv_namespaces?: { binding: string; id: string }[];
  d1_databases?: { binding: string; database_id: string }[];
  r2_buckets?: { binding: string; bucket_name: string }[];
  /** Cloudflare Images; Miniflare runs it with sharp (edge-api's photographs, decision 0022). */
  images?: { binding: string };
  queues?: {
    producers?: { binding: string; queue: string }[];
    consumers?: {
      queue: string;
      max_batch_size?: number;
      max_batch_timeout?: number;
      max_retries?: number;
      dead_letter_queue?: string;
      retry_delay?: number;
    }[];
  };
}

/** `KEY=value` lines of a `.dev.vars` file, quotes removed. */
function readDevVars(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([\w]+)\s*=\s*(.*)$/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    const value = match[2].trim();
    vars[match[1]] = /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return vars;
}

export interface BenchWorker {
  /** The wrangler config, relative to the repository root. */
  config: string;
  /** Folder holding the Worker's `wrangler deploy --dry-run` output. */
  bundleDir: string;
}

export interface BenchStack {
  siteUrl: string;
  /** The same shell with its edge cache off (`EDGE_CACHE=off`): every page renders. */
  uncachedUrl: string;
  trivialUrl: string;
  /** Reference Workers on the same runtime: what one binding call costs here. */
  floorUrls: { name: string; url: string }[];
  /** The body floor of `kb` KB (any size: the floor Worker answers `/<kb>`). */
  bodyFloorUrl: (kb: number) => string;
  /** The workerd process(es) running this stack's Workers (their CPU time is the bench's). */
  pids: number[];
  /** workerd's inspector (one target per Worker), when the stack was started with one. */
  inspectorPort: number | undefined;
  errorLogs: () => string[];
  dispose: () => Promise<void>;
}

/** Development-only values from `.dev.vars` stay out: the benchmark runs as production. */
const devOnlyVars = new Set(["ENVIRONMENT", "PUBLIC_ORIGIN"]);

/** The queues a Worker sends to and consumes, as wrangler.toml's `[[queues.*]]` declare them. */
function queueOptions(
  config: WorkerToml,
): Pick<V4WorkerOptions, "queueProducers" | "queueConsumers"> {
  const producers = config.queues?.producers ?? [];
  const consumers = config.queues?.consumers ?? [];
  return {
    queueProducers: Object.fromEntries(
      producers.map((producer) => [producer.binding, { queueName: producer.queue }]),
    ),
    queueConsumers: Object.fromEntries(
      consumers.map((consumer): [string, V4QueueConsumerOptions] => [
        consumer.queue,
        {
          maxBatchSize: consumer.max_batch_size,
          maxBatchTimeout: consumer.max_batch_timeout,
          maxRetries: consumer.max_retries,
          deadLetterQueue: consumer.dead_letter_queue,
          retryDelay: consumer.retry_delay,
        },
      ]),
    ),
  };
}

function workerOptions(
  repoRoot: string,
  worker: BenchWorker,
  publicOrigin: string,
  extraBindings: Record<string, Record<string, string>>,
): { name: string; options: V4WorkerOptions } {
  const configDir = join(repoRoot, dirname(worker.config));
  // Read as wrangler reads it (inline tables, [env.*] sections and all); the top level is the
  // local configuration, which the benchmark runs.
  const config = unstable_readConfig({ config: join(repoRoot, worker.config) }) as WorkerToml;
  const files = readdirSync(worker.bundleDir);
  const entry = files.find((file) => file.endsWith(".js"));
  if (!entry) throw new Error(`No bundle in ${worker.bundleDir}`);
  const modules = [
    { type: "ESModule" as const, path: join(worker.bundleDir, entry) },
    ...files
      .filter((file) => file.endsWith(".wasm"))
      .map((file) => ({ type: "CompiledWasm" as const, path: join(worker.bundleDir, file) })),
    // edge-api's share cards bundle their font as a Data module (its wrangler.toml rule).
    ...files
      .filter((file) => file.endsWith(".ttf"))
      .map((file) => ({ type: "Data" as const, path: join(worker.bundleDir, file) })),
  ];
  const secrets = Object.fromEntries(
    Object.entries(readDevVars(join(configDir, ".dev.vars"))).filter(
      ([key]) => !devOnlyVars.has(key),
    ),
  );
  const bindings: Record<string, string> = {
    ...config.vars,
    ...secrets,
    ...extraBindings[config.name],
  };
  if (config.vars?.PUBLIC_ORIGIN !== undefined) bindings.PUBLIC_ORIGIN = publicOrigin;
  const options: V4WorkerOptions = {
    name: config.name,
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags ?? [],
    modules,
    modulesRoot: worker.bundleDir,
    bindings,
    // A binding to a named entrypoint (`Internal`, decision 0017) reaches that class only.
    serviceBindings: Object.fromEntries(
      (config.services ?? []).map((service) => [
        service.binding,
        service.entrypoint
          ? { name: service.service, entrypoint: service.entrypoint }
          : service.service,
      ]),
    ),
    kvNamespaces: Object.fromEntries((config.kv_namespaces ?? []).map((kv) => [kv.binding, kv.id])),
    d1Databases: Object.fromEntries(
      (config.d1_databases ?? []).map((db) => [db.binding, db.database_id]),
    ),
    // Named by bucket as wrangler does, so the state scripts/seed-media.ts fills is this one.
    r2Buckets: Object.fromEntries(
      (config.r2_buckets ?? []).map((bucket) => [bucket.binding, bucket.bucket_name]),
    ),
    ...(config.images ? { images: { binding: config.images.binding } } : {}),
    // Production's email path (queue, consumer, HTTP mail API) is what signs a bench reader up.
    ...queueOptions(config),
  };
  if (config.assets) {
    const runFirst = config.assets.run_worker_first;
    options.assets = {
      directory: resolve(configDir, config.assets.directory),
      ...(config.assets.binding ? { binding: config.assets.binding } : {}),
      ...(runFirst === undefined ? {} : { run_worker_first: runFirst }),
      routerConfig: {
        has_user_worker: config.main !== undefined,
        ...(typeof runFirst === "boolean" ? { invoke_user_worker_ahead_of_assets: runFirst } : {}),
        // Rules as wrangler parses them: "/…" runs the Worker first, "!/…" the assets.
        ...(Array.isArray(runFirst)
          ? {
              static_routing: {
                user_worker: runFirst.filter((rule) => rule.startsWith("/")),
                asset_worker: runFirst
                  .filter((rule) => rule.startsWith("!/"))
                  .map((rule) => rule.slice(1)),
              },
            }
          : {}),
      },
      assetConfig: {},
    };
  }
  return { name: config.name, options };
}

/**
 * Starts the Workers (the first is the site's front door on `sitePort`) and the trivial Worker
 * on `trivialPort`, all in one Miniflare instance persisting to `<stateDir>/v3` as wrangler does.
 */
export async function startBenchStack(options: {
  repoRoot: string;
  stateDir: string;
  workers: BenchWorker[];
  sitePort: number;
  trivialPort: number;
  /** Ports for the uncached shell and the floor Workers: `floorPort`, then one each. */
  floorPort?: number;
  /** workerd's inspector port (CPU profiles, heap usage); none when absent. */
  inspectorPort?: number;
  /** Bindings added to the named Workers (the API's mail address and token for the bench). */
  extraBindings?: Record<string, Record<string, string>>;
}): Promise<BenchStack> {
  const host = "127.0.0.1";
  const siteUrl = `http://${host}:${options.sitePort}`;
  const trivialUrl = `http://${host}:${options.trivialPort}`;
  const extraPort = options.floorPort ?? options.trivialPort + 1;
  const uncachedUrl = `http://${host}:${extraPort}`;
  const errors: string[] = [];
  const workers = options.workers.map((worker, index) => {
    const { options: workerOpts } = workerOptions(
      options.repoRoot,
      worker,
      siteUrl,
      options.extraBindings ?? {},
    );
    if (index === 0) workerOpts.unsafeDirectSockets = [{ host, port: options.sitePort }];
    return workerOpts;
  });
  const shell = workers[0];
  if (!shell?.name) throw new Error("no shell Worker");
  const compatibilityDate = shell.compatibilityDate ?? "2026-11-01";
  workers.push({
    ...shell,
    name: `${shell.name}-uncached`,
    bindings: { ...shell.bindings, EDGE_CACHE: "off" },
    unsafeDirectSockets: [{ host, port: extraPort }],
  });
  workers.push({
    name: "bench-trivial",
    compatibilityDate,
    modules: true,
    script: `export default { fetch() { return new Response("ok"); } };`,
    unsafeDirectSockets: [{ host, port: options.trivialPort }],
  });
  // What one call to a binding costs on this runtime, each in a Worker that does nothing else.
  const floors = [
    // Bodies about the size of the demo's home page and of an article page.
    ...[55, 28].map((kb) => ({ name: floorName(kb), script: bodyFloorScript(kb) })),
    {
      name: "floor: Cache API hit",
      script: `const key = "https://floor.internal/page";
export default { async fetch() {
  let hit = await caches.default.match(key);
  if (!hit) {
    await caches.default.put(key, new Response("x".repeat(55_000), { headers: { "cache-control": "public, max-age=3600" } }));
    hit = await caches.default.match(key);
  }
  return new Response(hit.body);
} };`,
    },
    {
      name: "floor: one D1 query",
      script: `export default { async fetch(request, env) {
  const row = await env.FLOOR_DB.prepare("SELECT 1 AS one").first();
  return new Response(String(row.one));
} };`,
    },
  ];
  const floorUrls = floors.map((floor, index) => {
    const port = extraPort + 1 + index;
    workers.push({
      name: `bench-floor-${index}`,
      compatibilityDate,
      modules: true,
      script: floor.script,
      d1Databases: { FLOOR_DB: "bench-floor" },
      unsafeDirectSockets: [{ host, port }],
    });
    return { name: floor.name, url: `http://${host}:${port}/` };
  });
  // The 28 KB floor's Worker also answers any other size, for pages far from 28 and 55 KB.
  const sizedFloorPort = extraPort + 2;
  const bodyFloorUrl = (kb: number): string => `http://${host}:${sizedFloorPort}/${kb}`;
  // Miniflare starts one workerd process per instance: the one that is new is this stack's.
  const before = new Set(workerdPids());
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host,
      port: 0,
      cf: false,
      log: new Log(LogLevel.WARN),
      logRequests: false,
      telemetry: { enabled: false },
      // workerd's inspector: CPU profiles and heap usage of each Worker.
      ...(options.inspectorPort === undefined ? {} : { inspectorPort: options.inspectorPort }),
      resourcePersistencePath: join(options.stateDir, "v3"),
      resourceTmpPath: join(options.stateDir, "tmp"),
      handleStructuredLogs: (log) => {
        if (log.level === "error" || log.level === "warn") errors.push(log.message);
      },
      workers,
    }),
  );
  await mf.ready;
  return {
    siteUrl,
    uncachedUrl,
    trivialUrl,
    floorUrls,
    bodyFloorUrl,
    pids: workerdPids().filter((pid) => !before.has(pid)),
    inspectorPort: options.inspectorPort,
    errorLogs: () => errors,
    dispose: () => mf.dispose(),
  };
}

/**
 * A Worker that only answers a body: `kb` KB at `/`, or the size its path names (`/40`: 40 KB,
 * 1 to 1,000), each made once per isolate. The path is cut from the URL by hand: the floor
 * should cost no more than a page served from memory does.
 */
function bodyFloorScript(kb: number): string {
  return `const bodies = new Map([["", "x".repeat(${kb * 1000})]]);
export default { fetch(request) {
  const url = request.url;
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2) + 1);
  let body = bodies.get(path);
  if (body === undefined) {
    const size = Number(path);
    if (!Number.isInteger(size) || size < 1 || size > 1000) return new Response("Not found", { status: 404 });
    body = "x".repeat(size * 1000);
    bodies.set(path, body);
  }
  return new Response(body, { headers: { "content-type": "text/html" } });
} };`;
}
