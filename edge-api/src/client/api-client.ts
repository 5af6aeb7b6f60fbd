import { hc } from "hono/client";
import type {
  ArticleResponse,
  AuthorResponse,
  CategoryResponse,
  ContentVersionResponse,
  EditionCalendarResponse,
  EditionResponse,
  FeedResponse,
  HomeResponse,
  NearestEditionsResponse,
  NewsSitemapResponse,
  PageResponse,
  SearchResponse,
  SectionResponse,
  SectionsResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
  TagResponse,
} from "../domain/api-types.ts";
import type { ArticleCard } from "../domain/api-types.ts";
import type {
  AccountView,
  PublicSigningKey,
  SessionView,
  TokenPair,
} from "../domain/auth-types.ts";
import type { AppType } from "../worker/api-worker.ts";

/**
 * The API as the fragments and the shell see it. Callers pass the service binding to
 * edge-api; nothing here touches the database. Requests are built by Hono's typed client
 * from the worker's own route types, so a renamed route or parameter fails to compile here.
 */
export type ApiResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      code: string;
      /** `weak_password` only: too_short | too_long | common | site_name. */
      reason?: string;
      /** `rate_limited` only: seconds from the Retry-After header. */
      retryAfter?: number;
    };

/** The reader the call is made for: forwarded as `cf-connecting-ip` and `user-agent`. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface OutboxMessageView {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface ApiFetcher {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

const API_ORIGIN = "https://edge-api.internal";

export interface ApiClient {
  /** What readers see right now, as an opaque string (the edge cache keys on it). */
  contentVersion(): Promise<ApiResult<ContentVersionResponse>>;
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
  /** Dates of the published editions of a month (`YYYY-MM`). */
  editionCalendar(month: string): Promise<ApiResult<EditionCalendarResponse>>;
  /** The published editions either side of `date` (`YYYY-MM-DD`), and whether it has one. */
  nearestEditions(date: string): Promise<ApiResult<NearestEditionsResponse>>;
  /** Full-text search; `cursor` is the `nextCursor` of the previous page. */
  search(q: string, cursor?: string): Promise<ApiResult<SearchResponse>>;
  /** The newest 50 articles of the site, or of one section, author or tag. */
  feed(filter?: FeedFilter): Promise<ApiResult<FeedResponse>>;
  sitemapIndex(): Promise<ApiResult<SitemapIndexResponse>>;
  /** Article sitemap page, from 1 to `articlePages` of the index. */
  sitemapArticles(page: number): Promise<ApiResult<SitemapArticlesResponse>>;
  newsSitemap(): Promise<ApiResult<NewsSitemapResponse>>;
  // Accounts (auth-types.ts). `info` is the reader's address and browser; `accessToken`
  // (Bearer) is needed by the account calls and ignored by the others.
  signUp(
    body: { email: string; displayName: string; password: string },
    info: ClientInfo,
  ): Promise<
    ApiResult<
      { status: "created"; tokens: TokenPair; account: AccountView } | { status: "check-email" }
    >
  >;
  login(
    body: { email: string; password: string },
    info: ClientInfo,
  ): Promise<ApiResult<{ tokens: TokenPair; account: AccountView }>>;
  refresh(refreshToken: string, info: ClientInfo): Promise<ApiResult<{ tokens: TokenPair }>>;
  logout(refreshToken: string, info: ClientInfo): Promise<ApiResult<null>>;
  jwks(): Promise<ApiResult<{ keys: PublicSigningKey[] }>>;
  verifyEmail(token: string, info: ClientInfo): Promise<ApiResult<{ account: AccountView }>>;
  resendVerification(info: ClientInfo, accessToken?: string): Promise<ApiResult<CheckEmail>>;
  forgotPassword(email: string, info: ClientInfo): Promise<ApiResult<CheckEmail>>;
  resetPassword(
    body: { token: string; password: string },
    info: ClientInfo,
  ): Promise<ApiResult<{ status: "reset" }>>;
  confirmEmail(token: string, info: ClientInfo): Promise<ApiResult<{ account: AccountView }>>;
  account(info: ClientInfo, accessToken?: string): Promise<ApiResult<{ account: AccountView }>>;
  updateAccount(
    body: { displayName: string },
    info: ClientInfo,
    accessToken?: string,
  ): Promise<ApiResult<{ account: AccountView }>>;
  changeEmail(
    body: { newEmail: string; currentPassword: string },
    info: ClientInfo,
    accessToken?: string,
  ): Promise<ApiResult<CheckEmail>>;
  changePassword(
    body: { currentPassword: string; newPassword: string },
    info: ClientInfo,
    accessToken?: string,
  ): Promise<ApiResult<{ tokens: TokenPair }>>;
  sessions(info: ClientInfo, accessToken?: string): Promise<ApiResult<{ sessions: SessionView[] }>>;
  endSession(id: string, info: ClientInfo, accessToken?: string): Promise<ApiResult<null>>;
  endAllSessions(info: ClientInfo, accessToken?: string): Promise<ApiResult<null>>;
  savedArticles(
    info: ClientInfo,
    accessToken?: string,
  ): Promise<ApiResult<{ articles: ArticleCard[] }>>;
  saveArticle(slug: string, info: ClientInfo, accessToken?: string): Promise<ApiResult<null>>;
  unsaveArticle(slug: string, info: ClientInfo, accessToken?: string): Promise<ApiResult<null>>;
  deleteAccount(
    body: { password: string },
    info: ClientInfo,
    accessToken?: string,
  ): Promise<ApiResult<null>>;
  /** Development only (404 elsewhere): the outbox, newest first. */
  devOutbox(to?: string): Promise<ApiResult<{ messages: OutboxMessageView[] }>>;
}

