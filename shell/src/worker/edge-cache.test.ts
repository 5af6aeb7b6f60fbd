import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { FragmentAnswer, FragmentRequest } from "../contract/fragment-contract.ts";
import { NAVIGATE_ENDPOINT } from "../contract/navigation-contract.ts";
import {
  EDGE_CACHE_HEADER,
  forgetEdgeState,
  withFreshNonce,
  type StoredAnswer,
} from "./edge-cache.ts";
import type { ServiceBinding, ShellEnv } from "./shell-env.ts";
import shellWorker from "./shell-worker.ts";
import {
  ORIGIN,
  createTestSigner,
  json,
  testEnv,
  type TestSigner,
} from "../test/fake-shell-env.ts";
import { resetKeyCache } from "./viewer-session.ts";

const BUILD_A = "aaaa1111bbbb";
const BUILD_B = "cccc2222dddd";
// The Cache API outlives a test; a fresh prefix keeps this run's keys its own.
const RUN = crypto.randomUUID().slice(0, 8);

let signer: TestSigner;

beforeAll(async () => {
  signer = await createTestSigner();
});
beforeEach(() => {
  resetKeyCache();
  forgetEdgeState();
});
afterEach(() => vi.restoreAllMocks());

const signedIn = (name: string) => signer.accessToken(name);

/** A small publication: the fake API's content version and the fragment's answers can change. */
class Newsroom {
  version = `${RUN}-1`;
  versionReads = 0;
  stateTtl = "0";
  versionAvailable = true;
  liveBuild = BUILD_A;
  /** The build the fragment renders with (lags `liveBuild` when a release lands mid-request). */
  renderBuild: string | null = null;
  headline = "First headline";
  renders = 0;
  scope: "public" | "private" = "public";
  status: 200 | 404 = 200;
  delayMs = 0;
  readonly viewersSeen: (string | null)[] = [];

  answer(request: FragmentRequest): FragmentAnswer {
    if (this.status === 404) return { kind: "not-found" };
    return {
      kind: "page",
      status: 200,
      head: { title: this.headline, description: "", canonicalPath: request.path },
      html: `<article><h1>${this.headline}</h1></article>`,
      props: { headline: this.headline },
      buildId: this.renderBuild ?? this.liveBuild,
      stylesheets: [],
      cache: { scope: this.scope, maxAge: 60 },
    };
  }

  env(): ShellEnv {
    const fragment: ServiceBinding = {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === "GET") return json({ buildId: this.liveBuild });
        const body = (await request.json()) as FragmentRequest;
        this.renders += 1;
        this.viewersSeen.push(body.viewer?.displayName ?? null);
        if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
        return json(this.answer(body));
      },
    };
    const api: ServiceBinding = {
      fetch: async (input, init) => {
        const path = new URL(new Request(input, init).url).pathname;
        if (path === "/api/content-version") {
          this.versionReads += 1;
          return this.versionAvailable
            ? json({ version: this.version })
            : json({ error: { code: "unavailable" } }, 503);
        }
        if (path === "/api/auth/jwks") return json(signer.jwks);
        if (path === "/api/sections") return json({ sections: [] });
        return json({ error: { code: "not_found" } }, 404);
      },
    };
    return testEnv(fragment, api, {
      // Every request reads the content version and the live build, so each change shows on
      // the very next request; the 1 s default is tested on its own below.
      EDGE_STATE_TTL_MS: this.stateTtl,
    });
  }
}

let pathCounter = 0;
/** Each test reads its own article address. */
function freshPath(): string {
  pathCounter += 1;
  return `/world/europe/story-${RUN}-${pathCounter}`;
}

async function get(
  env: ShellEnv,
  path: string,
  init: RequestInit = {},
): Promise<{ response: Response; html: string }> {
  const request = new Request(`${ORIGIN}${path}`, init) as Request<
    unknown,
    IncomingRequestCfProperties
  >;
  const response = await shellWorker.fetch(request, env);
  return { response, html: init.method === "HEAD" ? "" : await response.text() };
}

function noncesIn(html: string): Set<string> {
  return new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1] ?? ""));
}

