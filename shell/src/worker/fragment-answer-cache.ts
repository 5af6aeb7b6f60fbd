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

/**
 * A public fragment answer is the same for every reader (that is what `scope: "public"`
 * promises in the contract), so it is kept at the edge for signed-in readers and client
 * navigations too, keyed by route, address, content version and the fragment's live build.
 * An answer made by another build than the key names (a release landing mid-request) is used
 * but not kept.
 */
export async function cachedFragmentAnswer(
  shell: ShellRequest,
  state: EdgeState,
  routeId: string,
  address: string,
  ask: () => Promise<FragmentOutcome>,
): Promise<FragmentOutcome> {
  const key = edgeCacheKey(shell.config.PUBLIC_ORIGIN, {
    kind: "fragment",
    state,
    address,
    extra: { route: routeId },
  });
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
