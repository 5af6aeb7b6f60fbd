import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FragmentAnswer, FragmentRequest } from "../contract/fragment-contract.ts";
import type { ServiceBinding, ShellEnv } from "./shell-env.ts";
import { JwksAnswerSchema, RefreshBodySchema } from "edge-api/contract/account";
import { apiFailure, createFakeApi } from "edge-api/fake";
import { callShell } from "../test/call-shell.ts";
import {
  ORIGIN,
  createTestSigner,
  json,
  testEnv,
  type TestSigner,
  hostCookie,
  sessionCookiesOf,
} from "../test/fake-shell-env.ts";
import { resetKeyCache } from "./viewer-session.ts";

let signer: TestSigner;

beforeAll(async () => {
  signer = await createTestSigner();
});
beforeEach(() => resetKeyCache());

const accessToken = (name: string, expiresIn?: string) => signer.accessToken(name, expiresIn);

const page: FragmentAnswer = {
  kind: "page",
  status: 200,
  head: { title: "Page", description: "", canonicalPath: "/x" },
  html: "<p>fragment</p>",
  props: {},
  buildId: "abc123def456",
  stylesheets: [],
  cache: { scope: "public", maxAge: 60 },
};

interface Recorded {
  fragmentRequests: FragmentRequest[];
  apiCalls: { path: string; body: string; headers: Headers }[];
}

function makeEnv(
  answer: (request: FragmentRequest) => FragmentAnswer,
  extra: Partial<ShellEnv> = {},
) {
  const recorded: Recorded = { fragmentRequests: [], apiCalls: [] };
  const fragment: ServiceBinding = {
    async fetch(input, init) {
      // No live-build endpoint: these pages are served without the edge cache (edge-cache.test.ts).
      if (new Request(input, init).method === "GET") return new Response("none", { status: 404 });
      const request = (await new Request(input, init).json()) as FragmentRequest;
      recorded.fragmentRequests.push(request);
      return json(answer(request));
    },
  };
  // The API's own fake (edge-api/fake): answers checked against the contract. Every request
  // the shell sends is recorded first, the development outbox's raw path included.
  const fake = createFakeApi({
    jwks: () => JwksAnswerSchema.parse(signer.jwks),
    sections: { sections: [] },
    refresh: async (call) => {
      const { refreshToken } = RefreshBodySchema.parse(call.body);
      if (refreshToken !== "good-refresh") return apiFailure(401, "invalid_session");
      return {
        tokens: {
          accessToken: await accessToken("Renewed Reader"),
          accessExpiresIn: 900,
          refreshToken: "next-refresh",
          refreshExpiresIn: 2_592_000,
        },
      };
    },
    logout: null,
  });
  const api: ServiceBinding = {
    async fetch(input, init) {
      const request = new Request(input, init);
      recorded.apiCalls.push({
        path: new URL(request.url).pathname,
        body: await request.clone().text(),
        headers: request.headers,
      });
      return fake.binding.fetch(request);
    },
  };
  const env = testEnv(fragment, api, extra);
  return { env, recorded };
}

async function send(env: ShellEnv, path: string, init: RequestInit = {}) {
  const response = await callShell(new Request(`${ORIGIN}${path}`, init), env);
  return { response, text: await response.text() };
}

function formPost(body: string, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
  };
}

