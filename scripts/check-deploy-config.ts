/**
 * `npm run check:deploy-config`: the production configuration of every Worker follows the rules
 * of scripts/deploy-config.ts (no placeholder ids, no local origin, internal Workers private,
 * observability on, bindings repeated in [env.production], service bindings through the
 * `Internal` entrypoint). Exits 1 with one line per problem.
 */
import { checkSite, loadSite } from "./deploy-config.ts";
import { repoRoot } from "./local-stack.ts";

const site = loadSite(repoRoot);
const problems = checkSite(site, { requireIds: process.argv.includes("--require-ids") });
if (problems.length > 0) {
  console.error(`The production configuration is not deployable:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`Production configuration of ${site.length} Workers: ok`);
