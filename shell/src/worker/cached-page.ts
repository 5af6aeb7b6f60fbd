import {
  EDGE_CACHE_HEADER,
  edgeCacheKey,
  keptHeaders,
  lookup,
  peek,
  store,
  type StoredAnswer,
} from "./edge-cache.ts";
import type { EdgeState } from "./edge-state.ts";
import { withFreshNonce } from "./document-slots.ts";
import { planPage, type PageInput } from "./page-plan.ts";
import { RenderLeases, renderOnce } from "./render-leases.ts";
import type { ShellRequest } from "./request-context.ts";
import { contentSecurityPolicy, createNonce, securedResponse } from "./security-headers.ts";

const pageRenders = new RenderLeases();

/**
 * An anonymous page from the edge cache, or rendered once for every reader who asks for it
 * meanwhile and kept when it is public. The key names the content version, the fragment's live
 * build, the shell's build and the date line, so nothing stale is ever served.
 */
export async function cachedPage(
  shell: ShellRequest,
  page: PageInput,
  state: EdgeState,
): Promise<Response> {
  const { url, request } = shell;
  const key = edgeCacheKey(shell.config.PUBLIC_ORIGIN, {
    kind: "page",
    state,
    address: `${url.pathname}${url.search}`,
    extra: { shell: page.shellBuild.buildId, date: page.dateLine },
  });
  // The memory tier first, without a turn of the event loop: the common hit awaits nothing.
  const hit = peek(key) ?? (await lookup(key));
  if (hit) return fromStore(hit, request.method, "HIT");
  // The nonce of the page this request renders itself, if it does.
  let ownNonce = null as string | null;
  const { value, shared } = await renderOnce<StoredAnswer>({
    key,
    leases: pageRenders,
    leaseMs: shell.config.FRAGMENT_TIMEOUT_MS + 1_000,
    peek,
    render: async () => {
      const plan = await planPage(shell, page);
      const body = plan.document ? await plan.document() : (plan.file ?? "");
      const stored: StoredAnswer = {
        status: plan.status,
        headers: [...plan.headers],
        body,
        nonce: plan.document ? plan.nonce : null,
      };
      if (plan.edgeTtl !== null && plan.edgeTtl > 0 && !plan.headers.has("set-cookie")) {
        store(key, stored, plan.edgeTtl, shell.waitUntil);
      }
      ownNonce = plan.nonce;
      return stored;
    },
  });
  if (shared || ownNonce === null) return fromStore(value, request.method, "HIT");
  return ownRender(value, ownNonce, request.method);
}

/** The page this request rendered: its body already carries its nonce, so the CSP names it. */
function ownRender(stored: StoredAnswer, nonce: string, method: string): Response {
  const headers = new Headers(stored.headers);
  headers.set(EDGE_CACHE_HEADER, "MISS");
  if (stored.nonce !== null) headers.set("content-security-policy", contentSecurityPolicy(nonce));
  const body = method === "HEAD" || stored.body === "" ? null : stored.body;
  return new Response(body, { status: stored.status, headers });
}

/** A stored page with this response's own nonce in its CSP and its script tags. */
function fromStore(stored: StoredAnswer, method: string, how: "HIT"): Response {
  const headers: Record<string, string> = { ...keptHeaders(stored), [EDGE_CACHE_HEADER]: how };
  let body: BodyInit | null = method === "HEAD" || stored.body === "" ? null : stored.body;
  if (stored.nonce !== null) {
    const nonce = createNonce();
    headers["content-security-policy"] = contentSecurityPolicy(nonce);
    if (body !== null) body = withFreshNonce(stored, nonce);
  }
  return securedResponse(body, stored.status, headers);
}
