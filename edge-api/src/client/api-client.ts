import { hc } from "hono/client";
import type {
  ArticleResponse,
  AuthorResponse,
  CategoryResponse,
  EditionResponse,
  FeedResponse,
  HomeResponse,
  NewsSitemapResponse,
  PageResponse,
  SearchResponse,
  SectionResponse,
  SectionsResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
  TagResponse,
} from "../domain/api-types.ts";
import type { AppType } from "../worker/api-worker.ts";

/**
 * The API as the fragments and the shell see it. Callers pass the service binding to
 * edge-api; nothing here touches the database. Requests are built by Hono's typed client
 * from the worker's own route types, so a renamed route or parameter fails to compile here.
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; code: string };

export interface ApiFetcher {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

const API_ORIGIN = "https://edge-api.internal";

export interface ApiClient {
  sections(): Promise<ApiResult<SectionsResponse>>;
  home(): Promise<ApiResult<HomeResponse>>;
  section(section: string, before?: string): Promise<ApiResult<SectionResponse>>;
  category(
    section: string,
    category: string,
    before?: string,
  ): Promise<ApiResult<CategoryResponse>>;
  article(slug: string): Promise<ApiResult<ArticleResponse>>;
  author(slug: string, before?: string): Promise<ApiResult<AuthorResponse>>;
  tag(slug: string, before?: string): Promise<ApiResult<TagResponse>>;
  page(slug: string): Promise<ApiResult<PageResponse>>;
  /** The newest edition published on or before `date` (`YYYY-MM-DD`). */
  latestEdition(onOrBefore: string): Promise<ApiResult<EditionResponse>>;
  edition(date: string): Promise<ApiResult<EditionResponse>>;
  /** Full-text search; `cursor` is the `nextCursor` of the previous page. */
  search(q: string, cursor?: string): Promise<ApiResult<SearchResponse>>;
  /** The newest 50 articles of the site, or of one section, author or tag. */
  feed(filter?: FeedFilter): Promise<ApiResult<FeedResponse>>;
  sitemapIndex(): Promise<ApiResult<SitemapIndexResponse>>;
  /** Article sitemap page, from 1 to `articlePages` of the index. */
  sitemapArticles(page: number): Promise<ApiResult<SitemapArticlesResponse>>;
  newsSitemap(): Promise<ApiResult<NewsSitemapResponse>>;
}

/** At most one of these; none means the whole site. */
export type FeedFilter = { section: string } | { author: string } | { tag: string } | undefined;

interface JsonResponse<T> {
  ok: boolean;
  status: number;
  json(): Promise<T>;
}

function errorCodeOf(body: unknown): string {
  if (typeof body !== "object" || body === null || !("error" in body)) return "unknown_error";
  const error = body.error;
  if (typeof error !== "object" || error === null || !("code" in error)) return "unknown_error";
  return typeof error.code === "string" ? error.code : "unknown_error";
}

async function settle<T>(pending: Promise<JsonResponse<T>>): Promise<ApiResult<T>> {
  const response = await pending;
  if (response.ok) return { ok: true, data: await response.json() };
  let body: unknown;
  try {
    body = (await response.json()) as unknown;
  } catch {
    // A non-JSON error body keeps the generic code.
  }
  return { ok: false, status: response.status, code: errorCodeOf(body) };
}

export function createApiClient(fetcher: ApiFetcher, requestId?: string): ApiClient {
  const headers: Record<string, string> = { accept: "application/json" };
  if (requestId) headers["x-request-id"] = requestId;
  const viaBinding = (input: RequestInfo | URL, init?: RequestInit) =>
    fetcher.fetch(input instanceof URL ? input.href : input, init);
  const { api } = hc<AppType>(API_ORIGIN, { fetch: viaBinding as typeof fetch, headers });
  // hc pastes parameters into the path verbatim, so each one is encoded here.
  const seg = encodeURIComponent;
  const listing = (before: string | undefined) => (before === undefined ? {} : { before });
  return {
    sections: () => settle(api.sections.$get({ query: {} })),
    home: () => settle(api.home.$get({ query: {} })),
    section: (section, before) =>
      settle(
        api.sections[":section"].$get({ param: { section: seg(section) }, query: listing(before) }),
      ),
    category: (section, category, before) =>
      settle(
        api.sections[":section"].categories[":category"].$get({
          param: { section: seg(section), category: seg(category) },
          query: listing(before),
        }),
      ),
    article: (slug) =>
      settle(api.articles[":slug"].$get({ param: { slug: seg(slug) }, query: {} })),
    author: (slug, before) =>
      settle(api.authors[":slug"].$get({ param: { slug: seg(slug) }, query: listing(before) })),
    tag: (slug, before) =>
      settle(api.tags[":slug"].$get({ param: { slug: seg(slug) }, query: listing(before) })),
    page: (slug) => settle(api.pages[":slug"].$get({ param: { slug: seg(slug) }, query: {} })),
    latestEdition: (onOrBefore) => settle(api.editions.latest.$get({ query: { onOrBefore } })),
    edition: (date) =>
      settle(api.editions[":date"].$get({ param: { date: seg(date) }, query: {} })),
    search: (q, cursor) =>
      settle(api.search.$get({ query: cursor === undefined ? { q } : { q, cursor } })),
    feed: (filter) => settle(api.feeds.$get({ query: filter ?? {} })),
    sitemapIndex: () => settle(api.sitemap.$get({ query: {} })),
    sitemapArticles: (page) =>
      settle(api.sitemap.articles[":page"].$get({ param: { page: seg(String(page)) }, query: {} })),
    newsSitemap: () => settle(api.sitemap.news.$get({ query: {} })),
  };
}