describe("forms at the edge", () => {
  it("passes a same-origin form to the account fragment with the reader's address", async () => {
    const { env, recorded } = makeEnv(() => ({
      kind: "redirect",
      status: 303,
      location: "/profile",
      session: {
        kind: "set",
        accessToken: "a.b.c",
        accessMaxAge: 900,
        refreshToken: "r1",
        refreshMaxAge: 1000,
      },
    }));
    const { response } = await send(
      env,
      "/login",
      formPost("email=reader%40example.com&password=secret&email=second", {
        "cf-connecting-ip": "203.0.113.9",
        "x-forwarded-for": "198.51.100.1",
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/profile");
    const cookies = response.headers.getSetCookie();
    expect(sessionCookiesOf(cookies)).toContainEqual(hostCookie("__Host-access", "a.b.c", 900));
    expect(sessionCookiesOf(cookies)).toContainEqual(hostCookie("__Host-refresh", "r1", 1000));
    expect(recorded.fragmentRequests[0]).toMatchObject({
      method: "POST",
      form: { email: "reader@example.com", password: "secret" },
      client: { ip: "203.0.113.9" },
    });
  });

  it("keeps a login's device token in an HttpOnly __Host-device cookie for a year (issue 14)", async () => {
    const device = "device-token-from-the-api".padEnd(43, "x");
    const { env } = makeEnv(() => ({
      kind: "redirect",
      status: 303,
      location: "/profile",
      session: {
        kind: "set",
        accessToken: "a.b.c",
        accessMaxAge: 900,
        refreshToken: "r1",
        refreshMaxAge: 1000,
        device: { token: device, maxAge: 31_536_000 },
      },
    }));
    const { response } = await send(env, "/login", formPost("email=a%40example.com"));
    expect(sessionCookiesOf(response.headers.getSetCookie())).toContainEqual(
      hostCookie("__Host-device", device, 31_536_000),
    );
  });

  it("sends the device cookie to the account fragment only, and a sign-out keeps it", async () => {
    const device = "device-token-kept-by-the-browser".padEnd(43, "x");
    const { env, recorded } = makeEnv((request) =>
      request.routeId === "account.logout"
        ? { kind: "redirect", status: 303, location: "/", session: { kind: "clear" } }
        : page,
    );
    const cookie = `__Host-device=${device}`;
    await send(env, "/login", formPost("email=a%40example.com", { cookie }));
    await send(env, "/world", { headers: { cookie } });
    const out = await send(env, "/logout", formPost("csrf=x", { cookie }));
    const [login, article] = recorded.fragmentRequests;
    expect(login?.client.deviceToken).toBe(device);
    expect(article?.client).not.toHaveProperty("deviceToken");
    const cleared = sessionCookiesOf(out.response.headers.getSetCookie()).map((c) => c.name);
    expect(cleared).toContain("__Host-refresh");
    expect(cleared).not.toContain("__Host-device");
  });

  it("refuses a form from another site with 403", async () => {
    const { env, recorded } = makeEnv(() => page);
    const { response } = await send(
      env,
      "/login",
      formPost("a=1", { origin: "https://evil.example" }),
    );
    expect(response.status).toBe(403);
    expect(recorded.fragmentRequests).toEqual([]);
  });

  it("accepts a same-origin form without Origin when Fetch Metadata vouches for it", async () => {
    const { env } = makeEnv(() => page);
    const init = formPost("a=1");
    const headers = new Headers(init.headers);
    headers.delete("origin");
    headers.set("sec-fetch-site", "same-origin");
    expect((await send(env, "/login", { ...init, headers })).response.status).toBe(200);
    headers.set("sec-fetch-site", "cross-site");
    expect((await send(env, "/login", { ...init, headers })).response.status).toBe(403);
    // A no-referrer page sends `Origin: null`; only Fetch Metadata can vouch for it then.
    headers.set("origin", "null");
    expect((await send(env, "/login", { ...init, headers })).response.status).toBe(403);
    headers.set("sec-fetch-site", "same-origin");
    expect((await send(env, "/login", { ...init, headers })).response.status).toBe(200);
  });

  it("refuses a form over 16 KiB with 413", async () => {
    const { env } = makeEnv(() => page);
    const { response } = await send(env, "/sign-up", formPost(`x=${"a".repeat(17_000)}`));
    expect(response.status).toBe(413);
  });

  it("refuses forms to pages that take none", async () => {
    const { env } = makeEnv(() => page);
    expect((await send(env, "/world", formPost("a=1"))).response.status).toBe(405);
  });

  it("ignores a session change from a fragment that is not the account fragment", async () => {
    const { env } = makeEnv(() => ({ ...page, session: { kind: "clear" } }));
    const { response } = await send(env, "/world");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("the reader at the edge", () => {
  it("reads the account holder from a valid access token without calling the API", async () => {
    const { env, recorded } = makeEnv(() => page);
    const token = await accessToken("Ada Reader");
    const { response, text } = await send(env, "/world", {
      headers: { cookie: `__Host-access=${token}` },
    });
    expect(text).toContain("Ada Reader");
    expect(text).toContain('href="/logout"');
    expect(recorded.fragmentRequests[0]?.viewer).toEqual({
      id: "account-1",
      displayName: "Ada Reader",
      role: "reader",
      newsroomVerified: false,
    });
    // Only the account fragment receives the token itself.
    expect(recorded.fragmentRequests[0]?.accessToken).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(recorded.apiCalls.map((call) => call.path)).not.toContain("/api/auth/refresh");
  });

  it("renews an expired access token with the refresh token, transparently", async () => {
    const { env, recorded } = makeEnv(() => page);
    const expired = await accessToken("Old Name", "-1m");
    const { text, response } = await send(env, "/world", {
      headers: { cookie: `__Host-access=${expired}; __Host-refresh=good-refresh` },
    });
    expect(text).toContain("Renewed Reader");
    expect(
      response.headers.getSetCookie().some((c) => c.startsWith("__Host-refresh=next-refresh;")),
    ).toBe(true);
    expect(recorded.apiCalls.some((call) => call.path === "/api/auth/refresh")).toBe(true);
  });

  it("ends a session whose refresh token the API refuses", async () => {
    const { env } = makeEnv(() => page);
    const { text, response } = await send(env, "/world", {
      headers: { cookie: "__Host-refresh=stolen" },
    });
    expect(text).toContain("Log in");
    expect(sessionCookiesOf(response.headers.getSetCookie())).toContainEqual(
      hostCookie("__Host-access", "", 0),
    );
  });

  it("treats a forged token as anonymous", async () => {
    const { env } = makeEnv(() => page);
    const forged = `${(await accessToken("Mallory")).slice(0, -4)}AAAA`;
    const { text } = await send(env, "/world", { headers: { cookie: `__Host-access=${forged}` } });
    expect(text).not.toContain("Mallory");
  });

  it("revokes the refresh token when the account fragment signs the reader out", async () => {
    const { env, recorded } = makeEnv(() => ({
      kind: "redirect",
      status: 303,
      location: "/",
      session: { kind: "clear" },
    }));
    const token = await accessToken("Ada Reader");
    const { response } = await send(env, "/logout", {
      ...formPost("csrf=x"),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: ORIGIN,
        cookie: `__Host-access=${token}; __Host-refresh=good-refresh`,
      },
    });
    expect(response.status).toBe(303);
    const logout = recorded.apiCalls.find((call) => call.path === "/api/auth/logout");
    expect(JSON.parse(logout?.body ?? "{}")).toEqual({ refreshToken: "good-refresh" });
    expect(sessionCookiesOf(response.headers.getSetCookie())).toContainEqual(
      hostCookie("__Host-refresh", "", 0),
    );
  });

  it("keeps reset-password addresses out of referrers", async () => {
    const { env } = makeEnv(() => page);
    const { response } = await send(env, "/reset-password?token=secret");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("writes to the API through the front door", () => {
  it("are refused with 403 when they come from another site", async () => {
    const { env, recorded } = makeEnv(() => page);
    const crossSite = await send(env, "/api/auth/login", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "text/plain", origin: "https://evil.example" },
    });
    expect(crossSite.response.status).toBe(403);
    const noOrigin = await send(env, "/api/auth/login", { method: "POST", body: "{}" });
    expect(noOrigin.response.status).toBe(403);
    expect(recorded.apiCalls.some((call) => call.path === "/api/auth/login")).toBe(false);
  });

  it("pass when they come from this site, and reads always pass", async () => {
    const { env, recorded } = makeEnv(() => page);
    await send(env, "/api/auth/login", { method: "POST", body: "{}", headers: { origin: ORIGIN } });
    await send(env, "/api/sections", { headers: { origin: "https://elsewhere.example" } });
    const paths = recorded.apiCalls.map((call) => call.path);
    expect(paths).toContain("/api/auth/login");
    expect(paths).toContain("/api/sections");
  });
});

describe("development tools", () => {
  it("exist only on a development stack", async () => {
    const production = makeEnv(() => page);
    expect((await send(production.env, "/_dev/outbox")).response.status).toBe(404);
    const development = makeEnv(() => page, { ENVIRONMENT: "development" });
    await send(development.env, "/_dev/outbox");
    expect(development.recorded.apiCalls.some((call) => call.path === "/_dev/outbox")).toBe(true);
  });
});
