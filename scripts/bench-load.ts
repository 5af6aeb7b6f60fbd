/**
 * One target's load for `npm run bench`: autocannon in its own process (so the load generator
 * never shares the server's), first a warm-up run of its own (not counted; for cached pages it
 * is what fills the edge cache), then the measured run, with the CPU time of the stack's workerd
 * process(es) read just before and after it (scripts/bench-cpu.ts).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { clockTicksPerSecond, cpuMsPerRequest, cpuTicks } from "./bench-cpu.ts";
import type { Measured, Target } from "./site-targets.ts";

export interface LoadSettings {
  repoRoot: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

/** A target as loaded: whose processes serve it, and the cookies a signed-in browser sends. */
export interface LoadTarget extends Target {
  /** workerd processes whose CPU time counts for this target (the stack serving it). */
  pids: readonly number[];
  cookie?: string;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

const ticksPerSecond = clockTicksPerSecond();

function autocannon(
  settings: LoadSettings,
  target: LoadTarget,
  seconds: number,
): Promise<AutocannonJson> {
  const bin = join(settings.repoRoot, "node_modules", "autocannon", "autocannon.js");
  const args = [bin, "-c", String(settings.connections), "-d", String(seconds), "-n", "-j"];
  if (target.cookie) args.push("-H", `cookie=${target.cookie}`);
  args.push(target.url);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) {
        reject(new Error(`autocannon ${target.url} exited with ${code}: ${stderr}`));
        return;
      }
      try {
        resolvePromise(JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as AutocannonJson);
      } catch (error) {
        reject(new Error(`autocannon ${target.url}: unreadable output (${String(error)})`));
      }
    });
  });
}

/** Warm-up, then the measured run with its server CPU time per completed request. */
export async function measure(settings: LoadSettings, target: LoadTarget): Promise<Measured> {
  if (settings.warmupSeconds > 0) await autocannon(settings, target, settings.warmupSeconds);
  const before = target.pids.length > 0 ? cpuTicks(target.pids) : undefined;
  const json = await autocannon(settings, target, settings.seconds);
  const spent = before === undefined ? undefined : cpuTicks(target.pids) - before;
  return {
    name: target.name,
    url: target.url,
    requests: json.requests.total,
    requestsPerSecond: json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    errors: json.errors + json.timeouts,
    non2xx: json.non2xx,
    cpuMsPerRequest:
      spent === undefined ? null : cpuMsPerRequest(spent, ticksPerSecond, json.requests.total),
  };
}
