/**
 * `npm run serve:production`: the production build on the Workers runtime (Miniflare, no
 * `wrangler dev`) at http://127.0.0.1:8790/ (`BENCH_PORT`) until interrupted.
 */
import { startProductionStack } from "./production-stack.ts";

const sitePort = Number(process.env.BENCH_PORT ?? 8790);
const trivialPort = Number(process.env.BENCH_TRIVIAL_PORT ?? sitePort + 1);
const stack = await startProductionStack({ sitePort, trivialPort });
console.log(`\nServing ${stack.siteUrl}/ (production build). Ctrl-C stops.`);
