import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EDGE_CACHE_HEADER } from "./edge-cache.ts";
import { forgetEdgeState } from "./edge-state.ts";
import { resetKeyCache } from "./viewer-session.ts";
import {
  BUILD_A,
  BUILD_B,
  RUN,
  FakePublication,
  freshPath,
  get,
  noncesIn,
  setUpSigner,
} from "../test/publication-fake.ts";

beforeAll(setUpSigner);
beforeEach(() => {
  resetKeyCache();
  forgetEdgeState();
});
afterEach(() => vi.restoreAllMocks());

describe("the edge cache, anonymous pages", () => {
  it("renders a page once, then serves it from the edge with a fresh nonce", async () => {
    const room = new FakePublication();
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
    const room = new FakePublication();
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
    const room = new FakePublication();
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
    const room = new FakePublication();
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
    const room = new FakePublication();
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
    const room = new FakePublication();
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
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    await get(env, path);
    const head = await get(env, path, { method: "HEAD" });
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(head.response.body).toBeNull();
  });

  it("is off altogether when EDGE_CACHE is off", async () => {
    const room = new FakePublication();
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
    const room = new FakePublication();
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
    const room = new FakePublication();
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
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    await get(env, path);
    expect((await get(env, `${path}?before=x`)).response.headers.get(EDGE_CACHE_HEADER)).toBe(
      "MISS",
    );
  });
});
