import {
  apiEndpoints,
  fillPath,
  type AnswerOf,
  type BodyOf,
  type EndpointName,
  type ParamsOf,
  type QueryOf,
} from "./api-endpoints.ts";
import { DEVICE_TOKEN_HEADER } from "./account-contract.ts";
import { ApiErrorBodySchema } from "./content-contract.ts";
import { MediaItemSchema, type MediaItem } from "./media-contract.ts";
import {
  ImportAnswerSchema,
  type ImportAnswer,
  type ImportUploadQuery,
} from "./import-contract.ts";
import type { SearchParams } from "./search-contract.ts";

/**
 * The one client of the API, for every Worker that calls it over its service binding (the
 * shell and the three fragments). Requests are built from the endpoint table; every answer is
 * checked against the endpoint's schema. An answer that does not match throws an
 * `ApiContractError`: the caller's render fails and the shell shows its "unavailable" region,
 * never a page built from data of the wrong shape (docs/decisions/0012-one-api-contract.md).
 */

export interface ApiFetcher {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

/** The reader the call is made for: sent as `cf-connecting-ip` and `user-agent`. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** The browser's device token (its `__Host-device` cookie), sent as `x-device-token`. */
  deviceToken?: string;
}

export interface CallContext {
  requestId?: string;
  /** The reader's address and browser, for rate limits and session descriptions. */
  client?: ClientInfo;
  /** The reader's access token, sent on endpoints that need a signed-in account holder. */
  accessToken?: string | null;
  /** Cancels the call (`AbortSignal.timeout(ms)` for a call with a time budget). */
  signal?: AbortSignal;
}

export type ApiFailure = {
  ok: false;
  status: number;
  code: string;
  /** `weak_password` only: one of `WEAK_PASSWORD_REASONS` (account-contract.ts). */
  reason?: string;
  /** `rate_limited` only: seconds from the Retry-After header. */
  retryAfter?: number;
  /** Newsroom writes: the field that is wrong, when the API names one. */
  field?: string;
  /**
   * The API's own sentence (`error.message`), when its body had one: newsroom screens show it
   * as it is where it names what is wrong ("Page A3 has no stories.").
   */
  message?: string;
};
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

/** The API answered 2xx with a body its own contract does not allow. */
export class ApiContractError extends Error {
  readonly code = "api_contract_violation";
  constructor(
    readonly endpoint: EndpointName,
    detail: string,
  ) {
    super(`edge-api ${endpoint}: the answer breaks the contract (${detail})`);
    this.name = "ApiContractError";
  }
}

const API_ORIGIN = "https://edge-api.internal";
/** Only the login reads the device token, so no other call carries it. */
const DEVICE_TOKEN_ENDPOINTS: ReadonlySet<EndpointName> = new Set(["login"]);

type Input<N extends EndpointName> = ([keyof ParamsOf<N>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<N> }) &
  ([BodyOf<N>] extends [never] ? { body?: undefined } : { body: BodyOf<N> }) & {
    query?: QueryOf<N>;
  };

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 86_400) : undefined;
}

