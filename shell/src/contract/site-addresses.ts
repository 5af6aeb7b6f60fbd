import type { FragmentName } from "./fragment-names.ts";

/**
 * The site's addresses, written once (decision 0011). Every link, redirect, feed, sitemap and
 * email address is built from this table with `hrefFor`, and the shell routes by it
 * (`src/routes/route-table.ts`). It is data only, with no zod and no react-router, because the
 * browser code of every fragment imports it.
 *
 * Path patterns: `:name` is a parameter; it runs to the next `/` or `.`, so
 * `/feeds/tags/:slug.xml` has the parameter `slug`. Page patterns use whole-segment parameters
 * only, because react-router matches them.
 */

/**
 * Who may open a newsroom page (issue 13, decision 0015). The shell gives every newsroom page
 * its own chrome, `no-store`, `noindex` and no edge cache, and keeps the door:
 * - `open`: anyone (accepting an invitation);
 * - `second-factor`: staff signed in with their password (entering or enrolling the code);
 * - `staff`: staff whose session passed the second factor. Anonymous visitors are sent to
 *   `/login?next=…`, readers get 403, staff without the second factor go to
 *   `/newsroom/sign-in?next=…`. Which role may do what is the API's to decide.
 */
export type NewsroomAccess = "open" | "second-factor" | "staff";

interface PageRouteShape {
  readonly path: `/${string}`;
  readonly fragment: FragmentName;
  readonly newsroom?: NewsroomAccess;
  /**
   * The page takes a file in a multipart form (issue 16: the media library's upload). The shell
   * streams such a form's body to the fragment as it arrives (decision 0022, "Upload through the
   * shell"); every other page refuses multipart with 415.
   */
  readonly uploads?: true;
}

/**
 * Every page of the site and the fragment that renders it. react-router ranks matches, so a
 * static segment (`/authors/:slug`) always beats a parameter (`/:section/:category`); the ids
 * are stable names that code and logs use instead of paths.
 */
