import { JwksAnswerSchema } from "edge-api/contract/account";
import { createFakeApi } from "edge-api/fake";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { FragmentAnswer, FragmentRequest } from "../contract/fragment-contract.ts";
import { callShell } from "../test/call-shell.ts";
import {
  createTestSigner,
  json,
  ORIGIN,
  testEnv,
  type TestSigner,
} from "../test/fake-shell-env.ts";
import type { ServiceBinding } from "./shell-env.ts";
import { VerifiedTokens } from "./verified-tokens.ts";
import { resetKeyCache } from "./viewer-session.ts";

/**
 * Issue 19: access tokens verified once per isolate, kept until their `exp`, under the exact
 * token string, and only while the keys they were checked with are the current ones.
 */

let current: TestSigner;
let next: TestSigner;
beforeAll(async () => {
  current = await createTestSigner("current-key");
  next = await createTestSigner("next-key");
});
beforeEach(() => resetKeyCache());
afterEach(() => vi.restoreAllMocks());

const article: FragmentAnswer = {
  kind: "page",
  status: 200,
  head: { title: "Harbour reopens", description: "", canonicalPath: "/world/europe/harbour" },
  html: "<p>The harbour reopened.</p>",
  props: {},
  buildId: "abc123def456",
  stylesheets: [],
  cache: { scope: "public", maxAge: 60 },
};

/** The shell with an article fragment that notes who it was told is reading. */
function shellWith(jwks: () => TestSigner[]) {
  const viewers: (string | null)[] = [];
  const fragment: ServiceBinding = {
    async fetch(input, init) {
      const request = new Request(input, init);
      if (request.method === "GET") return new Response("none", { status: 404 });
      viewers.push(((await request.json()) as FragmentRequest).viewer?.displayName ?? null);
      return json(article);
    },
  };
  const api = createFakeApi({
    sections: { sections: [] },
    jwks: () =>
      JwksAnswerSchema.parse({
        keys: jwks().flatMap((signer) => (signer.jwks as { keys: unknown[] }).keys),
      }),
  });
  const env = testEnv(fragment, api.binding);
  const read = async (token: string) => {
    const response = await callShell(
      new Request(`${ORIGIN}/world/europe/harbour`, {
        headers: { cookie: `__Host-access=${token}` },
      }),
      env,
    );
    await response.text();
    return { viewer: viewers.at(-1) ?? null, setCookie: response.headers.getSetCookie() };
  };
  return { read, api };
}

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")));
}

describe("verified access tokens kept per isolate", () => {
  it("checks a token's signature once, then reads it from the cache", async () => {
    const { read } = shellWith(() => [current]);
    const token = await current.accessToken("Ada Lovelace");
    const verify = vi.spyOn(crypto.subtle, "verify");
    expect((await read(token)).viewer).toBe("Ada Lovelace");
    const checks = verify.mock.calls.length;
    expect(checks).toBeGreaterThan(0);
    expect((await read(token)).viewer).toBe("Ada Lovelace");
    expect(verify.mock.calls.length).toBe(checks);
  });

  it("never accepts a kept token past its exp: the session ends as it would have", async () => {
    const { read } = shellWith(() => [current]);
    const token = await current.accessToken("Short Lived", "1s");
    expect((await read(token)).viewer).toBe("Short Lived");
    const exp = Number(payloadOf(token).exp) * 1_000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp - Date.now()) + 50));
    const after = await read(token);
    expect(after.viewer).toBeNull();
    expect(after.setCookie.join("\n")).toContain("__Host-access=;");
  });

  it("never accepts a tampered token, however like a kept one it is", async () => {
    const { read } = shellWith(() => [current]);
    const token = await current.accessToken("Ada Lovelace", "10m", { role: "reader" });
    expect((await read(token)).viewer).toBe("Ada Lovelace");
    const [header, payload, signature = ""] = token.split(".");
    // Another name and the admin role, under the kept token's signature.
    const forgedClaims = { ...payloadOf(token), name: "Mallory", role: "admin" };
    const forgedPayload = btoa(JSON.stringify(forgedClaims))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_");
    const middle = Math.floor(signature.length / 2);
    const flipped = signature[middle] === "A" ? "B" : "A";
    const forgeries = [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`,
      `${token}x`,
    ];
    for (const forged of forgeries) {
      const answer = await read(forged);
      expect(answer.viewer).toBeNull();
      expect(answer.setCookie.join("\n")).toContain("__Host-access=;");
    }
    // The real token is still kept and still good.
    expect((await read(token)).viewer).toBe("Ada Lovelace");
  });

  it("stops honouring kept tokens of a key the API withdrew once the keys are read again", async () => {
    let published = [current];
    const { read } = shellWith(() => published);
    const old = await current.accessToken("Old Key Reader");
    expect((await read(old)).viewer).toBe("Old Key Reader");
    // The API withdraws the old key; a token naming the new one makes the shell read the keys.
    published = [next];
    expect((await read(await next.accessToken("New Key Reader"))).viewer).toBe("New Key Reader");
    const after = await read(old);
    expect(after.viewer).toBeNull();
  });
});

describe("VerifiedTokens", () => {
  const keys = {};
  it("gives nothing at or past the expiry, nor for another key set", () => {
    const tokens = new VerifiedTokens<string>(10);
    tokens.set("t", "Ada", 1_000, keys);
    expect(tokens.get("t", keys, 999)).toBe("Ada");
    expect(tokens.get("t", {}, 999)).toBeNull();
    tokens.set("t", "Ada", 1_000, keys);
    expect(tokens.get("t", keys, 1_000)).toBeNull();
    // An expired entry is gone, not kept for later.
    expect(tokens.get("t", keys, 0)).toBeNull();
  });

  it("holds at most its bound, the least recently used out first", () => {
    const tokens = new VerifiedTokens<string>(2);
    tokens.set("a", "A", 10, keys);
    tokens.set("b", "B", 10, keys);
    expect(tokens.get("a", keys, 0)).toBe("A");
    tokens.set("c", "C", 10, keys);
    expect(tokens.size).toBe(2);
    expect(tokens.get("b", keys, 0)).toBeNull();
    expect(tokens.get("a", keys, 0)).toBe("A");
    expect(tokens.get("c", keys, 0)).toBe("C");
  });
});
