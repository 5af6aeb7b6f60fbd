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
  if (session.viewer === null || session.accessToken === null) return null;
  const signal = AbortSignal.timeout(SAVED_STATE_TIMEOUT_MS);
  try {
    const api = createApiClient(shell.env.API, {
      requestId: shell.requestId,
      client: shell.client,
      accessToken: session.accessToken,
      signal,
    });
    const answer = await untilAborted(api.savedState(slug), signal);
    if (answer.ok) return answer.data.saved;
    shell.log.warn("saved_state_failed", { status: answer.status, code: answer.code });
  } catch (error) {
    shell.log.warn("saved_state_failed", {
      detail: signal.aborted ? `no answer within ${SAVED_STATE_TIMEOUT_MS} ms` : String(error),
    });
  }
  return null;
}
