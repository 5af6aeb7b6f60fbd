/**
 * `npm run deploy:site -- --env production [--dry-run] [--secrets <dir>]`: the whole site to
 * Cloudflare, in order (docs/deploy.md):
 *
 * 1. a production build of every package (NODE_ENV=production);
 * 2. the configuration check (npm run check:deploy-config);
 * 3. the D1 database, KV namespaces, queues and R2 buckets: found, or created, ids written into
 *    `[env.production]` (commit them), then the check again, now requiring every id;
 * 4. D1 migrations applied remotely;
 * 5. secrets uploaded from `<dir>/<worker>.env` (`npm run secrets:generate` writes them);
 * 6. edge-api, the three fragments (each then made live in the release registry), the shell's
 *    assets Worker, then the shell: each Worker is deployed after everything it binds to.
 *
 * `--dry-run` (CI) contacts no one: it builds, checks, bundles every Worker with
 * `wrangler deploy --dry-run` and prints each remote step. Any failure exits non-zero.
 */
import {
  applyMigrations,
  buildForProduction,
  checkedSite,
  Deployer,
  deployWorker,
  originOf,
  parseDeployArgs,
  provision,
  releaseFragment,
  runDeploy,
  step,
  uploadSecrets,
  USAGE,
} from "./deploy-steps.ts";

runDeploy(() => {
  let options;
  try {
    options = parseDeployArgs(process.argv.slice(2));
  } catch (error) {
    throw new Error(`${(error as Error).message}\nusage: npm run deploy:site -- ${USAGE}`, {
      cause: error,
    });
  }
  const deployer = new Deployer(options);
  console.log(`Deploying the site to ${options.env}${options.dryRun ? " (dry run)" : ""}`);
  buildForProduction(deployer);
  step("Configuration check…");
  const site = checkedSite(deployer, false);
  const origin = originOf(site);
  provision(deployer, site);
  // After provisioning every binding must name a real resource (a dry run has no ids to check).
  const provisioned = options.dryRun ? site : checkedSite(deployer, true);
  applyMigrations(deployer);
  if (options.secrets) uploadSecrets(deployer, options.secrets);
  step(options.dryRun ? "Bundling every Worker as a deploy would…" : "Deploying the Workers…");
  for (const { worker } of provisioned) {
    deployWorker(deployer, worker);
    if (worker.label.startsWith("mfe-")) releaseFragment(deployer, worker);
  }
  console.log(
    options.dryRun
      ? "\n✔ Dry run passed: every Worker builds and bundles for production."
      : `\n✔ Deployed. The site answers at ${origin}/ (docs/deploy.md: the first admin).`,
  );
});
