import { NAVIGATE_ENDPOINT } from "../contract/navigation-contract.ts";
import { createLogger, errorDetail } from "../fragment-kit/logger.ts";
import { MAX_PAGE_QUERY, plain } from "./http-answers.ts";
import { otherAddress } from "./other-addresses.ts";
import { navigationJson, pageResponse } from "./page-response.ts";
import { forgetSavedStates } from "./saved-state.ts";
import { ACCESS_COOKIE } from "./session-cookies.ts";
import { readShellRequest, type ShellRequest } from "./request-context.ts";
import { applyBaseSecurityHeaders, withSecurityHeaders } from "./security-headers.ts";
import type { ShellEnv } from "./shell-env.ts";

/**
 * The front door: every request of the site reaches this Worker first. It reads the request
 * once (`request-context.ts`), hands addresses that are not pages on (`other-addresses.ts`) and
 * answers pages (`page-response.ts`). Module map: docs/decisions/0014-shell-hot-path.md.
 */
async function route(shell: ShellRequest): Promise<Response> {
  const { method } = shell.request;
  if (method !== "GET" && method !== "HEAD") forgetSavedStates(shell.cookies[ACCESS_COOKIE]);
  const other = otherAddress(shell);
  if (other) return other;
  if (shell.url.search.length > MAX_PAGE_QUERY) {
    // No page takes a query this long (a search, a cursor, a `next` or `save` are far shorter);
    // refused here, it never becomes a redirect or canonical path that breaks the contract.
    return plain(400, "This address is too long: its query string is over 16,384 characters.");
  }
  if (method !== "GET" && method !== "HEAD" && method !== "POST") {
    return plain(405, "This address only answers GET, HEAD and form posts.", {
      allow: "GET, HEAD, POST",
    });
  }
  // A POST to the navigation endpoint is a newsroom page's form (navigationJson checks it).
  if (shell.url.pathname === NAVIGATE_ENDPOINT) return navigationJson(shell);
  return pageResponse(shell);
}

export default {
  async fetch(request, env, ctx) {
    // Cloudflare's ray id, or a UUID made only when something asks for the id (a kept page never
    // does); the same one for the whole request, its 500 included.
    let id: string | null | undefined = request.headers.get("cf-ray");
    const requestId = () => (id ??= crypto.randomUUID());
    try {
      return withSecurityHeaders(await route(readShellRequest(request, env, ctx, requestId)));
    } catch (error) {
      createLogger("shell", requestId()).error("shell_error", { detail: errorDetail(error) });
      const response = plain(500, `Something went wrong on our side. Reference: ${requestId()}`);
      applyBaseSecurityHeaders(response.headers);
      return response;
    }
  },
} satisfies ExportedHandler<ShellEnv>;
