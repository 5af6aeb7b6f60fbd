/**
 * The structured logger of every Worker the platform runs: one JSON object per line, always
 * with `level`, `event`, `worker` and `requestId` (empty when there is none), then the event's
 * own fields. Cloudflare's Workers Logs index JSON lines, so the same fields everywhere make
 * one query find a request across the shell, the fragments and the API.
 *
 * Secrets never go in: callers pass identifiers and reasons, not tokens, passwords or bodies
 * (SECURITY 3).
 */

export type LogLevel = "debug" | "info" | "warn" | "error";

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** The same logger with more fields on every line (a route, a fragment name). */
  with(fields: LogFields): Logger;
}

/** Where the lines go; `console` in a Worker, a collecting array in tests. */
export type LogSink = (level: LogLevel, line: string) => void;

const consoleSink: LogSink = (level, line) => {
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
};

export function createLogger(
  worker: string,
  requestId = "",
  fields: LogFields = {},
  sink: LogSink = consoleSink,
): Logger {
  const write = (level: LogLevel, event: string, extra: LogFields = {}) => {
    sink(level, JSON.stringify({ level, event, worker, requestId, ...fields, ...extra }));
  };
  return {
    debug: (event, extra) => write("debug", event, extra),
    info: (event, extra) => write("info", event, extra),
    warn: (event, extra) => write("warn", event, extra),
    error: (event, extra) => write("error", event, extra),
    with: (more) => createLogger(worker, requestId, { ...fields, ...more }, sink),
  };
}

/** An error as a log field: the stack where there is one (never shown to readers). */
export function errorDetail(error: unknown): string {
  if (error instanceof Error) return (error.stack ?? error.message).slice(0, 2_000);
  return String(error).slice(0, 2_000);
}
