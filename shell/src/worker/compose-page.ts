import { createApiClient } from "edge-api/client";
import type {
  FragmentName,
  ParsedFragmentAnswer,
  SessionChange,
} from "../contract/fragment-contract.ts";
import type { NavSection, NavigationAnswer } from "../contract/navigation-contract.ts";
import { matchRoute } from "../routes/route-table.ts";
import { NOT_FOUND_TITLE, UNAVAILABLE_TITLE } from "../ui/status-pages.tsx";
import { statusPageTitle } from "../ui/status-pages.tsx";
import { askFragment, type FragmentOutcome } from "./ask-fragment.ts";
import { Coalescer, edgeCacheKey, lookup, store, type EdgeState } from "./edge-cache.ts";
import { fragmentBinding, type ShellConfig, type ShellEnv } from "./shell-env.ts";
import type { ClientInfo, ReaderSession } from "./viewer-session.ts";

export const PUBLIC_CACHE_CONTROL =
  "public, max-age=60, stale-while-revalidate=300, stale-if-error=86400";
export const NO_STORE = "no-store";
export const RETRY_AFTER_SECONDS = 30;
const MAX_ROUTABLE_PATH = 1024;

/** Extra head data only the server document needs (the browser gets title/description/canonical). */
export interface DocumentHead {
  meta: { property?: string | undefined; name?: string | undefined; content: string }[];
  links?: {
    rel: "alternate" | "preload";
    href: string;
    type?: string | undefined;
    title?: string | undefined;
    as?: "image" | undefined;
  }[];
  jsonLd: Record<string, unknown>[];
  robots?: string | undefined;
}

export type Composition =
  | { kind: "redirect"; status: number; location: string; session: SessionChange | null }
  | {
      kind: "page";
      status: number;
      navigation: NavigationAnswer;
      /** The fragment's server HTML when it rendered the page. */
      html: string | null;
      documentHead: DocumentHead;
      cacheControl: string;
      /** Seconds for `Retry-After`, or null. */
      retryAfter: number | null;
      /** A sign-in or sign-out decided by the account fragment. */
      session: SessionChange | null;
      /** Seconds an anonymous copy may be kept at the edge, or null when it must not be. */
      edgeTtl: number | null;
    };

/** One page request as the shell understood it. */
export interface PageRequest {
  url: URL;
  requestId: string;
  method: "GET" | "POST";
  form?: Record<string, string>;
  client: ClientInfo;
  session: ReaderSession;
  /** Present when the route's fragment and the content version are known (GET only). */
  edgeState?: EdgeState | null;
}

function statusHead(title: string, config: ShellConfig, path: string) {
  return {
    title: statusPageTitle(title, config.PUBLICATION_NAME),
    description: "",
    canonical: `${config.PUBLIC_ORIGIN}${path}`,
  };
}

function notFound(config: ShellConfig, path: string): Composition {
  return {
    kind: "page",
    status: 404,
    navigation: {
      outcome: "not-found",
      head: statusHead(NOT_FOUND_TITLE, config, path),
    },
    html: null,
    documentHead: { meta: [], jsonLd: [], robots: "noindex" },
    cacheControl: NO_STORE,
    retryAfter: null,
    session: null,
    edgeTtl: null,
  };
}

function unavailable(config: ShellConfig, fragment: FragmentName, path: string): Composition {
  return {
    kind: "page",
    status: 503,
    navigation: {
      outcome: "unavailable",
      fragment,
      head: statusHead(UNAVAILABLE_TITLE, config, path),
    },
    html: null,
    documentHead: { meta: [], jsonLd: [], robots: "noindex" },
    cacheControl: NO_STORE,
    retryAfter: RETRY_AFTER_SECONDS,
    session: null,
    edgeTtl: null,
  };
}