export const pageRoutes = {
  "content.home": { path: "/", fragment: "content" },
  "account.login": { path: "/login", fragment: "account" },
  "account.sign-up": { path: "/sign-up", fragment: "account" },
  "account.forgot-password": { path: "/forgot-password", fragment: "account" },
  "account.reset-password": { path: "/reset-password", fragment: "account" },
  "account.profile": { path: "/profile", fragment: "account" },
  "account.logout": { path: "/logout", fragment: "account" },
  "account.verify-email": { path: "/verify-email", fragment: "account" },
  "account.confirm-email": { path: "/confirm-email", fragment: "account" },
  "paper.today": { path: "/todays-paper", fragment: "paper" },
  "paper.edition": { path: "/todays-paper/:date", fragment: "paper" },
  /** One printed page of an edition (`A1`, `B12`), issue 17. */
  "paper.page": { path: "/todays-paper/:date/:page", fragment: "paper" },
  "content.search": { path: "/search", fragment: "content" },
  "content.newsroom": { path: "/newsroom", fragment: "content", newsroom: "staff" },
  "content.newsroom-new-story": {
    path: "/newsroom/stories/new",
    fragment: "content",
    newsroom: "staff",
  },
  "content.newsroom-story": {
    path: "/newsroom/stories/:id",
    fragment: "content",
    newsroom: "staff",
  },
  "content.newsroom-revisions": {
    path: "/newsroom/stories/:id/revisions",
    fragment: "content",
    newsroom: "staff",
  },
  "content.newsroom-live": {
    path: "/newsroom/stories/:id/live",
    fragment: "content",
    newsroom: "staff",
  },
  "content.newsroom-preview": {
    path: "/newsroom/preview/:token",
    fragment: "content",
    newsroom: "staff",
  },
  "content.newsroom-sections": {
    path: "/newsroom/sections",
    fragment: "content",
    newsroom: "staff",
  },
  "content.newsroom-authors": { path: "/newsroom/authors", fragment: "content", newsroom: "staff" },
  "content.newsroom-tags": { path: "/newsroom/tags", fragment: "content", newsroom: "staff" },
  "content.newsroom-front-page": {
    path: "/newsroom/front-page",
    fragment: "content",
    newsroom: "staff",
  },
  "content.newsroom-media": {
    path: "/newsroom/media",
    fragment: "content",
    newsroom: "staff",
    uploads: true,
  },
  "content.newsroom-media-item": {
    path: "/newsroom/media/:id",
    fragment: "content",
    newsroom: "staff",
  },
  // Importing a Ghost or WordPress publication (issue 18): admins only; the content fragment
  // answers everyone else 403 before asking the API, which refuses them too.
  "content.newsroom-import": {
    path: "/newsroom/import",
    fragment: "content",
    newsroom: "staff",
    uploads: true,
  },
  "content.newsroom-import-job": {
    path: "/newsroom/import/:id",
    fragment: "content",
    newsroom: "staff",
  },
  // The print desk (issue 17): editors and admins only; the API refuses contributors (403).
  "paper.newsroom-print": { path: "/newsroom/print", fragment: "paper", newsroom: "staff" },
  "paper.newsroom-print-template": {
    path: "/newsroom/print/template",
    fragment: "paper",
    newsroom: "staff",
  },
  "paper.newsroom-print-edition": {
    path: "/newsroom/print/:date",
    fragment: "paper",
    newsroom: "staff",
  },
  "account.newsroom-sign-in": {
    path: "/newsroom/sign-in",
    fragment: "account",
    newsroom: "second-factor",
  },
  "account.newsroom-join": { path: "/newsroom/join", fragment: "account", newsroom: "open" },
  "account.newsroom-staff": { path: "/newsroom/staff", fragment: "account", newsroom: "staff" },
  "account.newsroom-security": {
    path: "/newsroom/security",
    fragment: "account",
    newsroom: "staff",
  },
  "account.newsroom-audit": { path: "/newsroom/audit", fragment: "account", newsroom: "staff" },
  "content.authors": { path: "/authors", fragment: "content" },
  "content.author": { path: "/authors/:slug", fragment: "content" },
  "content.page": { path: "/pages/:slug", fragment: "content" },
  "content.tags": { path: "/tags", fragment: "content" },
  "content.tag": { path: "/tags/:slug", fragment: "content" },
  "content.section": { path: "/:section", fragment: "content" },
  "content.category": { path: "/:section/:category", fragment: "content" },
  "content.article": { path: "/:section/:category/:slug", fragment: "content" },
} as const satisfies Record<string, PageRouteShape>;

/** Who answers an address that is not a page: the content fragment or edge-api itself. */
export type PassthroughOwner = Extract<FragmentName, "content"> | "api";

interface PassthroughAddressShape {
  readonly path: `/${string}`;
  readonly owner: PassthroughOwner;
}

/**
 * Addresses that are not pages: the shell forwards them unchanged to their owner. An address
 * with a single segment is forwarded exactly; the others are forwarded by their first segment
 * (`/feeds/...`), so every address under one first segment must have the same owner.
 */
export const passthroughAddresses = {
  "content.robots": { path: "/robots.txt", owner: "content" },
  "content.sitemap-index": { path: "/sitemap.xml", owner: "content" },
  "content.sitemap-listings": { path: "/sitemaps/listings.xml", owner: "content" },
  "content.sitemap-articles": { path: "/sitemaps/articles-:page.xml", owner: "content" },
  "content.sitemap-news": { path: "/sitemaps/news.xml", owner: "content" },
  "content.feed-all": { path: "/feeds/all.xml", owner: "content" },
  "content.feed-section": { path: "/feeds/sections/:slug.xml", owner: "content" },
  "content.feed-author": { path: "/feeds/authors/:slug.xml", owner: "content" },
  "content.feed-tag": { path: "/feeds/tags/:slug.xml", owner: "content" },
  "api.image": { path: "/images/:file", owner: "api" },
} as const satisfies Record<string, PassthroughAddressShape>;

/**
 * First segments the shell answers before it looks at the table: the API, asset and internal
 * prefixes and files at the site root. No section may be called one of them.
 */
