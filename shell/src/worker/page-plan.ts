import type { Viewer } from "../contract/fragment-contract.ts";
import type { BootData } from "../contract/navigation-contract.ts";
import type { CurrentBuild } from "../fragment-kit/remote-assets.ts";
import { composePage, type Composition, type PageRequest } from "./compose-page.ts";
import { attachmentHeaders, NO_STORE, withCookies } from "./http-answers.ts";
import { loadBreakingBanner, loadNavSections } from "./nav-sections.ts";
import { renderDocument } from "./render-document.tsx";
import { sessionCall, type ShellRequest } from "./request-context.ts";
import { contentSecurityPolicy, createNonce } from "./security-headers.ts";
import { EDGE_CACHE_HEADER } from "./edge-cache.ts";
import { sessionCookies } from "./session-cookies.ts";
import { revokeRefreshToken, type ReaderSession } from "./viewer-session.ts";

/** What the page flow has read once and hands to the plan. */
export interface PageInput extends PageRequest {
  shellBuild: CurrentBuild;
  /** The masthead's date line, formatted once per request. */
  dateLine: string;
}

/**
 * A page decided but not yet written: the document renders only when a body is wanted. The
 * headers carry no CSP: whoever sends the response writes it once, for the nonce in the body it
 * sends (a kept page gets a fresh one).
 */
export interface PagePlan {
  status: number;
  headers: Headers;
  nonce: string;
  /**
   * Renders the document; for another viewer in the masthead and boot data when given one (a
   * signed-in reader's template, decision 0025).
   */
  document: ((viewer?: BootData["viewer"]) => Promise<string>) | null;
  /** A download's bytes, sent as they are (no document, no CSP nonce); null otherwise. */
  file: string | null;
  /** Seconds an anonymous copy may be kept at the edge, or null. */
  edgeTtl: number | null;
  /** Seconds a signed-in reader's template of this page may be kept at the edge, or null. */
  templateTtl: number | null;
}

/**
 * The session after the page: the account fragment's sign-in or sign-out wins over a renewal
 * the shell made while reading the session (a sign-out also revokes the refresh token).
 */
export async function sessionAfter(
  shell: ShellRequest,
  session: ReaderSession,
  composition: Composition,
): Promise<{ cookies: string[]; viewer: Viewer }> {
  if (!composition.session) {
    return {
      cookies: session.change ? sessionCookies(session.change) : [],
      viewer: session.viewer,
    };
  }
  if (composition.session.kind === "clear" && session.refreshToken) {
    await revokeRefreshToken(sessionCall(shell), session.refreshToken);
  }
  return {
    cookies: sessionCookies(composition.session),
    viewer: composition.session.kind === "clear" ? null : session.viewer,
  };
}

/** The masthead's (and the newsroom chrome's) view of who is reading. */
export function bootViewer(viewer: Viewer): BootData["viewer"] {
  if (!viewer) return null;
  return {
    displayName: viewer.displayName,
    role: viewer.role ?? "reader",
    newsroomVerified: viewer.newsroomVerified === true,
  };
}

export async function planPage(shell: ShellRequest, page: PageInput): Promise<PagePlan> {
  const { session, edgeState } = page;
  const newsroom = (page.match?.route.newsroom ?? null) !== null;
  const contentVersion = edgeState?.contentVersion ?? null;
  const [composition, sections, banner] = await Promise.all([
    composePage(shell, page),
    // The newsroom's chrome has no section menu and no breaking-news banner.
    newsroom ? [] : loadNavSections(shell, contentVersion),
    newsroom ? null : loadBreakingBanner(shell, contentVersion),
  ]);
  const { cookies, viewer } = await sessionAfter(shell, session, composition);
  const nonce = createNonce();
  if (composition.kind === "redirect") {
    const headers = withCookies(
      new Headers({
        location: composition.location,
        "cache-control": composition.cacheControl ?? NO_STORE,
      }),
      cookies,
    );
    return {
      status: composition.status,
      headers,
      nonce,
      document: null,
      file: null,
      edgeTtl: null,
      templateTtl: null,
    };
  }
  if (composition.kind === "download") {
    const headers = withCookies(attachmentHeaders(composition), cookies);
    return {
      status: 200,
      headers,
      nonce,
      document: null,
      file: composition.body,
      edgeTtl: null,
      templateTtl: null,
    };
  }
  const boot: BootData = {
    publicationName: shell.config.PUBLICATION_NAME,
    sections,
    banner,
    dateLine: page.dateLine,
    viewer: bootViewer(viewer),
    initial: composition.navigation,
  };
  const headers = withCookies(documentHeaders(composition), cookies);
  // Kept only when made by the build the key names, and with no session change to send.
  const keepable =
    cookies.length === 0 &&
    composition.navigation.outcome === "fragment" &&
    composition.navigation.buildId === edgeState?.fragmentBuild;
  return {
    status: composition.status,
    headers,
    nonce,
    document: (reader = boot.viewer) =>
      renderDocument({
        boot: reader === boot.viewer ? boot : { ...boot, viewer: reader },
        pathname: page.url.pathname,
        html: composition.html,
        head: composition.head,
        shellBuild: page.shellBuild,
        nonce,
      }),
    file: null,
    edgeTtl: keepable ? composition.edgeTtl : null,
    templateTtl: keepable ? (composition.templateTtl ?? null) : null,
  };
}

/** A plan this request made for itself, sent as it is: never kept (`x-edge-cache: BYPASS`). */
export async function planResponse(
  plan: PagePlan,
  method: string,
  newsroom: boolean,
): Promise<Response> {
  const body = method === "HEAD" ? null : plan.document ? await plan.document() : plan.file;
  if (plan.document) {
    plan.headers.set("content-security-policy", contentSecurityPolicy(plan.nonce, newsroom));
  }
  plan.headers.set(EDGE_CACHE_HEADER, "BYPASS");
  return new Response(body, { status: plan.status, headers: plan.headers });
}

function documentHeaders(composition: Extract<Composition, { kind: "page" }>): Headers {
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    "cache-control": composition.cacheControl,
    vary: "Cookie",
  });
  if (composition.retryAfter !== null) headers.set("retry-after", String(composition.retryAfter));
  if (
    composition.navigation.outcome === "fragment" &&
    composition.navigation.fragment === "account"
  ) {
    // Account pages may carry one-time tokens in their address (password reset).
    headers.set("referrer-policy", "no-referrer");
  }
  return headers;
}
