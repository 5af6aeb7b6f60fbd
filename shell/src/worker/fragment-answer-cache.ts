import type { ParsedFragmentAnswer } from "../contract/fragment-contract.ts";
import type { FragmentOutcome } from "./ask-fragment.ts";
import { edgeCacheKey, lookup, peek, store, type StoredAnswer } from "./edge-cache.ts";
import type { EdgeState } from "./edge-state.ts";
import { RenderLeases, renderOnce } from "./render-leases.ts";
import type { ShellRequest } from "./request-context.ts";

const fragmentRenders = new RenderLeases();

function outcomeOf(stored: StoredAnswer): FragmentOutcome {
  return { kind: "answer", answer: JSON.parse(stored.body) as ParsedFragmentAnswer };
}

/** What a fragment's answer depends on besides its address and the edge state. */
export interface FragmentAnswerInput {
  route: string;
  /** The render request's `saved` (issue 15): true, false and null each have their own key. */
  saved: boolean | null;
}

/** The edge cache's key of a fragment answer. */
export function fragmentAnswerKey(
  origin: string,
  state: EdgeState,
  input: FragmentAnswerInput,
  address: string,
): string {
  return edgeCacheKey(origin, {
    kind: "fragment",
    state,
    address,
    extra: { route: input.route, saved: String(input.saved) },
  });
}

/**
 * A public fragment answer is the same for every reader who sends the same render request
 * (that is what `scope: "public"` promises in the contract), so it is kept at the edge for
 * signed-in readers and client navigations too, keyed by route, the reader's saved state of an
 * article (one reader's "Saved" is never shown to another), address, content version and the
 * fragment's live build. An answer made by another build than the key names (a release landing
 * mid-request) is used but not kept.
 */
export async function cachedFragmentAnswer(
  shell: ShellRequest,
  state: EdgeState,
  input: FragmentAnswerInput,
  address: string,
  ask: () => Promise<FragmentOutcome>,
): Promise<FragmentOutcome> {
  const key = fragmentAnswerKey(shell.config.PUBLIC_ORIGIN, state, input, address);
  const hit = await lookup(key);
  if (hit) return outcomeOf(hit);
  const { value } = await renderOnce<FragmentOutcome>({
    key,
    leases: fragmentRenders,
    leaseMs: shell.config.FRAGMENT_TIMEOUT_MS + 1_000,
    peek: (at) => {
      const kept = peek(at);
      return kept ? outcomeOf(kept) : null;
    },
    render: async () => {
      const outcome = await ask();
      const answer = outcome.kind === "answer" ? outcome.answer : null;
      if (
        answer?.kind === "page" &&
        answer.status === 200 &&
        answer.cache.scope === "public" &&
        answer.cache.maxAge > 0 &&
        answer.buildId === state.fragmentBuild
      ) {
        const stored: StoredAnswer = {
          status: 200,
          headers: [["content-type", "application/json"]],
          body: JSON.stringify(answer),
          nonce: null,
        };
        store(key, stored, answer.cache.maxAge, shell.waitUntil);
      }
      return outcome;
    },
  });
  return value;
}