type CheckEmail = { status: "check-email" };

/** 201 `created` (signed in) or 202 `check-email` (the address already has an account). */
export type SignUpAnswer =
  { status: "created"; tokens: TokenPair; account: AccountView } | { status: "check-email" };

/** At most one of these; none means the whole site. */
export type FeedFilter = { section: string } | { author: string } | { tag: string } | undefined;

interface JsonResponse<T> {
  ok: boolean;
  status: number;
  headers: Headers;
  json(): Promise<T>;
}

function errorFieldOf(body: unknown, field: "code" | "reason"): string | undefined {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const error: unknown = body.error;
  if (typeof error !== "object" || error === null || !(field in error)) return undefined;
  const value: unknown = (error as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

async function failure<T>(response: JsonResponse<unknown>): Promise<ApiResult<T>> {
  let body: unknown;
  try {
    body = (await response.json()) as unknown;
  } catch {
    // A non-JSON error body keeps the generic code.
  }
  const result: ApiResult<T> = {
    ok: false,
    status: response.status,
    code: errorFieldOf(body, "code") ?? "unknown_error",
  };
  const reason = errorFieldOf(body, "reason");
  if (reason) result.reason = reason;
  const retryAfter = Number(response.headers.get("retry-after"));
  if (response.status === 429 && retryAfter > 0) result.retryAfter = retryAfter;
  return result;
}

async function settle<T>(pending: Promise<JsonResponse<T>>): Promise<ApiResult<T>> {
  const response = await pending;
  if (response.ok) return { ok: true, data: await response.json() };
  return failure(response);
}

/** For answers without a body (204). */
async function settleEmpty(pending: Promise<JsonResponse<unknown>>): Promise<ApiResult<null>> {
  const response = await pending;
  if (response.ok) return { ok: true, data: null };
  return failure(response);
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
  // The reader's address and browser, and the access token when there is one.
  const as = (info: ClientInfo, accessToken?: string) => ({
    headers: {
      ...headers,
      "cf-connecting-ip": info.ip,
      "user-agent": info.userAgent,
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
  });
  return {
    contentVersion: () => settle(api["content-version"].$get({ query: {} })),
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
    editionCalendar: (month) => settle(api.editions.calendar.$get({ query: { month } })),
    nearestEditions: (date) => settle(api.editions.nearest.$get({ query: { date } })),
    search: (q, cursor) =>
      settle(api.search.$get({ query: cursor === undefined ? { q } : { q, cursor } })),
    feed: (filter) => settle(api.feeds.$get({ query: filter ?? {} })),
    sitemapIndex: () => settle(api.sitemap.$get({ query: {} })),
    sitemapArticles: (page) =>
      settle(api.sitemap.articles[":page"].$get({ param: { page: seg(String(page)) }, query: {} })),
    newsSitemap: () => settle(api.sitemap.news.$get({ query: {} })),
    signUp: (json, info) => settle<SignUpAnswer>(api.auth["sign-up"].$post({ json }, as(info))),
    login: (json, info) => settle(api.auth.login.$post({ json }, as(info))),
    refresh: (refreshToken, info) =>
      settle(api.auth.refresh.$post({ json: { refreshToken } }, as(info))),
    logout: (refreshToken, info) =>
      settleEmpty(api.auth.logout.$post({ json: { refreshToken } }, as(info))),
    jwks: () => settle(api.auth.jwks.$get()),
    verifyEmail: (token, info) =>
      settle(api.auth["verify-email"].$post({ json: { token } }, as(info))),
    resendVerification: (info, token) =>
      settle(api.auth["resend-verification"].$post(undefined, as(info, token))),
    forgotPassword: (email, info) =>
      settle(api.auth["forgot-password"].$post({ json: { email } }, as(info))),
    resetPassword: (json, info) => settle(api.auth["reset-password"].$post({ json }, as(info))),
    confirmEmail: (token, info) =>
      settle(api.auth["confirm-email"].$post({ json: { token } }, as(info))),
    account: (info, token) => settle(api.account.$get(undefined, as(info, token))),
    updateAccount: (json, info, token) => settle(api.account.$patch({ json }, as(info, token))),
    changeEmail: (json, info, token) => settle(api.account.email.$post({ json }, as(info, token))),
    changePassword: (json, info, token) =>
      settle(api.account.password.$post({ json }, as(info, token))),
    sessions: (info, token) => settle(api.account.sessions.$get(undefined, as(info, token))),
    endSession: (id, info, token) =>
      settleEmpty(api.account.sessions[":id"].$delete({ param: { id: seg(id) } }, as(info, token))),
    endAllSessions: (info, token) =>
      settleEmpty(api.account.sessions["end-all"].$post(undefined, as(info, token))),
    savedArticles: (info, token) => settle(api.account.saved.$get(undefined, as(info, token))),
    saveArticle: (slug, info, token) =>
      settleEmpty(api.account.saved[":slug"].$put({ param: { slug: seg(slug) } }, as(info, token))),
    unsaveArticle: (slug, info, token) =>
      settleEmpty(
        api.account.saved[":slug"].$delete({ param: { slug: seg(slug) } }, as(info, token)),
      ),
    deleteAccount: (json, info, token) =>
      settleEmpty(api.account.delete.$post({ json }, as(info, token))),
    devOutbox: (to) => settle(api.dev.outbox.$get({ query: to === undefined ? {} : { to } })),
  };
}
