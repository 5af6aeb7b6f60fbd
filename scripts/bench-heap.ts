/**
 * Each Worker's isolate heap after `npm run bench` (issue 19: under 64 MB; Cloudflare's limit
 * is 128 MB), read through workerd's inspector: one DevTools target per Worker in
 * `/json/list` (id `core:user:<name>`), asked `Runtime.getHeapUsage` over its WebSocket. The
 * heap is read as it is, without forcing a collection: what the isolate holds after the load.
 */
import type { HeapReading } from "./bench-goals.ts";

interface InspectorTarget {
  id: string;
  webSocketDebuggerUrl?: string;
}

const USER_PREFIX = "core:user:";

/** The site's Workers among the inspector's targets, by name; the bench's own (`bench-*`) left out. */
export function siteWorkerTargets(
  targets: readonly InspectorTarget[],
): { worker: string; webSocketUrl: string }[] {
  return targets
    .filter((target) => target.id.startsWith(USER_PREFIX) && target.webSocketDebuggerUrl)
    .map((target) => ({
      worker: target.id.slice(USER_PREFIX.length),
      webSocketUrl: target.webSocketDebuggerUrl as string,
    }))
    .filter((target) => !target.worker.startsWith("bench-"))
    .sort((a, b) => a.worker.localeCompare(b.worker));
}

/** One DevTools Protocol call on a fresh connection, answered within `timeoutMs`. */
function inspectorCall<T>(webSocketUrl: string, method: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    const socket = new WebSocket(webSocketUrl);
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`${method} on ${webSocketUrl}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.addEventListener("open", () => socket.send(JSON.stringify({ id: 1, method })));
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: T;
        error?: unknown;
      };
      if (message.id !== 1) return;
      clearTimeout(timer);
      socket.close();
      if (message.result === undefined)
        reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
      else resolvePromise(message.result);
    });
    socket.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error(`${method}: cannot connect to ${webSocketUrl}`));
    });
  });
}

/** The heap of every site Worker of the stack whose inspector listens on `inspectorPort`. */
export async function readHeaps(inspectorPort: number, stack: string): Promise<HeapReading[]> {
  const response = await fetch(`http://127.0.0.1:${inspectorPort}/json/list`);
  if (!response.ok) throw new Error(`inspector /json/list answered ${response.status}`);
  const targets = siteWorkerTargets((await response.json()) as InspectorTarget[]);
  const readings: HeapReading[] = [];
  // One at a time: the isolates share the process, and the answers stay in a stable order.
  for (const target of targets) {
    const usage = await inspectorCall<{ usedSize: number; totalSize: number }>(
      target.webSocketUrl,
      "Runtime.getHeapUsage",
    );
    readings.push({
      stack,
      worker: target.worker,
      usedBytes: usage.usedSize,
      totalBytes: usage.totalSize,
    });
  }
  return readings;
}
