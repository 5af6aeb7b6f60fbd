import { createExecutionContext, env } from "cloudflare:test";
import { expect } from "vitest";
import {
  FragmentAnswerSchema,
  FRAGMENT_RENDER_PATH,
  type FragmentRequest,
  type ParsedFragmentAnswer,
} from "shell/contract";
import type { FakeApi } from "edge-api/fake";
import type { ContentEnv } from "../worker/fragment-env.ts";
import worker from "../worker/fragment-worker.ts";

export const TEST_ORIGIN = "https://www.dailyedge.test";

/** Where the render request says the reader is, when a test cares. */
export interface RenderOptions {
  path?: string;
  search?: string;
  /** Whether the signed-in reader saved the article (the shell's `saved`; null by default). */
  saved?: boolean | null;
}

export function renderRequest(
  routeId: string,
  params: Record<string, string> = {},
  options: RenderOptions = {},
): FragmentRequest {
  return {
    routeId,
    method: "GET",
    client: { ip: "203.0.113.1", userAgent: "vitest" },
    accessToken: null,
    params,
    path: options.path ?? "/",
    search: options.search ?? "",
    viewer: null,
    requestId: "test-request",
    origin: TEST_ORIGIN,
    saved: options.saved ?? null,
  };
}

/** Variables that replace wrangler.toml's for one test (another publication, say). */
export type TestVars = Partial<Omit<ContentEnv, "API">>;

/** POSTs a render request to the worker with `api` as its API binding. */
export async function postRender(
  api: FakeApi,
  request: FragmentRequest,
  vars: TestVars = {},
): Promise<Response> {
  return worker.fetch(
    new Request(`https://content.internal${FRAGMENT_RENDER_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    }),
    { ...env, ...vars, API: api.binding },
    createExecutionContext(),
  );
}

/** Renders through the worker and parses the answer with the shell's contract schema. */
export async function renderWith(
  api: FakeApi,
  request: FragmentRequest,
  vars: TestVars = {},
): Promise<ParsedFragmentAnswer> {
  const response = await postRender(api, request, vars);
  if (response.status !== 200) throw new Error(`render answered ${response.status}`);
  return FragmentAnswerSchema.parse(await response.json());
}

/** Narrows an answer to a page, failing the test with the actual kind otherwise. */
export function expectPage(answer: ParsedFragmentAnswer) {
  if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
  return answer;
}

/** Renders `routeId` with `params` (and options) through the worker and expects a page. */
export async function renderPage(
  api: FakeApi,
  routeId: string,
  params: Record<string, string> = {},
  options: RenderOptions = {},
) {
  return expectPage(await renderWith(api, renderRequest(routeId, params, options)));
}

/** Renders `routeId` with `params` (and options) through the worker and expects not-found. */
export async function expectNotFound(
  api: FakeApi,
  routeId: string,
  params: Record<string, string> = {},
  options: RenderOptions = {},
): Promise<void> {
  expect(await renderWith(api, renderRequest(routeId, params, options))).toEqual({
    kind: "not-found",
  });
}

/** Asserts the worker's answer to a render that failed on our side: a 500 with a stable code. */
export async function expectRenderFailure(api: FakeApi, request: FragmentRequest): Promise<void> {
  const response = await postRender(api, request);
  if (response.status !== 500) throw new Error(`expected 500, got ${response.status}`);
  const body: unknown = await response.json();
  const code = (body as { error?: { code?: unknown } }).error?.code;
  if (code !== "render_failed") throw new Error(`expected render_failed, got ${String(code)}`);
}
