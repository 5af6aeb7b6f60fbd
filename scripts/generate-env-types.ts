/**
 * `npm run generate:env-types`: writes each Worker's `worker-configuration.d.ts` (the global
 * `Env` interface: its bindings, variables and required secrets) from its wrangler.toml with
 * `wrangler types`, so no package writes its bindings' types by hand.
 *
 * `npm run check:env-types` (`--check`) writes nothing and exits 1 when a file is stale (CI runs
 * it). Runtime types come from `@cloudflare/workers-types`, so only the env is generated; vars
 * are typed `string` (not their literal values), as production may set other values.
 */
import { spawnSync } from "node:child_process";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * Each Worker's configuration, where its generated types go, and the file naming its secrets
 * (`secrets.env.example`, names without values). Types never come from a developer's `.dev.vars`
 * (which `npm start` fills with development-only values), so they are the same on every machine.
 * `[secrets] required` in wrangler.toml would do this too, but then `wrangler dev` loads only
 * those keys from `.dev.vars` and the local stack's ENVIRONMENT and PUBLIC_ORIGIN would be lost.
 */
const workers = [
  { config: "wrangler.toml", types: "shell/worker-configuration.d.ts", secrets: null },
  {
    config: "mfe-content/wrangler.toml",
    types: "mfe-content/worker-configuration.d.ts",
    secrets: null,
  },
  {
    config: "mfe-account/wrangler.toml",
    types: "mfe-account/worker-configuration.d.ts",
    secrets: "mfe-account/secrets.env.example",
  },
  {
    config: "mfe-paper/wrangler.toml",
    types: "mfe-paper/worker-configuration.d.ts",
    secrets: null,
  },
  {
    config: "edge-api/wrangler.toml",
    types: "edge-api/worker-configuration.d.ts",
    secrets: "edge-api/secrets.env.example",
  },
];

const check = process.argv.includes("--check");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
let stale = 0;

for (const { config, types, secrets } of workers) {
  const cwd = join(root, dirname(config));
  const args = [
    "types",
    relative(cwd, join(root, types)),
    `--env-file=${secrets === null ? "/dev/null" : relative(cwd, join(root, secrets))}`,
    "--include-runtime=false",
    "--include-main-module=false",
    "--strict-vars=false",
    ...(check ? ["--check"] : []),
  ];
  const run = spawnSync(wrangler, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  if (run.status === 0) {
    console.log(`${types}: ${check ? "current" : "written"}`);
    continue;
  }
  stale += 1;
  console.error(
    check
      ? `${types} is stale: it does not match ${config}. Run \`npm run generate:env-types\` and commit the result.`
      : `${types}: wrangler types failed\n${run.stdout}${run.stderr}`,
  );
}

process.exit(stale === 0 ? 0 : 1);