describe("the edge cache, anonymous pages", () => {
  it("renders a page once, then serves it from the edge with a fresh nonce", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    const first = await get(env, path);
    const second = await get(env, path);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(second.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(room.renders).toBe(1);
    expect(second.html).toContain("First headline");
    // Downstream CDNs and browsers get the fragment's public policy.
    expect(second.response.headers.get("cache-control")).toMatch(/^public, max-age=60/);
    // A nonce is never reused: the stored copy gets this response's nonce, in CSP and tags.
    const [firstNonces, secondNonces] = [noncesIn(first.html), noncesIn(second.html)];
    expect(firstNonces.size).toBe(1);
    expect(secondNonces.size).toBe(1);
    const [nonce] = [...secondNonces];
    expect(firstNonces.has(nonce ?? "")).toBe(false);
    expect(second.response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
  });

  it("shows a publish or an edit on the very next request", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    await get(env, path);
    expect((await get(env, path)).response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    room.headline = "Corrected headline";
    room.version = `${RUN}-2`;
    const next = await get(env, path);
    expect(next.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(next.html).toContain("Corrected headline");
    expect(next.html).not.toContain("First headline");
  });

  it("shows a new release of the fragment on the very next request", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    await get(env, path);
    room.liveBuild = BUILD_B;
    const next = await get(env, path);
    expect(next.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(next.html).toContain(BUILD_B);
    expect(next.html).not.toContain(BUILD_A);
  });

  it("does not keep an answer rendered by another build than the key names", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    room.liveBuild = BUILD_B;
    room.renderBuild = BUILD_A; // the fragment has not seen the release yet
    await get(env, path);
    await get(env, path);
    expect(room.renders).toBe(2);
    room.renderBuild = null;
    await get(env, path);
    expect((await get(env, path)).response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(room.renders).toBe(3);
  });

  it("renders once for many readers who miss together", async () => {
    const room = new Newsroom();
    room.delayMs = 50;
    const env = room.env();
    const path = freshPath();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(env, path)));
    expect(room.renders).toBe(1);
    for (const { response, html } of answers) {
      expect(response.status).toBe(200);
      expect(html).toContain("First headline");
    }
    // Every one of them still gets its own nonce.
    const nonces = new Set(answers.flatMap(({ html }) => [...noncesIn(html)]));
    expect(nonces.size).toBe(answers.length);
  });

  it("never keeps missing pages, private answers or failures", async () => {
    const room = new Newsroom();
    const env = room.env();
    room.status = 404;
    const missing = freshPath();
    expect((await get(env, missing)).response.status).toBe(404);
    expect((await get(env, missing)).response.status).toBe(404);
    expect(room.renders).toBe(2);

    room.status = 200;
    room.scope = "private";
    const personal = freshPath();
    await get(env, personal);
    const again = await get(env, personal);
    expect(again.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(again.response.headers.get("cache-control")).toBe("no-store");
    expect(room.renders).toBe(4);
  });

  it("answers HEAD from the cache without a body", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    await get(env, path);
    const head = await get(env, path, { method: "HEAD" });
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(head.response.body).toBeNull();
  });

  it("is off altogether when EDGE_CACHE is off", async () => {
    const room = new Newsroom();
    const env = { ...room.env(), EDGE_CACHE: "off" };
    const path = freshPath();
    await get(env, path);
    const second = await get(env, path);
    expect(second.response.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
    expect(second.response.headers.get("cache-control")).toMatch(/^public/);
    expect(room.renders).toBe(2);
    expect(room.versionReads).toBe(0);
  });

  it("serves without the cache when the content version cannot be read", async () => {
    const room = new Newsroom();
    room.versionAvailable = false;
    const env = room.env();
    const path = freshPath();
    const first = await get(env, path);
    await get(env, path);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
    expect(room.renders).toBe(2);
  });

  it("by default trusts the content version for one second per isolate", async () => {
    const room = new Newsroom();
    room.stateTtl = "1000";
    const env = room.env();
    const path = freshPath();
    const clock = vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    await get(env, path);
    room.headline = "Corrected headline";
    room.version = `${RUN}-ttl-2`;
    // Within the second the edge still serves what it knew.
    clock.mockReturnValue(1_000_900);
    expect((await get(env, path)).html).toContain("First headline");
    expect(room.versionReads).toBe(1);
    // After it, the next request reads the version again and shows the correction.
    clock.mockReturnValue(1_001_001);
    const next = await get(env, path);
    expect(next.html).toContain("Corrected headline");
    expect(room.versionReads).toBe(2);
  });

  it("keys on the whole address, query included", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    await get(env, path);
    expect((await get(env, `${path}?before=x`)).response.headers.get(EDGE_CACHE_HEADER)).toBe(
      "MISS",
    );
  });
});

