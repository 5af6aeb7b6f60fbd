/**
 * The API's log lines: the same JSON fields as every other Worker of the site (`level`,
 * `event`, `worker`, `requestId`, then the event's own), which the fragment kit's logger writes
 * for the shell and the fragments (shell/src/fragment-kit/logger.ts). edge-api cannot import
 * the kit (the shell depends on edge-api; decision 0013), so it writes the format itself.
 * Never log passwords, tokens or message bodies (SECURITY 3).
 */
export function logError(event: string, requestId: string, fields: Record<string, unknown>): void {
  console.error(
    JSON.stringify({ level: "error", event, worker: "edge-api", requestId, ...fields }),
  );
}

/** Something worth an operator's attention that is not a failure (e.g. a skipped email). */
export function logWarn(event: string, requestId: string, fields: Record<string, unknown>): void {
  console.warn(JSON.stringify({ level: "warn", event, worker: "edge-api", requestId, ...fields }));
}
