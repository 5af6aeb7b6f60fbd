import { createApiClient } from "edge-api/client";
import type { RouteMatchResult } from "../routes/route-table.ts";
import { untilAborted } from "./deadline.ts";
import type { ShellRequest } from "./request-context.ts";
import type { ReaderSession } from "./viewer-session.ts";

/** The one route whose page shows whether the reader saved it (issue 15). */
const ARTICLE_ROUTE = "content.article";

/**
 * How long the API gets to say whether the reader saved the article: past it the page renders
 * without the saved state rather than wait (it is a nicety, the story is what was asked for).
 */
export const SAVED_STATE_TIMEOUT_MS = 300;

/**
 * Answers this isolate had from the API, per access token and slug, for the edge state's time
 * (`EDGE_STATE_TTL_MS`, 1 s): a reader moving between pages, or many readers at once, cost one
 * call a second per article each instead of one a page (issue 19; decision 0019 foresaw it).
 * Keyed by the exact token string, which the session read verified before any lookup. Any
 * request of that token that may write (anything but GET and HEAD: the article's save form
 * posts to the profile) forgets its answers here first, so the reader's own next page asks again;
 * another isolate may show the old state for up to that second, as with any publication edit.
 */
class KeptSavedStates {
  readonly #byToken = new Map<string, Map<string, { saved: boolean; until: number }>>();

  get(token: string, slug: string, now: number): boolean | null {
    const kept = this.#byToken.get(token)?.get(slug);
    return kept && kept.until > now ? kept.saved : null;
  }

  set(token: string, slug: string, saved: boolean, until: number): void {
    let slugs = this.#byToken.get(token);
    this.#byToken.delete(token);
    slugs ??= new Map();
    this.#byToken.set(token, slugs);
    slugs.delete(slug);
    slugs.set(slug, { saved, until });
    if (slugs.size > 64) slugs.delete(slugs.keys().next().value ?? slug);
    if (this.#byToken.size > 2_000)
      this.#byToken.delete(this.#byToken.keys().next().value ?? token);
  }

  forget(token: string): void {
    this.#byToken.delete(token);
  }
}

const keptSavedStates = new KeptSavedStates();

/** A request that may change what the reader saved: their kept answers are asked again. */
export function forgetSavedStates(accessToken: string | undefined): void {
  if (accessToken) keptSavedStates.forget(accessToken);
}

/**
 * Whether the signed-in reader saved the article this page shows, for the render request's
 * `saved` (issue 15): one API call, with the access token the session read left (a renewed one
 * included), on article pages for signed-in readers only; anonymous readers cost nothing. null
 * for everyone else, and when the API fails or is slow: the page still renders.
 */
export async function savedStateFor(
  shell: ShellRequest,
  match: RouteMatchResult,
  session: ReaderSession,
): Promise<boolean | null> {
  const slug = match.params.slug;
  if (match.route.id !== ARTICLE_ROUTE || !slug) return null;
  const token = session.accessToken;
  if (session.viewer === null || token === null) return null;
  const kept = keptSavedStates.get(token, slug, Date.now());
  if (kept !== null) return kept;
  const signal = AbortSignal.timeout(SAVED_STATE_TIMEOUT_MS);
  try {
    const api = createApiClient(shell.env.API, {
      requestId: shell.requestId,
      client: shell.client,
      accessToken: token,
      signal,
    });
    const answer = await untilAborted(api.savedState(slug), signal);
    if (answer.ok) {
      const ttlMs = shell.config.EDGE_STATE_TTL_MS;
      if (ttlMs > 0) keptSavedStates.set(token, slug, answer.data.saved, Date.now() + ttlMs);
      return answer.data.saved;
    }
    shell.log.warn("saved_state_failed", { status: answer.status, code: answer.code });
  } catch (error) {
    shell.log.warn("saved_state_failed", {
      detail: signal.aborted ? `no answer within ${SAVED_STATE_TIMEOUT_MS} ms` : String(error),
    });
  }
  return null;
}
