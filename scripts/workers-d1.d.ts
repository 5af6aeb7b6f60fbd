/**
 * The scripts' program compiles edge-api's import pipeline (`npm run import`), which names the
 * Workers runtime's global `D1Database`; in Node the CLI gets one from wrangler's
 * `getPlatformProxy`. The type comes from the Workers types' module entry, so none of their
 * other globals (a different `fetch`, `Request`…) enter the scripts' program.
 */
import type { D1Database as WorkersD1Database } from "@cloudflare/workers-types/index.ts";

declare global {
  type D1Database = WorkersD1Database;
}
