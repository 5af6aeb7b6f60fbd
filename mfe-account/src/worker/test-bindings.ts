import { createExecutionContext, env } from "cloudflare:test";
import {
  FRAGMENT_RENDER_PATH,
  FragmentAnswerSchema,
  type FragmentRequest,
  type ParsedFragmentAnswer,
} from "shell/contract";
import type { ApiFetcher } from "edge-api/client";
import type { AccountEnv } from "./account-settings.ts";
import { mintCsrfToken } from "./csrf-token.ts";
import { accountWorker } from "./fragment-worker.ts";

/** Small factories for tests: render requests, a fake edge-api and fake Worker bindings. */

export const TEST_BUILD_ID = "testbuild01";
export const TEST_ACCESS_TOKEN = "test.access.token";
export const TEST_CLIENT = { ip: "203.0.113.7", userAgent: "TestBrowser/1.0 (Linux)" };
export const viewer = { id: "acc_1", displayName: "Ada Reader" };

export interface ApiCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type FakeRoute = (call: ApiCall) => Response | Promise<Response>;

export function apiError(status: number, code: string, extra: Record<string, unknown> = {}) {
  return Response.json(
    { error: { code, message: code, requestId: "api-1", ...extra } },
    { status },
  );
}

export function makeTokens(suffix = "1") {
  return {
    accessToken: `access.jwt.${suffix}`,
    accessExpiresIn: 900,
    refreshToken: `refresh-${suffix}`,
    refreshExpiresIn: 2_592_000,
  };
}

export function makeAccount(overrides: Record<string, unknown> = {}) {
  return {
    id: viewer.id,
    email: "ada@example.com",
    displayName: viewer.displayName,
    emailVerified: true,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export function makeArticle(slug = "tram-line-opens") {
  return {
    slug,
    path: `/city/transport/${slug}`,
    headline: "New tram line opens",
    standfirst: "",
    publishedAt: "2026-11-20T08:00:00.000Z",
    section: { slug: "city", name: "City" },
    category: { slug: "transport", name: "Transport" },
    authors: [],
    image: null,
  };
}

/** What the profile loads, answered by default so each test states only what it is about. */
const defaultRoutes: Record<string, FakeRoute> = {
  "GET /api/account": () => Response.json({ account: makeAccount() }),
  "GET /api/account/sessions": () =>
    Response.json({
      sessions: [
        {
          id: "ses_other",
          device: "Firefox on Windows",
          createdAt: "2026-11-01T10:00:00.000Z",
          lastUsedAt: "2026-11-19T10:00:00.000Z",
          current: false,
        },
        {
          id: "ses_here",
          device: "Chrome on Linux",
          createdAt: "2026-11-02T10:00:00.000Z",
          lastUsedAt: "2026-11-21T09:30:00.000Z",
          current: true,
        },
      ],
    }),
  "GET /api/account/saved": () => Response.json({ articles: [makeArticle("saved-story")] }),
};

/** A fake edge-api: answers by `METHOD /path` and records every call. */
export function fakeApi(routes: Record<string, FakeRoute> = {}) {
  const calls: ApiCall[] = [];
  const all = { ...defaultRoutes, ...routes };
  const fetcher: ApiFetcher = {
    async fetch(input, init) {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = await request.text();
      const call: ApiCall = {
        method: request.method,
        path: url.pathname,
        headers: Object.fromEntries(request.headers),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const articleSlug = /^\/api\/articles\/([^/]+)$/.exec(url.pathname)?.[1];
      const route = all[`${request.method} ${url.pathname}`];
      if (route) return route(call);
      if (articleSlug && request.method === "GET") {
        return articleSlug === "missing"
          ? apiError(404, "not_found")
          : Response.json({ article: { ...makeArticle(articleSlug), related: [] } });
      }
      return apiError(404, "not_found");
    },
  };
  return { fetcher, calls };
}

export function fakeEnv(api: ApiFetcher = fakeApi().fetcher): AccountEnv {
  return {
    ASSETS: {
      async fetch(input) {
        const url = new URL(typeof input === "string" ? input : input.url);
        if (url.pathname === "/_mf/account/current.json") {
          return Response.json({
            buildId: TEST_BUILD_ID,
            stylesheets: ["fragment.css"],
            builtAt: "2026-11-21T00:00:00.000Z",
          });
        }
        return new Response("Not found", { status: 404 });
      },
    },
    API: api,
    CSRF_SECRET: env.CSRF_SECRET,
  };
}

export function renderRequest(overrides: Partial<FragmentRequest>): FragmentRequest {
  return {
    routeId: "account.login",
    method: "GET",
    client: TEST_CLIENT,
    accessToken: null,
    params: {},
    path: "/login",
    search: "",
    viewer: null,
    requestId: "test-request",
    origin: "https://daily-edge.example",
    ...overrides,
  };
}

/** A valid form token for this viewer (or an anonymous reader). */
export function csrfFor(who: { id: string } | null = null): Promise<string> {
  return mintCsrfToken(env.CSRF_SECRET, who);
}

/** Asks the Worker as the shell would and checks the answer against the contract. */
export async function render(
  request: Partial<FragmentRequest>,
  api?: ApiFetcher,
): Promise<ParsedFragmentAnswer> {
  const response = await accountWorker.fetch!(
    new Request(`https://mfe-account.internal${FRAGMENT_RENDER_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(renderRequest(request)),
    }) as Request<unknown, IncomingRequestCfProperties>,
    fakeEnv(api),
    createExecutionContext(),
  );
  if (response.status !== 200) throw new Error(`render failed: ${await response.text()}`);
  return FragmentAnswerSchema.parse(await response.json());
}

export async function renderPage(request: Partial<FragmentRequest>, api?: ApiFetcher) {
  const answer = await render(request, api);
  if (answer.kind !== "page") throw new Error(`expected a page, got ${JSON.stringify(answer)}`);
  return answer;
}

/** POSTs a form with a valid token for the request's viewer (unless the form sets csrf). */
export async function post(
  request: Partial<FragmentRequest> & { form: Record<string, string> },
  api?: ApiFetcher,
) {
  const csrf = await csrfFor(request.viewer ?? null);
  return render({ ...request, method: "POST", form: { csrf, ...request.form } }, api);
}
