import { matchRoutes } from "react-router";
import type { FragmentName } from "../contract/fragment-contract.ts";
import {
  pageRoutes,
  passthroughAddresses,
  type NewsroomAccess,
  type PassthroughOwner,
} from "../contract/site-addresses.ts";

/**
 * The shell's routing over the one table of addresses (`src/contract/site-addresses.ts`,
 * decision 0011): which fragment renders a page, and which addresses are forwarded unchanged.
 * Nothing here writes a path; it is all derived from the table.
 */
export interface RouteDefinition {
  id: string;
  path: string;
  fragment: FragmentName;
  /** Who may open it, for newsroom pages (their own chrome, door and headers); null for readers' pages. */
  newsroom: NewsroomAccess | null;
  /** Takes a file in a multipart form, streamed to the fragment (decision 0022). */
  uploads: boolean;
}

export const routeTable: readonly RouteDefinition[] = Object.entries(pageRoutes).map(
  ([id, route]) => ({
    id,
    path: route.path,
    fragment: route.fragment,
    newsroom: "newsroom" in route ? route.newsroom : null,
    uploads: "uploads" in route && route.uploads === true,
  }),
);

/**
 * Addresses that are not pages: a fragment (or the API) answers them directly, and the shell
 * only adds its security headers. Feeds, sitemaps and robots.txt belong to the content team;
 * generated images to the API.
 */
export interface PassthroughRoute {
  prefix: string;
  exact: boolean;
  target: PassthroughOwner;
}

/**
 * One entry per first segment of the non-page addresses: a one-segment address
 * (`/robots.txt`) is forwarded exactly, a deeper one by its first segment (`/feeds/`).
 */
function passthroughAreas(): PassthroughRoute[] {
  const areas = new Map<string, PassthroughRoute>();
  for (const [id, address] of Object.entries(passthroughAddresses)) {
    const [, first = "", ...rest] = address.path.split("/");
    const area: PassthroughRoute =
      rest.length === 0
        ? { prefix: `/${first}`, exact: true, target: address.owner }
        : { prefix: `/${first}/`, exact: false, target: address.owner };
    const known = areas.get(area.prefix);
    if (known && known.target !== area.target) {
      throw new Error(`${id}: every address under ${area.prefix} must have one owner`);
    }
    areas.set(area.prefix, area);
  }
  return [...areas.values()];
}

export const passthroughRoutes: readonly PassthroughRoute[] = passthroughAreas();

export function matchPassthrough(pathname: string): PassthroughRoute | null {
  return (
    passthroughRoutes.find((route) =>
      route.exact ? pathname === route.prefix : pathname.startsWith(route.prefix),
    ) ?? null
  );
}

export interface RouteMatchResult {
  route: RouteDefinition;
  params: Record<string, string>;
}

const matchable = routeTable.map((route) => ({ id: route.id, path: route.path }));
const byId = new Map(routeTable.map((route) => [route.id, route]));

const MATCH_MEMO_SIZE = 2_000;
const matchMemo = new Map<string, RouteMatchResult | null>();

/**
 * The route that owns `pathname`, or null. react-router ranks the whole table on every call, so
 * the Worker remembers the answers for recently asked addresses (most recently used kept).
 */
export function matchRoute(pathname: string): RouteMatchResult | null {
  const known = matchMemo.get(pathname);
  if (known !== undefined) {
    matchMemo.delete(pathname);
    matchMemo.set(pathname, known);
    return known;
  }
  const result = matchUncached(pathname);
  matchMemo.set(pathname, result);
  if (matchMemo.size > MATCH_MEMO_SIZE) {
    const oldest = matchMemo.keys().next().value;
    if (oldest !== undefined) matchMemo.delete(oldest);
  }
  return result;
}

/**
 * True when `pathname` is a newsroom page. The newsroom has its own chrome, so moving between
 * it and the readers' pages is a full page load, never a client-side navigation.
 */
export function isNewsroomPath(pathname: string): boolean {
  return (matchRoute(pathname)?.route.newsroom ?? null) !== null;
}

function matchUncached(pathname: string): RouteMatchResult | null {
  const matches = matchRoutes(matchable, pathname);
  const last = matches?.at(-1);
  if (!last) return null;
  const route = byId.get(last.route.id);
  if (!route) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(last.params)) {
    if (typeof value === "string") params[key] = value;
  }
  return { route, params };
}