describe("the edge cache and account holders", () => {
  it("never gives an account holder another person's page, nor anyone theirs", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    // An anonymous reader fills the cache.
    await get(env, path);
    const ada = await get(env, path, {
      headers: { cookie: `__Host-access=${await signedIn("Ada Lovelace")}` },
    });
    const grace = await get(env, path, {
      headers: { cookie: `__Host-access=${await signedIn("Grace Hopper")}` },
    });
    const anonymous = await get(env, path);
    expect(ada.response.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
    expect(ada.response.headers.get("cache-control")).toBe("no-store");
    expect(ada.html).toContain("Ada Lovelace");
    expect(ada.html).not.toContain("Grace Hopper");
    expect(grace.html).toContain("Grace Hopper");
    expect(grace.html).not.toContain("Ada Lovelace");
    expect(anonymous.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(anonymous.html).not.toContain("Ada Lovelace");
    expect(anonymous.html).not.toContain("Grace Hopper");
  });

  it("a page first asked for by an account holder is not kept with their name", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    await get(env, path, {
      headers: { cookie: `__Host-access=${await signedIn("Ada Lovelace")}` },
    });
    const anonymous = await get(env, path);
    expect(anonymous.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(anonymous.html).not.toContain("Ada Lovelace");
  });

  it("reuses the public fragment answer for signed-in readers", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    for (const name of ["Ada Lovelace", "Grace Hopper"]) {
      const page = await get(env, path, {
        headers: { cookie: `__Host-access=${await signedIn(name)}` },
      });
      expect(page.html).toContain(name);
    }
    expect(room.renders).toBe(1);
  });

  it("client navigations use the kept fragment answer too", async () => {
    const room = new Newsroom();
    const env = room.env();
    const path = freshPath();
    await get(env, path);
    const navigation = await get(env, `${NAVIGATE_ENDPOINT}?path=${encodeURIComponent(path)}`);
    expect(navigation.response.status).toBe(200);
    expect(JSON.parse(navigation.html)).toMatchObject({ outcome: "fragment", buildId: BUILD_A });
    expect(room.renders).toBe(1);
  });
});

describe("withFreshNonce", () => {
  const decode = (body: Uint8Array | string) =>
    typeof body === "string" ? body : new TextDecoder().decode(body);
  const old = "T2xkTm9uY2VPbGROb25jZQ==";
  const stored = (body: string): StoredAnswer => ({ status: 200, headers: [], body, nonce: old });

  it("writes the new nonce over every copy of the old one, after any characters", () => {
    // Multi-byte characters before each nonce: offsets are in bytes, not characters.
    const page = stored(
      `<p>Café — “naïve” 🗞️</p><script nonce="${old}">1</script><p>日本語</p><script nonce="${old}">2</script>`,
    );
    const fresh = "TmV3Tm9uY2VOZXdOb25jZQ==";
    const first = decode(withFreshNonce(page, fresh));
    expect(first).toBe(page.body.split(old).join(fresh));
    // The stored bytes are copied, never changed: the next response gets its own nonce.
    const other = "QW5vdGhlck5vbmNlQW5vdA==";
    expect(decode(withFreshNonce(page, other))).toBe(page.body.split(old).join(other));
    expect(decode(withFreshNonce(page, fresh))).toBe(first);
  });

  it("handles a nonce of another length and a body without one", () => {
    const page = stored(`<script nonce="${old}"></script>`);
    expect(decode(withFreshNonce(page, "short"))).toBe(`<script nonce="short"></script>`);
    expect(decode(withFreshNonce(stored("<p>no scripts</p>"), "x"))).toBe("<p>no scripts</p>");
  });
});
