/**
 * `npm run check:deploy`: builds, then bundles every Worker exactly as `wrangler deploy` would
 * (`--dry-run`, offline) into `.wrangler/deploy-check/<name>/`. Fails if any Worker does not
 * bundle, e.g. a fragment whose generated release map (`dist/server/releases.js`) is missing.
 */
import { join } from "node:path";
import {
  buildAll,
  offlineEnv,
  repoRoot,
  workerConfigs,
  workerLabel,
  wrangler,
} from "./local-stack.ts";

const env = offlineEnv();
buildAll(env);
for (const config of workerConfigs) {
  const name = workerLabel(config);
  const outdir = join(repoRoot, ".wrangler", "deploy-check", name);
  wrangler(["deploy", "--dry-run", "--outdir", outdir, "-c", config], env, true);
  console.log(`${name}: wrangler deploy --dry-run bundled into ${outdir}`);
}
