import { JwksAnswerSchema, RefreshBodySchema } from "edge-api/contract/account";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import type { FragmentAnswer, FragmentRequest } from "../contract/fragment-contract.ts";
import { callShell } from "../test/call-shell.ts";
import {
  createTestSigner,
  json,
  ORIGIN,
  sessionCookiesOf,
  testEnv,
  type TestSigner,
} from "../test/fake-shell-env.ts";
import type { ServiceBinding } from "./shell-env.ts";
import { resetKeyCache } from "./viewer-session.ts";

/**
 * The API's public keys at the edge (issue 14): reading an article never depends on them, and
 * a key rotation (the JWKS publishing the current and the next key) logs nobody out.
 */

let current: TestSigner;
let next: TestSigner;
beforeAll(async () => {
  current = await createTestSigner("current-key");
  next = await createTestSigner("next-key");
});
beforeEach(() => resetKeyCache());

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

const ARTICLE = "/world/europe/harbour-reopens";

const article: FragmentAnswer = {
  kind: "page",
  status: 200,
  head: { title: "Harbour reopens", description: "", canonicalPath: ARTICLE },
  html: "<p>The harbour reopened.</p>",
  props: {},
  buildId: "abc123def456",
  stylesheets: [],
  cache: { scope: "public", maxAge: 60 },
};

/** The shell with the content fragment answering the article and the API's fake as given. */
function shellWith(answers: FakeAnswers) {
  const viewers: FragmentRequest["viewer"][] = [];
  const fragment: ServiceBinding = {
    async fetch(input, init) {
      const request = new Request(input, init);
      if (request.method === "GET") return new Response("none", { status: 404 });
      viewers.push(((await request.json()) as FragmentRequest).viewer);
      return json(article);
    },
  };
  const api = createFakeApi({ sections: { sections: [] }, ...answers });
  return { env: testEnv(fragment, api.binding), viewers, api };
}

const jwksOf = (...signers: TestSigner[]) =>
  JwksAnswerSchema.parse({
    keys: signers.flatMap((signer) => (signer.jwks as { keys: unknown[] }).keys),
  });

const renewing = (signer: TestSigner) => async (call: { body: unknown }) => {
  const { refreshToken } = RefreshBodySchema.parse(call.body);
  if (refreshToken !== "good-refresh") return apiFailure(401, "invalid_session");
  return {
    tokens: {
      accessToken: await signer.accessToken("Renewed Reader"),
      accessExpiresIn: 900,
      refreshToken: "next-refresh",
      refreshExpiresIn: 2_592_000,
    },
  };
};

async function read(env: ReturnType<typeof shellWith>["env"], cookie: string) {
  const response = await callShell(
    new Request(`${ORIGIN}${ARTICLE}`, { headers: { cookie } }),
    env,
  );
  return { response, text: await response.text() };
}

describe("with the API's keys unavailable (its signing key missing or malformed)", () => {
  const unavailable = { jwks: apiFailure(503, "service_unavailable") };

  it("an article still renders, as for an anonymous reader, and the cookies are kept", async () => {
    const { env, viewers } = shellWith(unavailable);
    const token = await current.accessToken("Ada Reader");
    const { response, text } = await read(env, `__Host-access=${token}`);
    expect(response.status).toBe(200);
    expect(text).toContain("The harbour reopened.");
    expect(text).not.toContain("Ada Reader");
    expect(viewers).toEqual([null]);
    // The token may be perfectly good: the session is not ended for the API's trouble.
    expect(response.headers.getSetCookie()).toEqual([]);
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as object);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "error", event: "jwks_unavailable" }),
    );
  });

  it("a renewed session's new cookies still go out, so the spent refresh token is not reused", async () => {
    const { env } = shellWith({ ...unavailable, refresh: renewing(current) });
    const { response } = await read(env, "__Host-refresh=good-refresh");
    expect(response.status).toBe(200);
    const cookies = sessionCookiesOf(response.headers.getSetCookie());
    expect(cookies).toContainEqual(
      expect.objectContaining({ name: "__Host-refresh", value: "next-refresh" }),
    );
  });
});

describe("a key rotation at the edge", () => {
  it("accepts tokens signed by the next key the JWKS publishes beside the current one", async () => {
    const { env, viewers } = shellWith({ jwks: () => jwksOf(current, next) });
    for (const signer of [current, next]) {
      const token = await signer.accessToken("Ada Reader");
      const { text } = await read(env, `__Host-access=${token}`);
      expect(text).toContain("Ada Reader");
    }
    expect(viewers.map((viewer) => viewer?.displayName)).toEqual(["Ada Reader", "Ada Reader"]);
  });

  it("renews a token whose key was retired with the refresh token: nobody is logged out", async () => {
    // Promoted: the JWKS has only the new key; the reader's access token is from the old one.
    const { env, api } = shellWith({ jwks: () => jwksOf(next), refresh: renewing(next) });
    const old = await current.accessToken("Ada Reader");
    const { response, text } = await read(env, `__Host-access=${old}; __Host-refresh=good-refresh`);
    expect(text).toContain("Renewed Reader");
    const cookies = sessionCookiesOf(response.headers.getSetCookie());
    expect(cookies).toContainEqual(
      expect.objectContaining({ name: "__Host-refresh", value: "next-refresh" }),
    );
    expect(api.calls.map((call) => call.endpoint)).toContain("refresh");
  });
});