export const shellSegments = [
  "api",
  "_mf",
  "_shell",
  "_edge",
  "_fragment",
  "_dev",
  "favicon.ico",
  "favicon.svg",
] as const;

export type PageRouteId = keyof typeof pageRoutes;
export type PassthroughAddressId = keyof typeof passthroughAddresses;
export type AddressId = PageRouteId | PassthroughAddressId;

/** The path pattern of an address, as a literal type. */
export type PatternOf<Id extends AddressId> = Id extends PageRouteId
  ? (typeof pageRoutes)[Id]["path"]
  : Id extends PassthroughAddressId
    ? (typeof passthroughAddresses)[Id]["path"]
    : never;

type ParamName<Segment extends string> = Segment extends `${infer Name}.${string}` ? Name : Segment;

/** The parameter names of a path pattern: `"/:section/:category"` gives `"section" | "category"`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | PathParamNames<Tail>
    : ParamName<Rest>
  : never;

export type ParamValue = string | number;

export type AddressParams<Id extends AddressId> = {
  readonly [Name in PathParamNames<PatternOf<Id>>]: ParamValue;
};

/** A query string's fields (`undefined` ones are left out) or a `URLSearchParams`. */
export type AddressQuery =
  URLSearchParams | Readonly<Record<string, string | number | boolean | undefined>>;

/** `params` may be left out only when the address has none. */
export type HrefArguments<Id extends AddressId> = [PathParamNames<PatternOf<Id>>] extends [never]
  ? [params?: Readonly<Record<string, never>>, query?: AddressQuery]
  : [params: AddressParams<Id>, query?: AddressQuery];

/** Narrows a route id received as text (a render request's `routeId`). */
export function isPageRouteId(id: string): id is PageRouteId {
  return Object.hasOwn(pageRoutes, id);
}

/** Who may open the page `routeId` names, or null for a reader's page (or an unknown id). */
export function newsroomAccessOf(routeId: string): NewsroomAccess | null {
  if (!isPageRouteId(routeId)) return null;
  const route: PageRouteShape = pageRoutes[routeId];
  return route.newsroom ?? null;
}

/** True when the page `routeId` names takes a file in a multipart form (`uploads`). */
export function acceptsUploads(routeId: string): boolean {
  if (!isPageRouteId(routeId)) return false;
  const route: PageRouteShape = pageRoutes[routeId];
  return route.uploads === true;
}

function patternOf(id: AddressId): string {
  const route = (pageRoutes as Record<string, PageRouteShape>)[id];
  const other = (passthroughAddresses as Record<string, PassthroughAddressShape>)[id];
  const pattern = route?.path ?? other?.path;
  if (pattern === undefined) throw new Error(`hrefFor: no address "${id}"`);
  return pattern;
}

/** A parameter: `:` then a name that runs to the next `/`, `.` or the end. */
const PARAM = /:([A-Za-z][A-Za-z0-9]*)/g;

function encodeParam(id: AddressId, name: string, value: ParamValue | undefined): string {
  const text = value === undefined ? "" : String(value);
  // An empty value would make another address (`/authors/`), and URL parsing turns a `.` or
  // `..` segment into a step up the path even when percent-encoded, so none of them is a link.
  if (text === "" || text === "." || text === "..") {
    throw new Error(`hrefFor("${id}"): parameter "${name}" is ${JSON.stringify(text)}`);
  }
  return encodeURIComponent(text);
}

