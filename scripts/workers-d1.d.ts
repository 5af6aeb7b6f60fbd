/**
 * The scripts' program compiles edge-api's import pipeline (`npm run import`), which names the
 * Workers runtime's global `D1Database`; in Node the CLI gets one from wrangler's
 * `getPlatformProxy`. The type comes from the Workers types' module entry, so none of their
 * other globals (a different `fetch`, `Request`…) enter the scripts' program.
 */
type D1Database = import("@cloudflare/workers-types/index.ts").D1Database;
