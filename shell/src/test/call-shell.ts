import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import type { ShellEnv } from "../worker/shell-env.ts";
import shellWorker from "../worker/shell-worker.ts";

/**
 * One request through the shell Worker with a real execution context, waiting for the work it
 * left for after the response (`ctx.waitUntil`: cache writes) as the runtime would.
 */
export async function callShell(request: Request, env: ShellEnv): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await shellWorker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}
