import { apiFailure, createFakeApi, rawAnswer, type FakeAnswer } from "edge-api/fake";
import { beforeEach, describe, expect, it } from "vitest";
import type { FragmentAnswer, FragmentRequest } from "../contract/fragment-contract.ts";
import { NAVIGATE_ENDPOINT } from "../contract/navigation-contract.ts";
import { callShell } from "../test/call-shell.ts";
import { ORIGIN, json, testEnv } from "../test/fake-shell-env.ts";
import { forgetEdgeState } from "./edge-state.ts";
import { LEGACY_REDIRECT_CACHE, LEGACY_REDIRECT_TIMEOUT_MS } from "./legacy-redirects.ts";
import type { ServiceBinding } from "./shell-env.ts";

/** Issue 18: an imported publication's old addresses answer 301 to where its posts live now. */

const BUILD = "eeee5555ffff";
const RUN = crypto.randomUUID().slice(0, 8);
const STORY = `/world/europe/story-${RUN}`;

const article = (slug: string) => ({
  target: { kind: "article" as const, section: "world", category: "europe", slug },
});

/** The content fragment: the home page and STORY exist, every other address is not found. */
function contentFragment(): ServiceBinding {
  return {
    async fetch(input, init) {
      const request = new Request(input, init);
      if (request.method === "GET") return json({ buildId: BUILD });
      const body = (await request.json()) as FragmentRequest;
      const exists = body.routeId === "content.home" || body.path === STORY;
      const answer: FragmentAnswer = exists
        ? {
            kind: "page",
            status: 200,
            head: { title: body.routeId, description: "", canonicalPath: body.path },
            html: `<main>${body.routeId}</main>`,
            props: {},
            buildId: BUILD,
            stylesheets: [],
            cache: { scope: "public", maxAge: 60 },
          }
        : { kind: "not-found" };
      return json(answer);
    },
  };
}

function site(legacyRedirect: FakeAnswer<"legacyRedirect">) {
  const api = createFakeApi({
    legacyRedirect,
    contentVersion: { version: `${RUN}-v1` },
    sections: { sections: [] },
    banner: { banner: null },
  });
  const env = testEnv(contentFragment(), api.binding, { EDGE_STATE_TTL_MS: "0" });
  const lookups = () => api.calls.filter((call) => call.endpoint === "legacyRedirect");
  const get = (path: string) => callShell(new Request(`${ORIGIN}${path}`), env);
  const post = (path: string, form: string) =>
    callShell(
      new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        body: form,
      }),
      env,
    );
  return { get, post, lookups };
}

/** The fake API's old addresses, as the API keys them (its own tests cover the keys). */
const OLD_ADDRESSES: Record<
  string,
  ReturnType<typeof article> | { target: { kind: "page"; slug: string } }
> = {
  "/my-old-post": article("imported-story"),
  "/my-old-post/": article("imported-story"),
  "/2024/05/my-post": article("wordpress-story"),
  "/2024/05/my-post/": article("wordpress-story"),
  "/a/b/c/d/e": article("deep-story"),
  "/?p=123": article("short-link-story"),
  "/?page_id=7": { target: { kind: "page", slug: "about" } },
};

const knownAddresses: FakeAnswer<"legacyRedirect"> = (call) =>
  OLD_ADDRESSES[call.query.path ?? ""] ?? apiFailure(404, "not_found");

beforeEach(() => forgetEdgeState());