/** Matches the route, asks the owning fragment, and decides what the reader gets. */
export async function composePage(
  env: ShellEnv,
  config: ShellConfig,
  page: PageRequest,
): Promise<Composition> {
  const { url, requestId } = page;
  // No route has addresses this long; answer without troubling a fragment.
  const match = url.pathname.length > MAX_ROUTABLE_PATH ? null : matchRoute(url.pathname);
  if (!match) return notFound(config, url.pathname.slice(0, MAX_ROUTABLE_PATH));
  const { route, params } = match;
  const isAccount = route.fragment === "account";
  const fragmentRequest = {
    routeId: route.id,
    method: page.method,
    ...(page.form ? { form: page.form } : {}),
    client: page.client,
    // Only the account fragment acts for the reader; the others only need to know who it is.
    accessToken: isAccount ? page.session.accessToken : null,
    params,
    path: url.pathname,
    search: url.search,
    viewer: page.session.viewer,
    requestId,
    origin: config.PUBLIC_ORIGIN,
  };
  const ask = () =>
    askFragment(fragmentBinding(env, route.fragment), fragmentRequest, config.FRAGMENT_TIMEOUT_MS);
  const state = page.edgeState;
  const outcome =
    state && state.fragment === route.fragment && page.method === "GET" && !isAccount
      ? await cachedFragmentAnswer(state, route.id, `${url.pathname}${url.search}`, ask)
      : await ask();
  if (outcome.kind === "failed") {
    console.error(
      JSON.stringify({
        event: "fragment_failed",
        requestId,
        fragment: route.fragment,
        routeId: route.id,
        reason: outcome.reason,
        detail: outcome.detail,
      }),
    );
    return unavailable(config, route.fragment, url.pathname);
  }
  const answer = outcome.answer;
  if (answer.kind === "redirect") {
    return {
      kind: "redirect",
      status: answer.status,
      location: answer.location,
      session: isAccount ? (answer.session ?? null) : null,
    };
  }
  if (answer.kind === "not-found") return notFound(config, url.pathname);
  const personal = page.session.viewer !== null || page.method === "POST" || isAccount;
  return {
    kind: "page",
    status: answer.status,
    navigation: {
      outcome: "fragment",
      fragment: route.fragment,
      routeId: route.id,
      buildId: answer.buildId,
      props: answer.props,
      stylesheets: answer.stylesheets,
      head: {
        title: answer.head.title,
        description: answer.head.description,
        canonical: `${config.PUBLIC_ORIGIN}${answer.head.canonicalPath}`,
      },
    },
    html: answer.html,
    documentHead: {
      meta: answer.head.meta,
      links: answer.head.links,
      jsonLd: answer.head.jsonLd,
      robots: answer.head.robots,
    },
    // A page with the reader's name in the masthead is theirs alone.
    cacheControl:
      answer.cache.scope === "public" && answer.status === 200 && !personal
        ? `public, max-age=${answer.cache.maxAge}, stale-while-revalidate=300, stale-if-error=86400`
        : NO_STORE,
    retryAfter: answer.retryAfter ?? null,
    session: isAccount ? (answer.session ?? null) : null,
    edgeTtl:
      answer.cache.scope === "public" && answer.status === 200 && !personal
        ? answer.cache.maxAge
        : null,
  };
}

const fragmentRenders = new Coalescer<FragmentOutcome>();

/**
 * A public fragment answer is the same for every reader (that is what `scope: "public"`
 * promises in the contract), so it is kept at the edge for signed-in readers and client
 * navigations too, keyed by route, address, content version and the fragment's live build.
 * An answer made by another build than the key names (a release landing mid-request) is used
 * but not kept.
 */
async function cachedFragmentAnswer(
  state: EdgeState,
  routeId: string,
  address: string,
  ask: () => Promise<FragmentOutcome>,
): Promise<FragmentOutcome> {
  const key = edgeCacheKey({ kind: "fragment", state, address, extra: { route: routeId } });
  const hit = await lookup(key);
  if (hit) return { kind: "answer", answer: JSON.parse(hit.body) as ParsedFragmentAnswer };
  return fragmentRenders.run(key, async () => {
    const outcome = await ask();
    const answer = outcome.kind === "answer" ? outcome.answer : null;
    if (
      answer?.kind === "page" &&
      answer.status === 200 &&
      answer.cache.scope === "public" &&
      answer.cache.maxAge > 0 &&
      answer.buildId === state.fragmentBuild
    ) {
      const body = JSON.stringify(answer);
      await store(
        key,
        { status: 200, headers: [["content-type", "application/json"]], body, nonce: null },
        answer.cache.maxAge,
      );
    }
    return outcome;
  }).value;
}

const SECTIONS_TTL_MS = 30_000;
let sectionsCache: { at: number; version: string | null; sections: NavSection[] } | null = null;

/**
 * Sections for the masthead; the page still renders (with an empty menu) if the API fails.
 * Kept for 30 s, or for as long as the content version stays the same when it is known (so a
 * page kept at the edge never carries the menu of an older version).
 */
export async function loadNavSections(
  env: ShellEnv,
  requestId: string,
  contentVersion: string | null = null,
): Promise<NavSection[]> {
  const now = Date.now();
  const fresh = contentVersion
    ? sectionsCache?.version === contentVersion
    : sectionsCache !== null && now - sectionsCache.at < SECTIONS_TTL_MS;
  if (sectionsCache && fresh) return sectionsCache.sections;
  try {
    const result = await createApiClient(env.API, requestId).sections();
    if (!result.ok) return sectionsCache?.sections ?? [];
    const sections = result.data.sections.map(({ slug, name }) => ({ slug, name }));
    sectionsCache = { at: now, version: contentVersion, sections };
    return sections;
  } catch (error) {
    console.error(JSON.stringify({ event: "sections_failed", requestId, detail: String(error) }));
    return sectionsCache?.sections ?? [];
  }
}
