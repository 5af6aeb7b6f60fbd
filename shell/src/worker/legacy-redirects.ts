import { createApiClient } from "edge-api/client";
import { LEGACY_POST_PARAMETERS, type RedirectTarget } from "edge-api/contract/content";
import { hrefFor } from "../contract/site-addresses.ts";
import { sameOriginPathOrNull } from "../fragment-kit/same-origin-path.ts";
import type { Composition, PageRequest } from "./compose-page.ts";
import { untilAborted } from "./deadline.ts";
import type { ShellRequest } from "./request-context.ts";

/**
 * Old addresses of an imported publication (issue 18, decision 0024): a Ghost `/{slug}/`, a
 * WordPress permalink or short link (`/?p=123`), answered 301 to where the post lives now. The
 * API keeps them (`GET /api/redirects`); the shell asks only where it would otherwise answer 404,
 * and on the home page when its query names a WordPress post, so no other page costs a call.
 */

/** The route whose address WordPress's short links share (`/?p=123`, `/?page_id=7`). */
export const HOME_ROUTE = "content.home";

/**
 * How long the API gets to say where an old address leads: past it the reader gets the page
 * they would have got (the 404, the home page) rather than wait. One lookup on a primary key.
 */
export const LEGACY_REDIRECT_TIMEOUT_MS = 500;

/**
 * The 301 is the same for every reader and follows the content: browsers and caches may keep it
 * for a few minutes (a 301 without a policy would be kept indefinitely), never as a page.
 */
export const LEGACY_REDIRECT_CACHE = "public, max-age=300";

/** Longest address worth asking about: the API keeps none over 1,000 characters. */
const MAX_LEGACY_ADDRESS = 1024;

/** True when the query names a WordPress post or page (`?p=123`, `?page_id=7`). */
export function namesLegacyPost(search: string): boolean {
  const params = new URLSearchParams(search);
  return LEGACY_POST_PARAMETERS.some((name) => (params.get(name) ?? "") !== "");
}

/** The page a target names, through the route table; null when it is not a same-origin path. */
function addressOf(target: RedirectTarget): string | null {
  try {
    const href =
      target.kind === "article"
        ? hrefFor("content.article", {
            section: target.section,
            category: target.category,
            slug: target.slug,
          })
        : hrefFor("content.page", { slug: target.slug });
    return sameOriginPathOrNull(href);
  } catch {
    // hrefFor refuses a slug that would make a link to another address (`.`, `..`).
    return null;
  }
}

/**
 * A 301 to where the old address of this reader's GET leads now, or null: not a reader's GET,
 * no such old address, or the API failed, was slow or answered something that is not a path on
 * this site. Never throws: the caller's answer stands whenever this says nothing.
 */
export async function legacyRedirect(
  shell: ShellRequest,
  page: Pick<PageRequest, "url" | "match" | "method">,
): Promise<Composition | null> {
  const { url, match, method } = page;
  if (method !== "GET" || (match?.route.newsroom ?? null) !== null) return null;
  if (url.pathname.length > MAX_LEGACY_ADDRESS) return null;
  const signal = AbortSignal.timeout(LEGACY_REDIRECT_TIMEOUT_MS);
  try {
    const api = createApiClient(shell.env.API, { requestId: shell.requestId, signal });
    const path = `${url.pathname}${url.search}`;
    const answer = await untilAborted(api.call("legacyRedirect", { query: { path } }), signal);
    if (!answer.ok) {
      if (answer.status !== 404) {
        shell.log.warn("legacy_redirect_failed", { status: answer.status, code: answer.code });
      }
      return null;
    }
    const location = addressOf(answer.data.target);
    if (location === null) {
      shell.log.warn("legacy_redirect_failed", { detail: "the target is not a path on this site" });
      return null;
    }
    return {
      kind: "redirect",
      status: 301,
      location,
      session: null,
      cacheControl: LEGACY_REDIRECT_CACHE,
    };
  } catch (error) {
    shell.log.warn("legacy_redirect_failed", {
      detail: signal.aborted
        ? `no answer within ${LEGACY_REDIRECT_TIMEOUT_MS} ms`
        : String(error).slice(0, 300),
    });
    return null;
  }
}