async function failureOf(response: Response): Promise<ApiFailure> {
  const body = ApiErrorBodySchema.safeParse(await response.json().catch(() => null));
  const retryAfter = response.status === 429 ? retryAfterOf(response) : undefined;
  return {
    ok: false,
    status: response.status,
    code: body.success ? body.data.error.code : "unknown_error",
    ...(body.success && body.data.error.reason ? { reason: body.data.error.reason } : {}),
    ...(body.success && body.data.error.field ? { field: body.data.error.field } : {}),
    ...(body.success && body.data.error.message ? { message: body.data.error.message } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

function urlOf(path: string, query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    // A repeated parameter (an import's `section` rules) is an array: one pair each.
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return `${API_ORIGIN}${path}${text ? `?${text}` : ""}`;
}

/** What every call carries: its request id, the reader's address and browser, the token. */
function contextHeaders(context: CallContext, signedIn: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (context.requestId) headers["x-request-id"] = context.requestId;
  if (context.client) {
    headers["cf-connecting-ip"] = context.client.ip;
    headers["user-agent"] = context.client.userAgent;
  }
  if (signedIn && context.accessToken) headers.authorization = `Bearer ${context.accessToken}`;
  return headers;
}

/** A photograph to upload: its bytes as they arrived, how many, and the fields. */
export interface MediaUpload {
  body: ReadableStream<Uint8Array>;
  length: number;
  /** As `MediaUploadQuerySchema` takes them; an empty caption or credit is left out. */
  query: { alt: string; caption?: string; credit?: string };
}

/** A refused upload, with the API's own words for the newsroom to show. */
export type MediaUploadFailure = ApiFailure & { message: string };

/**
 * `POST /api/newsroom/media` (decision 0022): the one call whose body is not JSON but the
 * photograph's raw bytes, streamed, with alt, caption and credit in the query; so it is not a
 * row of `apiEndpoints`. A refusal keeps the API's message (413, 415 and 422 say what is wrong
 * with the file in words the newsroom shows as they are).
 */
export async function uploadMedia(
  fetcher: ApiFetcher,
  upload: MediaUpload,
  context: CallContext = {},
): Promise<{ ok: true; status: number; data: MediaItem } | MediaUploadFailure> {
  const response = await postRawBytes(fetcher, "/api/newsroom/media", upload, context);
  if (!response.ok) return refusedUpload(response);
  const parsed = MediaItemSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiContractError("mediaItem", "the upload's answer");
  return { ok: true, status: response.status, data: parsed.data };
}

/** A file's bytes, streamed with their length (the API needs it before the first byte). */
function postRawBytes(
  fetcher: ApiFetcher,
  path: string,
  upload: { body: ReadableStream<Uint8Array>; length: number; query: object },
  context: CallContext,
): Promise<Response> {
  const headers = contextHeaders(context, true);
  headers["content-type"] = "application/octet-stream";
  headers["content-length"] = String(upload.length);
  return fetcher.fetch(urlOf(path, { ...upload.query }), {
    method: "POST",
    headers,
    body: upload.body,
    ...(context.signal ? { signal: context.signal } : {}),
  });
}

/** An upload's refusal keeps the API's sentence: it says what is wrong with the file. */
async function refusedUpload(response: Response): Promise<ApiFailure & { message: string }> {
  const failure = await failureOf(response);
  return { ...failure, message: failure.message ?? "" };
}

/** An export to import (issue 18): its bytes as they arrived, how many, and the query. */
export interface ImportUpload {
  body: ReadableStream<Uint8Array>;
  length: number;
  query: ImportUploadQuery;
}

/**
 * `POST /api/newsroom/imports` (import-contract.ts): like `uploadMedia`, the export's raw bytes,
 * streamed with their length (the API streams them into storage and needs it first). A refusal
 * keeps the API's message: 413 and 422 say what is wrong with the file, in the newsroom's words.
 */
export async function uploadImport(
  fetcher: ApiFetcher,
  upload: ImportUpload,
  context: CallContext = {},
): Promise<{ ok: true; status: number; data: ImportAnswer } | (ApiFailure & { message: string })> {
  const response = await postRawBytes(fetcher, "/api/newsroom/imports", upload, context);
  if (!response.ok) return refusedUpload(response);
  const parsed = ImportAnswerSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiContractError("importJob", "the upload's answer");
  return { ok: true, status: response.status, data: parsed.data };
}

/** One call of one endpoint; `call` of the client below. */
export async function callApi<N extends EndpointName>(
  fetcher: ApiFetcher,
  name: N,
  input: Input<N>,
  context: CallContext = {},
): Promise<ApiResult<AnswerOf<N>>> {
  const endpoint = apiEndpoints[name];
  const headers = contextHeaders(context, endpoint.signedIn);
  if (context.client?.deviceToken && DEVICE_TOKEN_ENDPOINTS.has(name)) {
    headers[DEVICE_TOKEN_HEADER] = context.client.deviceToken;
  }
  if (input.body !== undefined) headers["content-type"] = "application/json";
  const path = fillPath(endpoint.path, (input.params ?? {}) as Record<string, string | number>);
  const response = await fetcher.fetch(urlOf(path, input.query), {
    method: endpoint.method,
    headers,
    ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
    ...(context.signal ? { signal: context.signal } : {}),
  });
  if (!response.ok) return failureOf(response);
  if (endpoint.answer === null) {
    await response.body?.cancel();
    return { ok: true, status: response.status, data: null as AnswerOf<N> };
  }
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = endpoint.answer.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? `${first.path.join(".") || "(root)"}: ${first.message}` : "no body";
    throw new ApiContractError(name, where.slice(0, 300));
  }
  return { ok: true, status: response.status, data: parsed.data as AnswerOf<N> };
}

/** A listing's page: older than `before`, newer than `after`, or (neither) the newest. */
export type ListingPage = {
  before?: string | undefined;
  after?: string | undefined;
};

/** The fields of `value` that are set: optional query parameters are left out, not sent empty. */
function definedOnly<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

/** At most one of these; none means the whole site. */
export type FeedFilter = { section: string } | { author: string } | { tag: string } | undefined;

/**
 * The API as named calls, bound to one request's context (or just its request id). Each is one line over `callApi`;
 * a new endpoint is a row of `apiEndpoints` and a line here.
 */
export function createApiClient(fetcher: ApiFetcher, context: CallContext | string = {}) {
  // A bare string is the request id: enough for public reads.
  if (typeof context === "string") context = { requestId: context };
  const call = <N extends EndpointName>(name: N, input: Input<N>) =>
    callApi(fetcher, name, input, context);
  const listing = (page: ListingPage) => definedOnly(page);
  return {
    call,
    contentVersion: () => call("contentVersion", {}),
    sections: () => call("sections", {}),
    home: () => call("home", {}),
    section: (section: string, page: ListingPage = {}) =>
      call("section", { params: { section }, query: listing(page) }),
    category: (section: string, category: string, page: ListingPage = {}) =>
      call("category", { params: { section, category }, query: listing(page) }),
    article: (slug: string) => call("article", { params: { slug } }),
    /** A live blog's updates newer than the update `after` (all without it), newest first. */
    liveUpdates: (slug: string, after?: string) =>
      call("liveUpdates", { params: { slug }, query: after === undefined ? {} : { after } }),
    author: (slug: string, page: ListingPage = {}) =>
      call("author", { params: { slug }, query: listing(page) }),
    tag: (slug: string, page: ListingPage = {}) =>
      call("tag", { params: { slug }, query: listing(page) }),
    /** Every author with a published article, by name. */
    authors: () => call("authors", {}),
    /** Every tag with a published article, most used first. */
    tags: () => call("tags", {}),
    page: (slug: string) => call("page", { params: { slug } }),
    /** The newest edition published on or before `date` (`YYYY-MM-DD`). */
    latestEdition: (onOrBefore: string) => call("latestEdition", { query: { onOrBefore } }),
    edition: (date: string) => call("edition", { params: { date } }),
    /** Dates of the published editions of a month (`YYYY-MM`). */
    editionCalendar: (month: string) => call("editionCalendar", { query: { month } }),
    /** The published editions either side of `date`, and whether it has one. */
    nearestEditions: (date: string) => call("nearestEditions", { query: { date } }),
    /** Full-text search with its filters; `cursor` is the `nextCursor` of the previous page. */
    search: (params: SearchParams) => call("search", { query: definedOnly(params) }),
    /** The newest 50 articles of the site, or of one section, author or tag. */
    feed: (filter?: FeedFilter) => call("feed", { query: filter ?? {} }),
    sitemapIndex: () => call("sitemapIndex", {}),
    /** Article sitemap page, from 1 to `articlePages` of the index. */
    sitemapArticles: (page: number) => call("sitemapArticles", { params: { page } }),
    newsSitemap: () => call("newsSitemap", {}),
    /** Every correction on a visible article, newest first (`/pages/corrections`). */
    corrections: (cursor?: string) =>
      call("corrections", { query: cursor === undefined ? {} : { cursor } }),
    signUp: (body: BodyOf<"signUp">) => call("signUp", { body }),
    login: (body: BodyOf<"login">) => call("login", { body }),
    refresh: (refreshToken: string) => call("refresh", { body: { refreshToken } }),
    logout: (refreshToken: string) => call("logout", { body: { refreshToken } }),
    jwks: () => call("jwks", {}),
    verifyEmail: (token: string) => call("verifyEmail", { body: { token } }),
    resendVerification: () => call("resendVerification", {}),
    forgotPassword: (email: string) => call("forgotPassword", { body: { email } }),
    resetPassword: (body: BodyOf<"resetPassword">) => call("resetPassword", { body }),
    confirmEmail: (token: string) => call("confirmEmail", { body: { token } }),
    account: () => call("account", {}),
    updateAccount: (body: BodyOf<"updateAccount">) => call("updateAccount", { body }),
    changeEmail: (body: BodyOf<"changeEmail">) => call("changeEmail", { body }),
    changePassword: (body: BodyOf<"changePassword">) => call("changePassword", { body }),
    sessions: () => call("sessions", {}),
    endSession: (id: string) => call("endSession", { params: { id } }),
    endAllSessions: () => call("endAllSessions", {}),
    savedArticles: () => call("savedArticles", {}),
    /** Whether the signed-in reader saved the article `slug`. */
    savedState: (slug: string) => call("savedState", { params: { slug } }),
    /** Everything kept about the account holder, for "Download your data". */
    exportAccount: () => call("exportAccount", {}),
    saveArticle: (slug: string) => call("saveArticle", { params: { slug } }),
    unsaveArticle: (slug: string) => call("unsaveArticle", { params: { slug } }),
    deleteAccount: (body: BodyOf<"deleteAccount">) => call("deleteAccount", { body }),
    /** Development only (404 elsewhere): the outbox, newest first. */
    devOutbox: (to?: string) => call("devOutbox", { query: to === undefined ? {} : { to } }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