function searchOf(query: AddressQuery | undefined): string {
  if (query === undefined) return "";
  let search: URLSearchParams;
  if (query instanceof URLSearchParams) search = query;
  else {
    search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * The same-origin path of an address: `hrefFor("content.author", { slug: "ada" })` is
 * `/authors/ada`. Every parameter is percent-encoded; a missing, empty, `.` or `..` value
 * throws, since it would make a link to another address.
 */
export function hrefFor<Id extends AddressId>(id: Id, ...args: HrefArguments<Id>): string {
  const [params, query] = args as [Readonly<Record<string, ParamValue>> | undefined, AddressQuery?];
  const path = patternOf(id).replace(PARAM, (_, name: string) =>
    encodeParam(id, name, params?.[name]),
  );
  return `${path}${searchOf(query)}`;
}

/** The absolute URL of an address on the site's public origin (feeds, sitemaps, emails). */
export function urlFor<Id extends AddressId>(
  origin: string,
  id: Id,
  ...args: HrefArguments<Id>
): string {
  return new URL(hrefFor(id, ...args), origin).href;
}

/**
 * The id of a printed page's part of its edition (`page-B1`): the paper gives each page this
 * id (an article's "In print" line links to the page's own view, `paper.page`). A label is any
 * string in the API, so characters other than letters, digits, `-` and `_` are dropped: the
 * id stays valid HTML and needs no encoding in a URL.
 */
export function printPageAnchor(label: string): string {
  return `page-${label.replace(/[^A-Za-z0-9_-]/g, "")}`;
}

export interface AddressMatch<Id extends AddressId = AddressId> {
  id: Id;
  /** Decoded parameter values. */
  params: Record<string, string>;
}

let passthroughMatchers: { id: PassthroughAddressId; pattern: RegExp; names: string[] }[] | null =
  null;

function compilePassthrough() {
  return (Object.keys(passthroughAddresses) as PassthroughAddressId[]).map((id) => {
    const path = passthroughAddresses[id].path;
    const names = [...path.matchAll(PARAM)].map((match) => match[1] ?? "");
    const source = path
      .split(PARAM)
      .map((part, i) => (i % 2 === 1 ? "([^/]+)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    return { id, pattern: new RegExp(`^${source}$`), names };
  });
}

/**
 * Which non-page address `pathname` is, with its decoded parameters, or null. Owners use it to
 * read their addresses (`/feeds/tags/climate.xml` is `content.feed-tag`, slug `climate`)
 * instead of writing their shapes again; they still validate the values.
 */
export function matchPassthroughAddress(
  pathname: string,
): AddressMatch<PassthroughAddressId> | null {
  passthroughMatchers ??= compilePassthrough();
  for (const { id, pattern, names } of passthroughMatchers) {
    const values = pattern.exec(pathname);
    if (!values) continue;
    const params: Record<string, string> = {};
    try {
      names.forEach((name, i) => (params[name] = decodeURIComponent(values[i + 1] ?? "")));
    } catch {
      return null;
    }
    return { id, params };
  }
  return null;
}

/** The parts of the table that decide which words a section may not be called. */
export interface SiteTable {
  pages: Readonly<Record<string, { readonly path: string }>>;
  passthrough: Readonly<Record<string, { readonly path: string }>>;
  shellSegments: readonly string[];
}

export const siteTable: SiteTable = {
  pages: pageRoutes,
  passthrough: passthroughAddresses,
  shellSegments,
};

/**
 * Words that can never be a section slug, sorted: the static first segment of every page and
 * non-page address and every segment the shell answers itself. A section `/login` would be
 * hidden by the route, so edge-api refuses these (through `site-routes.generated.json`).
 */
export function reservedSectionSlugs(table: SiteTable = siteTable): string[] {
  const firstSegments = [...Object.values(table.pages), ...Object.values(table.passthrough)]
    .map((address) => address.path.split("/")[1] ?? "")
    .filter((segment) => segment !== "" && !segment.includes(":"));
  return [...new Set([...firstSegments, ...table.shellSegments])].sort();
}

/** Says where `edge-api/src/contract/site-routes.generated.json` comes from. */
export const SITE_ROUTES_COMMENT =
  "Generated from shell/src/contract/site-addresses.ts by `npm run generate:site-routes`; do not edit.";

/**
 * What edge-api gets from this table: it cannot import the shell (the shell depends on it), so
 * `scripts/generate-site-routes.ts` writes this as JSON into edge-api (decision 0011).
 */
export function siteRoutesManifest(table: SiteTable = siteTable): {
  $comment: string;
  reservedSectionSlugs: string[];
  pages: Record<string, string>;
} {
  return {
    $comment: SITE_ROUTES_COMMENT,
    reservedSectionSlugs: reservedSectionSlugs(table),
    pages: Object.fromEntries(Object.entries(table.pages).map(([id, page]) => [id, page.path])),
  };
}
