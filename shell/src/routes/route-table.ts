import { matchRoutes } from "react-router";
import type { FragmentName } from "../contract/fragment-contract.ts";

/**
 * The one route table of the site. react-router ranks matches, so a static segment
 * (`/authors/:slug`, `/todays-paper`) always beats a parameter (`/:section/:category`).
 */
export interface RouteDefinition {
  id: string;
  path: string;
  fragment: FragmentName;
}

export const routeTable: readonly RouteDefinition[] = [
  { id: "content.home", path: "/", fragment: "content" },
  { id: "account.login", path: "/login", fragment: "account" },
  { id: "account.sign-up", path: "/sign-up", fragment: "account" },
  { id: "account.forgot-password", path: "/forgot-password", fragment: "account" },
  { id: "account.reset-password", path: "/reset-password", fragment: "account" },
  { id: "account.profile", path: "/profile", fragment: "account" },
  { id: "account.logout", path: "/logout", fragment: "account" },
  { id: "account.verify-email", path: "/verify-email", fragment: "account" },
  { id: "account.confirm-email", path: "/confirm-email", fragment: "account" },
  { id: "paper.today", path: "/todays-paper", fragment: "paper" },
  { id: "paper.edition", path: "/todays-paper/:date", fragment: "paper" },
  { id: "content.search", path: "/search", fragment: "content" },
  { id: "content.author", path: "/authors/:slug", fragment: "content" },
  { id: "content.page", path: "/pages/:slug", fragment: "content" },
  { id: "content.tag", path: "/tags/:slug", fragment: "content" },
  { id: "content.section", path: "/:section", fragment: "content" },
  { id: "content.category", path: "/:section/:category", fragment: "content" },
  { id: "content.article", path: "/:section/:category/:slug", fragment: "content" },
];

/**
 * Static first segments of the route table and of the passthrough addresses; edge-api must
 * reserve every one of them as a section slug.
 */
export function staticFirstSegments(): string[] {
  const paths = [
    ...routeTable.map((route) => route.path),
    ...passthroughRoutes.map((r) => r.prefix),
  ];
  return [
    ...new Set(
      paths
        .map((path) => path.split("/")[1] ?? "")
        .filter((segment) => segment !== "" && !segment.startsWith(":")),
    ),
  ];
}

/**
 * Addresses that are not pages: a fragment (or the API) answers them directly, and the shell
 * only adds its security headers. Feeds, sitemaps and robots.txt belong to the content team;
 * generated images to the API.
 */
export interface PassthroughRoute {
  prefix: string;
  exact: boolean;
  target: "content" | "api";
}

export const passthroughRoutes: readonly PassthroughRoute[] = [
  { prefix: "/robots.txt", exact: true, target: "content" },
  { prefix: "/sitemap.xml", exact: true, target: "content" },
  { prefix: "/sitemaps/", exact: false, target: "content" },
  { prefix: "/feeds/", exact: false, target: "content" },
  { prefix: "/images/", exact: false, target: "api" },
];

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
