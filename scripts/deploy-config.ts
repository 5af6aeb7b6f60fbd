/**
 * The site's Workers as production deploys them, and the rules their wrangler configurations
 * must follow there (docs/deploy.md, docs/decisions/0016-production-deploy.md). The rules are a
 * pure function over configurations as wrangler itself reads them (`unstable_readConfig`, with
 * its inheritance between the top level and an environment), so the check sees what a deploy
 * would use. `npm run check:deploy-config` runs them over the repository; the tests run them over
 * broken fixtures.
 */
import { join } from "node:path";
import { unstable_readConfig, type Unstable_Config } from "wrangler";

/** The one production environment (`--env production`). */
export const PRODUCTION = "production";

export interface SiteWorker {
  /** Short name for output folders and logs (as local-stack's workerLabel). */
  label: string;
  /** Its wrangler configuration, relative to the repository. */
  config: string;
  /** The npm workspace that builds it. */
  workspace: string;
  /** Private: reached only through a service binding (no workers.dev, no preview URLs). */
  internal: boolean;
  /** Answers other Workers only through its `Internal` entrypoint (decision 0017). */
  entrypoint?: string;
}

/** Deploy order: what a Worker binds to is deployed before it; the shell last. */
export const siteWorkers: readonly SiteWorker[] = [
  {
    label: "edge-api",
    config: "edge-api/wrangler.toml",
    workspace: "edge-api",
    internal: true,
    entrypoint: "Internal",
  },
  ...(["content", "account", "paper"] as const).map((name) => ({
    label: `mfe-${name}`,
    config: `mfe-${name}/wrangler.toml`,
    workspace: `mfe-${name}`,
    internal: true,
    entrypoint: "Internal",
  })),
  {
    label: "shell-assets",
    config: "shell/wrangler.assets.toml",
    workspace: "shell",
    internal: true,
  },
  { label: "shell", config: "wrangler.toml", workspace: "shell", internal: false },
];

/** The public Worker: its production PUBLIC_ORIGIN is the site's public origin, and every
 * other Worker's must be the same. */
export const PUBLIC_WORKER = "shell";

/** The parts of a wrangler configuration the rules read. */
export type WorkerConfig = Pick<
  Unstable_Config,
  | "name"
  | "workers_dev"
  | "preview_urls"
  | "observability"
  | "routes"
  | "vars"
  | "d1_databases"
  | "kv_namespaces"
  | "services"
  | "queues"
  | "r2_buckets"
  | "images"
>;

export interface LoadedWorker {
  worker: SiteWorker;
  /** What `wrangler dev` and a deploy without `--env` use. */
  topLevel: WorkerConfig;
  /** What `--env production` uses. */
  production: WorkerConfig;
}

export interface CheckOptions {
  /**
   * Every D1 and KV binding must carry its id (a real deploy, after provisioning). Without it a
   * missing id is allowed: the repository leaves them for `npm run deploy:site` to fill in.
   */
  requireIds: boolean;
}

/** Reads every Worker's configuration as wrangler does, at the top level and in production. */
export function loadSite(root: string, workers: readonly SiteWorker[] = siteWorkers) {
  // Wrangler's own warnings (it has its own opinions on env sections) would bury the check's
  // findings; its errors still throw.
  process.env.WRANGLER_LOG ??= "error";
  return workers.map((worker): LoadedWorker => {
    const config = join(root, worker.config);
    return {
      worker,
      topLevel: unstable_readConfig({ config }),
      production: unstable_readConfig({ config, env: PRODUCTION }),
    };
  });
}

/** The site's public origin: the shell's production PUBLIC_ORIGIN. */
export function publicOrigin(site: readonly LoadedWorker[]): string {
  const shell = site.find(({ worker }) => worker.label === PUBLIC_WORKER);
  const origin = shell?.production.vars.PUBLIC_ORIGIN;
  if (typeof origin !== "string" || origin === "") {
    throw new Error(
      `wrangler.toml has no [env.${PRODUCTION}.vars] PUBLIC_ORIGIN: the site's public origin`,
    );
  }
  return origin;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith(".localhost");
}

/** A placeholder id ("00000000-0000-…"): the binding was never provisioned. */
export function isZeroId(id: string): boolean {
  return /^[0-]+$/.test(id);
}

function checkOrigin(origin: unknown): string[] {
  if (typeof origin !== "string") return ["has no PUBLIC_ORIGIN in [env.production.vars]"];
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return [`PUBLIC_ORIGIN "${origin}" is not a URL`];
  }
  const problems: string[] = [];
  if (url.protocol !== "https:") problems.push(`PUBLIC_ORIGIN "${origin}" is not https`);
  if (isLocalHost(url.hostname)) problems.push(`PUBLIC_ORIGIN "${origin}" is a local address`);
  if (url.origin !== origin) problems.push(`PUBLIC_ORIGIN "${origin}" is not a bare origin`);
  return problems;
}

