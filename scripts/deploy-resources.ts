/**
 * What the site needs on the Cloudflare account before its Workers deploy: the D1 database, the
 * KV namespaces, the queues and the R2 buckets its production configurations bind. `npm run deploy:site` finds
 * each by name (creating what is missing) and writes the D1 and KV ids into each Worker's
 * `[env.production]` in its wrangler.toml, to be committed, so later deploys (and per-team ones)
 * use the same resources. Wrangler's own provisioning would ask interactively and name a KV
 * namespace per Worker; the release registry is one namespace for the whole site (decision 0006).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LoadedWorker } from "./deploy-config.ts";

export interface SiteResources {
  /** D1 database names. */
  databases: string[];
  /** KV namespace titles, by binding name (one namespace per binding for the whole site). */
  namespaces: Map<string, string>;
  /** Queue names, dead-letter queues included. */
  queues: string[];
  /** R2 bucket names (media originals and variants, decision 0022). */
  buckets: string[];
}

/** The title of the site's KV namespace for a binding, e.g. RELEASES -> daily-edge-releases. */
export function namespaceTitle(binding: string): string {
  return `daily-edge-${binding.toLowerCase().replaceAll("_", "-")}`;
}

/** Everything the production configurations bind, each named once. */
export function siteResources(site: readonly LoadedWorker[]): SiteResources {
  const configs = site.map(({ production }) => production);
  const databases = configs.flatMap((c) => c.d1_databases.map((db) => db.database_name));
  const bindings = configs.flatMap((c) => c.kv_namespaces.map((kv) => kv.binding));
  const queues = configs.flatMap((c) => [
    ...(c.queues.producers ?? []).map((producer) => producer.queue),
    ...(c.queues.consumers ?? []).flatMap((consumer) => [
      consumer.queue,
      consumer.dead_letter_queue,
    ]),
  ]);
  const buckets = configs.flatMap((c) => c.r2_buckets.map((bucket) => bucket.bucket_name));
  return {
    databases: [...new Set(databases.filter((name): name is string => Boolean(name)))],
    namespaces: new Map(
      [...new Set(bindings)].map((binding) => [binding, namespaceTitle(binding)]),
    ),
    queues: [...new Set(queues.filter((name): name is string => Boolean(name)))],
    buckets: [...new Set(buckets.filter((name): name is string => Boolean(name)))],
  };
}

/**
 * Sets `key = "<id>"` in the `[[env.<env>.<table>]]` block whose `match` line is present
 * (e.g. `binding = "RELEASES"`), replacing an existing value or adding the line after `match`.
 * Only that block changes; comments and every other line stay as they are. Returns the text
 * unchanged when no such block exists.
 */
export function setProductionId(
  toml: string,
  target: { env: string; table: string; match: string; key: string; id: string },
): string {
  const header = `[[env.${target.env}.${target.table}]]`;
  const lines = toml.split("\n");
  for (let start = 0; start < lines.length; start++) {
    if (lines[start]?.trim() !== header) continue;
    let end = start + 1;
    while (end < lines.length && !lines[end]?.trim().startsWith("[")) end++;
    const block = lines.slice(start + 1, end);
    const matchAt = block.findIndex((line) => line.trim() === target.match);
    if (matchAt < 0) continue;
    const line = `${target.key} = "${target.id}"`;
    const keyAt = block.findIndex((l) => new RegExp(`^\\s*${target.key}\\s*=`).test(l));
    if (keyAt >= 0) block[keyAt] = line;
    else block.splice(matchAt + 1, 0, line);
    return [...lines.slice(0, start + 1), ...block, ...lines.slice(end)].join("\n");
  }
  return toml;
}

/** Writes the resolved ids into each Worker's `[env.production]`; returns the files changed. */
export function writeProductionIds(
  root: string,
  site: readonly LoadedWorker[],
  ids: { databases: Map<string, string>; namespaces: Map<string, string> },
): string[] {
  const changed: string[] = [];
  for (const { worker, production } of site) {
    const file = join(root, worker.config);
    const before = readFileSync(file, "utf8");
    let text = before;
    for (const db of production.d1_databases) {
      const id = db.database_name ? ids.databases.get(db.database_name) : undefined;
      if (id) {
        const match = `database_name = "${db.database_name}"`;
        text = setProductionId(text, {
          env: "production",
          table: "d1_databases",
          match,
          key: "database_id",
          id,
        });
      }
    }
    for (const kv of production.kv_namespaces) {
      const id = ids.namespaces.get(kv.binding);
      if (id) {
        const match = `binding = "${kv.binding}"`;
        text = setProductionId(text, {
          env: "production",
          table: "kv_namespaces",
          match,
          key: "id",
          id,
        });
      }
    }
    if (text !== before) {
      writeFileSync(file, text);
      changed.push(worker.config);
    }
  }
  return changed;
}
