import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NAVIGATE_ENDPOINT } from "../contract/navigation-contract.ts";
import { EDGE_CACHE_HEADER } from "./edge-cache.ts";
import { forgetEdgeState } from "./edge-state.ts";
import { resetKeyCache } from "./viewer-session.ts";
import {
  BUILD_A,
  FakePublication,
  freshPath,
  get,
  setUpSigner,
  signedIn,
} from "../test/publication-fake.ts";

beforeAll(setUpSigner);
beforeEach(() => {
  resetKeyCache();
  forgetEdgeState();
});
afterEach(() => vi.restoreAllMocks());

describe("the edge cache and account holders", () => {
  it("never gives an account holder another person's page, nor anyone theirs", async () => {
    const room = new FakePublication();
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
    // Their template is kept apart from the anonymous page: made once, then filled for each.
    expect(ada.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(grace.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(ada.response.headers.get("cache-control")).toBe("no-store");
    expect(grace.response.headers.get("cache-control")).toBe("no-store");
    expect(ada.html).toContain("Ada Lovelace");
    expect(ada.html).not.toContain("Grace Hopper");
    expect(grace.html).toContain("Grace Hopper");
    expect(grace.html).not.toContain("Ada Lovelace");
    expect(anonymous.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(anonymous.html).not.toContain("Ada Lovelace");
    expect(anonymous.html).not.toContain("Grace Hopper");
  });

  it("a page first asked for by an account holder is not kept with their name", async () => {
    const room = new FakePublication();
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
    const room = new FakePublication();
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
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    await get(env, path);
    const navigation = await get(env, `${NAVIGATE_ENDPOINT}?path=${encodeURIComponent(path)}`);
    expect(navigation.response.status).toBe(200);
    expect(JSON.parse(navigation.html)).toMatchObject({ outcome: "fragment", buildId: BUILD_A });
    expect(room.renders).toBe(1);
  });
});
