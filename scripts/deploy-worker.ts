/**
 * One team's deploy: `npm run deploy -w <package> -- --env production [--dry-run]` runs
 * `node ../scripts/deploy-worker.ts <worker…>` with the package's Worker(s). It builds that
 * package for production first (never whatever `dist` holds, e.g. `npm start`'s development
 * build), checks the site's configuration (ids included: the site was deployed once with
 * `npm run deploy:site`, docs/deploy.md), then deploys.
 * A fragment's new build goes live with `npm run release -w mfe-<name> -- --remote`.
 */
import { siteWorkers } from "./deploy-config.ts";
import {
  buildForProduction,
  checkedSite,
  Deployer,
  deployWorker,
  originOf,
  parseDeployArgs,
  runDeploy,
  USAGE,
} from "./deploy-steps.ts";

runDeploy(() => {
  const args = process.argv.slice(2);
  const labels = args.filter(
    (arg) => !arg.startsWith("-") && siteWorkers.some((w) => w.label === arg),
  );
  const workers = siteWorkers.filter(({ label }) => labels.includes(label));
  let options;
  try {
    if (workers.length === 0) throw new Error("name the Worker(s) to deploy");
    options = parseDeployArgs(
      args.filter((arg) => !labels.includes(arg)),
      false,
    );
  } catch (error) {
    const names = siteWorkers.map(({ label }) => label).join("|");
    throw new Error(
      `${(error as Error).message}\nusage: deploy-worker.ts <${names}>… ${USAGE.replace(" [--secrets <dir>]", "")}`,
      { cause: error },
    );
  }
  const deployer = new Deployer(options);
  buildForProduction(deployer, [...new Set(workers.map(({ workspace }) => workspace))]);
  const site = checkedSite(deployer, !options.dryRun);
  originOf(site);
  for (const worker of workers) deployWorker(deployer, worker);
  console.log(
    `\n✔ ${workers.map(({ label }) => label).join(", ")}: ${options.dryRun ? "bundled" : "deployed"}`,
  );
});
