import type { ClientInfo } from "edge-api/client";
import { createLogger, type Logger } from "../fragment-kit/logger.ts";
import { readCookies, type Cookies } from "./session-cookies.ts";
import { readShellConfig, type ShellConfig, type ShellEnv } from "./shell-env.ts";
import type { SessionCall } from "./viewer-session.ts";

/**
 * One request as the shell reads it, once: its address, configuration, cookies, the reader's
 * address and a logger carrying the request id. Everything downstream takes this instead of
 * reading the request again (issue 12 §4).
 */
export interface ShellRequest {
  request: Request;
  url: URL;
  env: ShellEnv;
  config: ShellConfig;
  requestId: string;
  log: Logger;
  client: ClientInfo;
  cookies: Cookies;
  /** Work after the response (cache writes): `ctx.waitUntil`. */
  waitUntil(work: Promise<unknown>): void;
}

export function readShellRequest(
  request: Request,
  env: ShellEnv,
  ctx: Pick<ExecutionContext, "waitUntil">,
  requestId: () => string,
): ShellRequest {
  let id: string | undefined;
  let log: Logger | undefined;
  let client: ClientInfo | undefined;
  return {
    request,
    url: new URL(request.url),
    env,
    config: readShellConfig(env),
    // Made on first use, like the logger and the reader's address: a kept page needs none.
    get requestId() {
      return (id ??= requestId());
    },
    get log() {
      return (log ??= createLogger("shell", this.requestId));
    },
    // At the edge only CF-Connecting-IP is trustworthy; X-Forwarded-For is whatever the client says.
    get client() {
      return (client ??= {
        ip: request.headers.get("cf-connecting-ip") ?? "",
        userAgent: (request.headers.get("user-agent") ?? "").slice(0, 500),
      });
    },
    cookies: readCookies(request),
    waitUntil: (work) => ctx.waitUntil(work),
  };
}

/** What a session read or revocation needs from the request. */
export function sessionCall(shell: ShellRequest): SessionCall {
  return {
    api: shell.env.API,
    client: shell.client,
    requestId: shell.requestId,
    log: shell.log,
    timeoutMs: shell.config.FRAGMENT_TIMEOUT_MS,
  };
}
