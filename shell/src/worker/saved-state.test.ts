import { apiFailure } from "edge-api/fake";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NAVIGATE_ENDPOINT } from "../contract/navigation-contract.ts";
import { EDGE_CACHE_HEADER } from "./edge-cache.ts";
import { forgetEdgeState } from "./edge-state.ts";
import { fragmentAnswerKey } from "./fragment-answer-cache.ts";
import { SAVED_STATE_TIMEOUT_MS } from "./saved-state.ts";
import { resetKeyCache } from "./viewer-session.ts";
import {
  BUILD_A,
  FakePublication,
  RUN,
  freshPath,
  get,
  setUpSigner,
  signedIn,
} from "../test/publication-fake.ts";
import { ORIGIN } from "../test/fake-shell-env.ts";

/** Issue 15: the article shows "Saved" to the signed-in reader who saved it, and to no one else. */

beforeAll(setUpSigner);
beforeEach(() => {
  resetKeyCache();
  forgetEdgeState();
});
afterEach(() => vi.restoreAllMocks());

const cookieOf = async (name: string) => ({
  headers: { cookie: `__Host-access=${await signedIn(name)}` },
});

function savedStateCalls(room: FakePublication) {
  return room.apiCalls.filter((call) => call.endpoint === "savedState");
}

describe("the saved state on article pages", () => {
  it("asks the API once with the reader's token, and a reader who saved and one who did not get different answers", async () => {
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    const slug = path.split("/").at(-1);
    const adaToken = await signedIn("Ada Lovelace");
    const ada = { headers: { cookie: `__Host-access=${adaToken}` } };
    const grace = await cookieOf("Grace Hopper");
    room.savedState = (call) => ({ saved: call.headers.authorization === `Bearer ${adaToken}` });
    const adaPage = await get(env, path, ada);
    const gracePage = await get(env, path, grace);
    expect(adaPage.response.status).toBe(200);
    expect(adaPage.html).toContain("<p>Saved</p>");
    expect(gracePage.html).toContain("<p>Save for later</p>");
    expect(gracePage.html).not.toContain("<p>Saved</p>");
    expect(room.savedSeen).toEqual([true, false]);
    const calls = savedStateCalls(room);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.params).toEqual({ slug });
    // Each answer is kept under its own key: Ada's second visit is not rendered again.
    const again = await get(env, path, ada);
    expect(again.html).toContain("<p>Saved</p>");
    expect(room.renders).toBe(2);
  });

  it("uses the renewed access token when the session was refreshed on this request", async () => {
    const room = new FakePublication();
    const renewed = await signedIn("Renewed Reader");
    room.refresh = {
      tokens: {
        accessToken: renewed,
        accessExpiresIn: 900,
        refreshToken: "next-refresh",
        refreshExpiresIn: 2_592_000,
      },
    };
    room.savedState = { saved: true };
    const env = room.env();
    const page = await get(env, freshPath(), { headers: { cookie: "__Host-refresh=old-refresh" } });
    expect(page.html).toContain("<p>Saved</p>");
    expect(savedStateCalls(room)[0]?.headers.authorization).toBe(`Bearer ${renewed}`);
  });

  it("leaves anonymous readers alone: no API call, saved null, and the whole page is kept as before", async () => {
    const room = new FakePublication();
    room.savedState = { saved: true };
    const env = room.env();
    const path = freshPath();
    const first = await get(env, path);
    const second = await get(env, path);
    expect(first.response.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(second.response.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(second.html).not.toContain("Saved");
    expect(room.savedSeen).toEqual([null]);
    expect(savedStateCalls(room)).toHaveLength(0);
  });

  it("asks nothing on other routes for signed-in readers", async () => {
    const room = new FakePublication();
    room.savedState = { saved: true };
    const env = room.env();
    const page = await get(env, `/section-${RUN}`, await cookieOf("Ada"));
    expect(page.response.status).toBe(200);
    expect(room.savedSeen).toEqual([null]);
    expect(savedStateCalls(room)).toHaveLength(0);
  });

  it("renders the page (200) with saved null when the API fails, and keeps that apart from a saved answer", async () => {
    const room = new FakePublication();
    const env = room.env();
    const path = freshPath();
    room.savedState = { saved: true };
    await get(env, path, await cookieOf("Ada Lovelace"));
    room.savedState = apiFailure(503, "unavailable");
    const page = await get(env, path, await cookieOf("Grace Hopper"));
    expect(page.response.status).toBe(200);
    expect(page.html).not.toContain("Saved");
    expect(page.html).not.toContain("Save for later");
    expect(room.savedSeen).toEqual([true, null]);
  });

  it("does not wait for a slow API: past its time budget the page renders with saved null", async () => {
    const room = new FakePublication();
    room.savedState = async () => {
      await new Promise((resolve) => setTimeout(resolve, SAVED_STATE_TIMEOUT_MS + 700));
      return { saved: true };
    };
    const env = room.env();
    const started = Date.now();
    const page = await get(env, freshPath(), await cookieOf("Ada Lovelace"));
    expect(page.response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(SAVED_STATE_TIMEOUT_MS + 600);
    expect(room.savedSeen).toEqual([null]);
  });

  it("client navigations go through the same lookup", async () => {
    const room = new FakePublication();
    room.savedState = { saved: true };
    const env = room.env();
    const path = freshPath();
    const navigation = await get(
      env,
      `${NAVIGATE_ENDPOINT}?path=${encodeURIComponent(path)}`,
      await cookieOf("Ada Lovelace"),
    );
    expect(JSON.parse(navigation.html)).toMatchObject({
      outcome: "fragment",
      buildId: BUILD_A,
      props: { saved: true },
    });
    expect(savedStateCalls(room)).toHaveLength(1);
  });
});

describe("the fragment answer's key", () => {
  it("names the saved state: true, false and null are three keys", () => {
    const state = { fragment: "content" as const, contentVersion: "v1", fragmentBuild: BUILD_A };
    const keys = [true, false, null].map((saved) =>
      fragmentAnswerKey(ORIGIN, state, { route: "content.article", saved }, "/world/europe/a"),
    );
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toContain("saved=true");
    expect(keys[2]).toContain("saved=null");
  });
});