describe("old addresses where the shell would answer 404", () => {
  it("answers 301 to the article when the fragment found nothing (a Ghost /slug taken as a section)", async () => {
    const { get, lookups } = site(knownAddresses);
    const response = await get("/my-old-post");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/world/europe/imported-story");
    // Kept a few minutes for this address only, never as a page and never indefinitely.
    expect(response.headers.get("cache-control")).toBe(LEGACY_REDIRECT_CACHE);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toBe("");
    expect(lookups().map((call) => call.query.path)).toEqual(["/my-old-post"]);
  });

  it("answers a WordPress permalink with a trailing slash in one redirect", async () => {
    const { get } = site(knownAddresses);
    const response = await get("/2024/05/my-post/");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/world/europe/wordpress-story");
  });

  it("answers 301 for an address no route matches", async () => {
    const { get } = site(knownAddresses);
    const response = await get("/a/b/c/d/e");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/world/europe/deep-story");
  });

  it("sends the whole address, query included, for the API to normalise", async () => {
    const { get, lookups } = site(knownAddresses);
    await get("/never-was/?utm_source=feed");
    expect(lookups().map((call) => call.query.path)).toEqual(["/never-was/?utm_source=feed"]);
  });

  it("answers the 404 page as before when the API knows no such old address", async () => {
    const { get, lookups } = site(knownAddresses);
    const response = await get("/never-was");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(lookups()).toHaveLength(1);
  });

  it("tells a client-side navigation to go to the new address", async () => {
    const { get } = site(knownAddresses);
    const response = await get(`${NAVIGATE_ENDPOINT}?path=${encodeURIComponent("/my-old-post")}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      outcome: "redirect",
      location: "/world/europe/imported-story",
    });
  });
});

describe("WordPress's short links on the home page", () => {
  it("answers /?p= with 301 to the article and /?page_id= to the page", async () => {
    const { get } = site(knownAddresses);
    const post = await get("/?p=123");
    expect(post.status).toBe(301);
    expect(post.headers.get("location")).toBe("/world/europe/short-link-story");
    const page = await get("/?page_id=7");
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe("/pages/about");
  });

  it("renders the home page when the API knows no such post", async () => {
    const { get, lookups } = site(knownAddresses);
    const response = await get("/?p=999");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<main>content.home</main>");
    expect(lookups()).toHaveLength(1);
  });
});

describe("a lookup that fails never changes the reader's answer", () => {
  it("answers the 404 page, and the home page for /?p=, when the API fails", async () => {
    const { get, lookups } = site(apiFailure(500, "internal_error"));
    expect((await get("/my-old-post")).status).toBe(404);
    const home = await get(`/?p=123&run=${RUN}-500`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<main>content.home</main>");
    expect(lookups()).toHaveLength(2);
  });

  it("does not wait past its time budget for a slow API", async () => {
    const { get } = site(async () => {
      await new Promise((resolve) => setTimeout(resolve, LEGACY_REDIRECT_TIMEOUT_MS + 700));
      return article("too-late");
    });
    const started = Date.now();
    const missing = await get("/my-old-post");
    const home = await get(`/?p=123&run=${RUN}-slow`);
    expect(missing.status).toBe(404);
    expect(home.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2 * LEGACY_REDIRECT_TIMEOUT_MS + 600);
  });

  it("ignores an answer that would leave the site or break the contract: the 404 stands", async () => {
    for (const answer of [
      // A slug that would make a link to another address of the site.
      { target: { kind: "article" as const, section: "world", category: "..", slug: "x" } },
      { target: { kind: "page" as const, slug: "." } },
    ]) {
      const { get } = site(answer);
      const response = await get("/my-old-post");
      expect(response.status).toBe(404);
      expect(response.headers.get("location")).toBeNull();
    }
    const offSite = site(
      rawAnswer(() => Response.json({ location: "https://evil.example/phish" })),
    );
    const response = await offSite.get("/my-old-post");
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
  });

  it("encodes a slug that looks like another origin, so the location stays on this site", async () => {
    const { get } = site({
      target: { kind: "article", section: "/evil.example", category: "\\x", slug: "y" },
    });
    const response = await get("/my-old-post");
    expect(response.status).toBe(301);
    const location = response.headers.get("location") ?? "";
    expect(location).toBe("/%2Fevil.example/%5Cx/y");
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
  });
});

describe("pages that exist never ask", () => {
  it("an article, the home page and the home page with another query make no lookup", async () => {
    const { get, lookups } = site(knownAddresses);
    expect((await get(STORY)).status).toBe(200);
    expect((await get("/")).status).toBe(200);
    expect((await get(`/?ref=${RUN}&p=`)).status).toBe(200);
    expect(lookups()).toHaveLength(0);
  });

  it("a form posted to a page that answers not found makes no lookup", async () => {
    const { post, lookups } = site(knownAddresses);
    // The account fragment takes forms; this fake one finds nothing at /login.
    const response = await post("/login", "email=a%40example.com");
    expect(response.status).toBe(404);
    expect(lookups()).toHaveLength(0);
  });
});
