import type { Context } from "hono";
import { logError } from "./api-log.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * Runs `work` after the answer (the execution context's `waitUntil`), so how long a request
 * takes cannot tell whether an address has an account: sign-up and forgot-password answer
 * before they look the address up, write tokens or send mail (issue 14). Without an execution
 * context (`app.request()` in tests) it is awaited. A failure is logged and never changes the
 * answer.
 */
export async function afterAnswer(
  c: Context<AppEnv>,
  event: string,
  work: () => Promise<void>,
): Promise<void> {
  const requestId = c.get("requestId");
  const running = Promise.resolve()
    .then(work)
    .catch((error: unknown) => {
      logError(event, requestId, { detail: String(error) });
    });
  const ctx = executionContextOf(c);
  if (ctx) ctx.waitUntil(running);
  else await running;
}

/** The request's execution context; none under `app.request()` in tests. */
export function executionContextOf(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined; // app.request() without a context
  }
}
