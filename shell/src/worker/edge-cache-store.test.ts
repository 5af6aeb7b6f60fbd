import { describe, expect, it } from "vitest";
import { edgeCacheKey, lookup, peek, store, type StoredAnswer } from "./edge-cache.ts";

const ORIGIN = "https://daily-edge.example";
const state = { contentVersion: "v1", fragment: "content" as const, fragmentBuild: "b1" };

describe("edge cache keys and writes", () => {
  it("keys on the site's own origin, never a made-up host", () => {
    const key = edgeCacheKey(ORIGIN, { kind: "page", state, address: "/world?x=1", extra: {} });
    expect(new URL(key).origin).toBe(ORIGIN);
    expect(key).toContain("address=%2Fworld%3Fx%3D1");
  });

  it("writes the Cache API after the response, through waitUntil, and memory at once", async () => {
    const key = edgeCacheKey(ORIGIN, {
      kind: "page",
      state: { ...state, contentVersion: crypto.randomUUID() },
      address: "/store-test",
      extra: {},
    });
    const answer: StoredAnswer = {
      status: 200,
      headers: [["x-a", "1"]],
      body: "kept",
      nonce: null,
    };
    const later: Promise<unknown>[] = [];
    store(key, answer, 60, (work) => later.push(work));
    expect(later).toHaveLength(1);
    expect(peek(key)?.body).toBe("kept");
    await Promise.all(later);
    const fromCacheApi = await caches.default.match(key);
    expect(await fromCacheApi?.text()).toBe("kept");
    expect((await lookup(key))?.headers).toContainEqual(["x-a", "1"]);
  });
});
