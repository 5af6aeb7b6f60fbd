import type { FragmentName } from "../contract/fragment-contract.ts";
import {
  NEWSROOM_FORBIDDEN_TITLE,
  NOT_FOUND_TITLE,
  UNAVAILABLE_TITLE,
  statusPageTitle,
} from "../ui/status-pages.tsx";
import type { Composition, NavigationHead, PageHead } from "./compose-page.ts";
import { NO_STORE } from "./http-answers.ts";
import type { ShellConfig } from "./shell-env.ts";

const RETRY_AFTER_SECONDS = 30;

function statusHead(title: string, config: ShellConfig, path: string): PageHead {
  return {
    title: statusPageTitle(title, config.PUBLICATION_NAME),
    description: "",
    canonical: `${config.PUBLIC_ORIGIN}${path}`,
    robots: "noindex",
    meta: [],
    links: [],
    jsonLd: [],
  };
}

/** The shell's 404 page: no route, or the fragment found nothing. */
export function notFound(config: ShellConfig, path: string): Composition {
  const head = statusHead(NOT_FOUND_TITLE, config, path);
  return {
    kind: "page",
    status: 404,
    head,
    navigation: { outcome: "not-found", head: navigationHead(head) },
    html: null,
    cacheControl: NO_STORE,
    retryAfter: null,
    session: null,
    edgeTtl: null,
  };
}

/** The newsroom's door turned a reader away: the shell's own 403 page. */
export function newsroomForbidden(config: ShellConfig, path: string): Composition {
  const head = statusHead(NEWSROOM_FORBIDDEN_TITLE, config, path);
  return {
    kind: "page",
    status: 403,
    head: { ...head, robots: "noindex, nofollow" },
    navigation: { outcome: "forbidden", head: navigationHead(head) },
    html: null,
    cacheControl: NO_STORE,
    retryAfter: null,
    session: null,
    edgeTtl: null,
  };
}

/** The shell's 503 region: the fragment failed, timed out or broke its contract. */
export function unavailable(
  config: ShellConfig,
  fragment: FragmentName,
  path: string,
): Composition {
  const head = statusHead(UNAVAILABLE_TITLE, config, path);
  return {
    kind: "page",
    status: 503,
    head,
    navigation: { outcome: "unavailable", fragment, head: navigationHead(head) },
    html: null,
    cacheControl: NO_STORE,
    retryAfter: RETRY_AFTER_SECONDS,
    session: null,
    edgeTtl: null,
  };
}

/** What the browser needs of a head on navigation: the rest is in the server's document only. */
export function navigationHead(head: PageHead): NavigationHead {
  return { title: head.title, description: head.description, canonical: head.canonical };
}
