import type { Viewer } from "../contract/fragment-contract.ts";
import { personalDocument } from "./document-slots.ts";
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
import { bootViewer, planPage, planResponse, type PageInput, type PagePlan } from "./page-plan.ts";
import { RenderLeases, renderOnce } from "./render-leases.ts";
import type { ShellRequest } from "./request-context.ts";
import { savedStateFor } from "./saved-state.ts";
import { contentSecurityPolicy, createNonce, securedResponse } from "./security-headers.ts";

const templateRenders = new RenderLeases();

/** A template kept for every reader of one kind, or the page this request planned for itself. */
type Made = { template: StoredAnswer } | { own: PagePlan };

/** 128 random bits as hex: a mark that survives HTML and JSON escaping unchanged. */
function newViewerMark(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `viewer-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A signed-in reader's page at cache speed (issue 19, decision 0025). Everything on a public
 * page but the masthead's account links and the boot data's viewer is the same for every
 * reader of one kind (role, second factor, and on an article their saved state), so the page
 * is kept once per kind as a template with a mark where the name goes, and each response
 * writes the reader's own name there, with its own CSP nonce. The template is never kept
 * under an anonymous key, and a page that cannot be shared that way (a private answer, another
 * build, a session change) is rendered for this reader alone, as before.
 */
export async function personalPage(
  shell: ShellRequest,
  page: PageInput,
  state: EdgeState,
  viewer: NonNullable<Viewer>,
): Promise<Response> {
  const { url, request } = shell;
  const saved = page.match ? await savedStateFor(shell, page.match, page.session) : null;
  const kind = bootViewer(viewer);
  if (!kind) throw new Error("a signed-in reader has a viewer");
  const key = edgeCacheKey(shell.config.PUBLIC_ORIGIN, {
    kind: "page",
    state,
    address: `${url.pathname}${url.search}`,
    extra: {
      shell: page.shellBuild.buildId,
      date: page.dateLine,
      viewer: kind.role,
      verified: String(kind.newsroomVerified),
      saved: String(saved),
    },
  });
  const hit = peek(key) ?? (await lookup(key));
  if (hit?.viewerMark) return filled(hit, viewer.displayName, request.method, "HIT");
  const { value, shared } = await renderOnce<Made>({
    key,
    leases: templateRenders,
    leaseMs: shell.config.FRAGMENT_TIMEOUT_MS + 1_000,
    peek: (at) => {
      const kept = peek(at);
      return kept?.viewerMark ? { template: kept } : null;
    },
    render: async () => {
      const plan = await planPage(shell, { ...page, saved });
      const ttl = plan.templateTtl;
      if (!plan.document || ttl === null || ttl <= 0 || plan.headers.has("set-cookie")) {
        return { own: plan };
      }
      const viewerMark = newViewerMark();
      const body = await plan.document({ ...kind, displayName: viewerMark });
      const template: StoredAnswer = {
        status: plan.status,
        headers: [...plan.headers],
        body,
        nonce: plan.nonce,
        viewerMark,
      };
      store(key, template, ttl, shell.waitUntil);
      return { template };
    },
  });
  if ("own" in value) return planResponse(value.own, request.method, false);
  return filled(value.template, viewer.displayName, request.method, shared ? "HIT" : "MISS");
}

/** The template with this reader's name and this response's nonce written in. */
function filled(
  template: StoredAnswer,
  displayName: string,
  method: string,
  how: "HIT" | "MISS",
): Response {
  const nonce = createNonce();
  const headers = {
    ...keptHeaders(template),
    [EDGE_CACHE_HEADER]: how,
    "content-security-policy": contentSecurityPolicy(nonce),
  };
  const body = method === "HEAD" ? null : personalDocument(template, nonce, displayName);
  return securedResponse(body, template.status, headers);
}