/** A var in production pointing at this machine (e.g. a copied local value). */
function localVars(vars: WorkerConfig["vars"]): string[] {
  return Object.entries(vars)
    .filter(([, value]) => typeof value === "string" && /^https?:\/\//.test(value))
    .filter(([, value]) => {
      try {
        return isLocalHost(new URL(value as string).hostname);
      } catch {
        return false;
      }
    })
    .map(([key, value]) => `var ${key} = "${String(value)}" is a local address`);
}

function checkIds(config: WorkerConfig, options: CheckOptions): string[] {
  const ids = [
    ...config.d1_databases.map((db) => ({ what: `D1 ${db.binding}`, id: db.database_id })),
    ...config.kv_namespaces.map((kv) => ({ what: `KV ${kv.binding}`, id: kv.id })),
  ];
  return ids.flatMap(({ what, id }) => {
    if (id === undefined || id === "")
      return options.requireIds ? [`${what} has no id (run npm run deploy:site to create it)`] : [];
    return isZeroId(id) ? [`${what} has the placeholder id ${id}`] : [];
  });
}

function bindingNames(config: WorkerConfig): Set<string> {
  return new Set([
    ...config.d1_databases.map((b) => `D1 ${b.binding}`),
    ...config.kv_namespaces.map((b) => `KV ${b.binding}`),
    ...(config.services ?? []).map((b) => `service ${b.binding}`),
    ...(config.queues.producers ?? []).map((b) => `queue producer ${b.binding}`),
    ...(config.queues.consumers ?? []).map((c) => `queue consumer ${c.queue}`),
    ...config.r2_buckets.map((b) => `R2 ${b.binding}`),
    ...(config.images ? [`Images ${config.images.binding}`] : []),
    ...Object.keys(config.vars).map((key) => `var ${key}`),
  ]);
}

/** Wrangler does not inherit bindings or vars: each top-level one must be repeated. */
function checkRepeated({ topLevel, production }: LoadedWorker): string[] {
  const inProduction = bindingNames(production);
  return [...bindingNames(topLevel)]
    .filter((name) => !inProduction.has(name))
    .map((name) => `${name} is not repeated in [env.production]`);
}

/** Every Worker that knows the public origin knows the shell's (the site's one address). */
function checkSameOrigin(production: WorkerConfig, site: readonly LoadedWorker[]): string[] {
  const own = production.vars.PUBLIC_ORIGIN;
  const shell = site.find(({ worker }) => worker.label === PUBLIC_WORKER);
  const origin = shell?.production.vars.PUBLIC_ORIGIN;
  if (own === undefined || own === origin) return [];
  return [
    `PUBLIC_ORIGIN "${String(own)}" differs from the site's (wrangler.toml: ${String(origin)})`,
  ];
}

function checkServices(production: WorkerConfig, site: readonly LoadedWorker[]): string[] {
  const byName = new Map(site.map((loaded) => [loaded.production.name, loaded.worker]));
  return (production.services ?? []).flatMap((service) => {
    const target = byName.get(service.service);
    if (!target)
      return [`service ${service.binding} names "${service.service}", no Worker of the site`];
    if (target.entrypoint && service.entrypoint !== target.entrypoint) {
      return [
        `service ${service.binding} reaches ${service.service} without entrypoint = ` +
          `"${target.entrypoint}" (its default export answers nothing)`,
      ];
    }
    return [];
  });
}

function checkRoutes(
  { worker, production }: LoadedWorker,
  site: readonly LoadedWorker[],
): string[] {
  const routes = production.routes ?? [];
  if (worker.internal) return routes.length > 0 ? ["is private but has routes"] : [];
  if (worker.label !== PUBLIC_WORKER) return [];
  const origin = site.find((loaded) => loaded.worker.label === PUBLIC_WORKER)?.production.vars
    .PUBLIC_ORIGIN;
  const host = typeof origin === "string" && URL.canParse(origin) ? new URL(origin).host : null;
  const domains = routes.filter(
    (route): route is { pattern: string; custom_domain: true } =>
      typeof route === "object" && "custom_domain" in route && route.custom_domain === true,
  );
  if (!domains.some((route) => route.pattern === host)) {
    return [`has no custom domain route for PUBLIC_ORIGIN's host ${host ?? "(none)"}`];
  }
  return [];
}

/** Every rule over every Worker; an empty list means the site may be deployed. */
export function checkSite(site: readonly LoadedWorker[], options: CheckOptions): string[] {
  return site.flatMap((loaded) => {
    const { worker, topLevel, production } = loaded;
    const problems: string[] = [];
    if (topLevel.observability?.enabled !== true)
      problems.push("has no [observability] enabled = true");
    if (production.observability?.enabled !== true)
      problems.push("has no [env.production.observability] enabled = true");
    if (production.name !== topLevel.name) {
      problems.push(
        `is named "${production.name}" in production, not "${topLevel.name}" (set name in ` +
          "[env.production], or the service bindings miss it)",
      );
    }
    if (worker.internal && production.workers_dev !== false)
      problems.push("is private but not workers_dev = false in production");
    if (worker.internal && production.preview_urls !== false)
      problems.push("is private but not preview_urls = false in production");
    if (worker.label === PUBLIC_WORKER)
      problems.push(...checkOrigin(production.vars.PUBLIC_ORIGIN));
    problems.push(
      ...localVars(production.vars),
      ...checkIds(production, options),
      ...checkRepeated(loaded),
      ...checkSameOrigin(production, site),
      ...checkServices(production, site),
      ...checkRoutes(loaded, site),
    );
    return problems.map((problem) => `${worker.config}: ${worker.label} ${problem}`);
  });
}
