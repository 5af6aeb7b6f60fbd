import { createExecutionContext, env } from "cloudflare:test";
import type { FakeApi } from "edge-api/fake";
import {
  FRAGMENT_RENDER_PATH,
  FragmentAnswerSchema,
  type FragmentRequest,
  type ParsedFragmentAnswer,
} from "shell/contract";
import type { AccountEnv } from "../worker/fragment-env.ts";
import { mintCsrfToken } from "../worker/csrf-token.ts";
import { accountWorker } from "../worker/fragment-worker.ts";
import { accountHolderApi } from "./account-holder-answers.ts";

/**
 * The account Worker's bindings and render requests for tests; the API is edge-api's own fake
 * (`edge-api/fake`), answering as the account holder below unless a test says otherwise.
 */

export const TEST_BUILD_ID = "testbuild01";
export const TEST_ACCESS_TOKEN = "test.access.token";
export const TEST_CLIENT = { ip: "203.0.113.7", userAgent: "TestBrowser/1.0 (Linux)" };
export const viewer = { id: "acc_1", displayName: "Ada Reader" };
/** Long enough for the password policy; a page must never echo it. */
export const TEST_PASSWORD = "correct horse battery staple";

/** The static-assets binding with one current build, as `npm run build` leaves it. */
export function fakeAssets(): AccountEnv["ASSETS"] {
  return {
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
  };
}

/** The Worker's env: the fakes, plus the secret and the publication vitest.config.ts binds. */
export function fakeEnv(api: FakeApi = accountHolderApi()): AccountEnv {
  return {
    ASSETS: fakeAssets(),
    API: api.binding,
    CSRF_SECRET: env.CSRF_SECRET,
    PUBLICATION_NAME: env.PUBLICATION_NAME,
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN,
    PUBLICATION_TIME_ZONE: env.PUBLICATION_TIME_ZONE,
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
    saved: null,
    ...overrides,
  };
}

/** A valid form token for this viewer (or an anonymous reader). */
export function csrfFor(who: { id: string } | null = null): Promise<string> {
  return mintCsrfToken(env.CSRF_SECRET, who);
}

/** Variables and the secret that replace the tests' own for one test (another publication). */
export type TestVars = Partial<Omit<AccountEnv, "API" | "ASSETS">>;

/** Asks the Worker as the shell would and checks the answer against the contract. */
export async function render(
  request: Partial<FragmentRequest>,
  api?: FakeApi,
  vars: TestVars = {},
): Promise<ParsedFragmentAnswer> {
  const response = await accountWorker.fetch!(
    new Request(`https://mfe-account.internal${FRAGMENT_RENDER_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(renderRequest(request)),
    }) as Request<unknown, IncomingRequestCfProperties>,
    { ...fakeEnv(api), ...vars },
    createExecutionContext(),
  );
  if (response.status !== 200) throw new Error(`render failed: ${await response.text()}`);
  return FragmentAnswerSchema.parse(await response.json());
}

export async function renderPage(
  request: Partial<FragmentRequest>,
  api?: FakeApi,
  vars: TestVars = {},
) {
  const answer = await render(request, api, vars);
  if (answer.kind !== "page") throw new Error(`expected a page, got ${JSON.stringify(answer)}`);
  return answer;
}

/** POSTs a form with a valid token for the request's viewer (unless the form sets csrf). */
export async function post(
  request: Partial<FragmentRequest> & { form: Record<string, string> },
  api?: FakeApi,
) {
  const csrf = await csrfFor(request.viewer ?? null);
  return render({ ...request, method: "POST", form: { csrf, ...request.form } }, api);
}
