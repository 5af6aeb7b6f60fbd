/**
 * `npm start`: builds everything, prepares the local D1 (migrations + demo content when empty,
 * and the development staff of the newsroom) and runs the six Workers in one `wrangler dev`
 * session on 127.0.0.1. Offline throughout.
 */
import { devStaffInstructions, seedDevStaff } from "../edge-api/scripts/dev-staff.ts";
import {
  buildAll,
  offlineEnv,
  prepareDatabase,
  prepareDevSecrets,
  repoRoot,
  startWorkers,
  stateDir,
  waitForHttp,
  workerConfigs,
  workerLabel,
} from "./local-stack.ts";
import { putSeedPhotos } from "./seed-media.ts";

const port = Number(process.env.PORT ?? 8787);
const env = offlineEnv({ NODE_ENV: process.env.NODE_ENV ?? "development" });

console.log("Building the site…");
buildAll(env);
console.log("Preparing the local database…");
prepareDatabase(env);
const copied = await putSeedPhotos(repoRoot, stateDir);
if (copied > 0) console.log(`Put ${copied} demo photographs into the local media bucket.`);
prepareDevSecrets(env, port);
// After the secrets: the staff's TOTP secrets are sealed with the API's local key.
const devStaff = await seedDevStaff();
console.log(`Starting the Workers (${workerConfigs.map(workerLabel).join(", ")})…`);
const workers = startWorkers(port, env);
const verbose = process.env.VERBOSE === "1";
workers.stdout?.on("data", (chunk: Buffer) => {
  if (verbose) process.stdout.write(chunk);
});
workers.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
workers.on("exit", (code) => process.exit(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => workers.kill(signal));
}
const url = `http://127.0.0.1:${port}/`;
await waitForHttp(url, 120_000);
console.log(
  `\nThe Daily Edge is running at ${url}\n(Ctrl+C to stop; VERBOSE=1 shows request logs)`,
);
console.log(`\n${devStaffInstructions(url.replace(/\/$/, ""), devStaff)}`);
