import type { FragmentRequest } from "../contract/fragment-contract.ts";
import { describe, expect, it } from "vitest";
import type { ServiceBinding } from "./shell-env.ts";
import {
  BUILD,
  bootData,
  failing,
  fragment,
  get,
  jsonResponse,
  makeEnv,
  pageAnswer,
} from "../test/page-fakes.ts";

describe("page composition", () => {
  it("sends one document with the fragment's head, the masthead and the fragment HTML", async () => {
    const { response, text } = await get("/world/europe/a-story", makeEnv());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(text.startsWith("<!doctype html>")).toBe(true);
    expect(text).toContain("<title>A story | The Daily Edge</title>");
    expect(text).toContain(
      '<link rel="canonical" href="https://daily-edge.example/world/europe/a-story">',
    );
    expect(text).toContain('<a href="/world" aria-current="page">World</a>');
    expect(text).toContain('data-fragment-root="content"><article><h1>A story</h1>');
    // Preloads are parser-inserted: under 'strict-dynamic' they need the response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(
      response.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(text).toContain(
      `<link rel="preload" as="script" href="/_mf/content/${BUILD}/remoteEntry.js" nonce="${nonce}">`,
    );
    expect(text).toContain(
      `<link rel="preload" as="script" href="/_shell/shell0build1/main.js" nonce="${nonce}">`,
    );
    // main.js is started by the inline loader after the first paint, not by a script tag.
    expect(text).toContain(
      `<script type="module" nonce="${nonce}">const src = "/_shell/shell0build1/main.js"`,
    );
    expect(text).not.toContain('src="/_shell/shell0build1/main.js"');
    const boot = bootData(text);
    expect(boot.initial).toMatchObject({
      outcome: "fragment",
      buildId: BUILD,
      routeId: "content.article",
    });
    expect(response.headers.get("cache-control")).toContain("stale-while-revalidate");
  });

  it("passes the route id, params and search to the owning fragment", async () => {
    let seen: FragmentRequest | null = null;
    const env = makeEnv({
      PAPER: fragment((request) => {
        seen = request;
        return jsonResponse(
          pageAnswer({
            head: { title: "Paper", description: "", canonicalPath: "/todays-paper/2026-11-21" },
          }),
        );
      }),
    });
    await get("/todays-paper/2026-11-21?x=1", env);
    expect(seen).toMatchObject({
      routeId: "paper.edition",
      params: { date: "2026-11-21" },
      search: "?x=1",
      origin: "https://daily-edge.example",
      viewer: null,
    });
  });

  it("turns a fragment's not-found into the shell's 404 page with the site's layout", async () => {
    const { response, text } = await get("/login", makeEnv());
    expect(response.status).toBe(404);
    expect(text).toContain("Page not found");
    expect(text).toContain("s-masthead");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers an address no route matches with a 404 page", async () => {
    const { response, text } = await get("/a/b/c/d", makeEnv());
    expect(response.status).toBe(404);
    expect(text).toContain("Page not found");
  });

  it("passes a fragment's redirect through", async () => {
    const env = makeEnv({
      CONTENT: fragment(() =>
        jsonResponse({ kind: "redirect", status: 301, location: "/world/europe/a-story" }),
      ),
    });
    const { response } = await get("/world/asia/a-story", env);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/world/europe/a-story");
  });

  it.each([
    ["throws", failing],
    ["answers 500", fragment(() => new Response("boom", { status: 500 }))],
    ["answers garbage", fragment(() => new Response("<html>not json"))],
    ["breaks the contract", fragment(() => jsonResponse({ kind: "page", html: 3 }))],
    [
      "redirects off-site",
      fragment(() => jsonResponse({ kind: "redirect", status: 301, location: "//evil.example" })),
    ],
  ])("keeps the page up when the fragment %s", async (_label, binding) => {
    const { response, text } = await get("/world", makeEnv({ CONTENT: binding }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(text).toContain("This page is unavailable right now");
    expect(text).toContain("s-masthead");
  });

  it("answers within the timeout when a fragment hangs", async () => {
    const hanging: ServiceBinding = { fetch: () => new Promise<Response>(() => undefined) };
    const started = Date.now();
    const { response } = await get("/world", makeEnv({ CONTENT: hanging }));
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(300 + 1_000);
  });

  it("keeps other fragments' routes working while one fails", async () => {
    const env = makeEnv({
      CONTENT: failing,
      PAPER: fragment(() =>
        jsonResponse(
          pageAnswer({ head: { title: "Paper", description: "", canonicalPath: "/todays-paper" } }),
        ),
      ),
    });
    expect((await get("/todays-paper", env)).response.status).toBe(200);
  });

  it("writes the fragment's head links (feed alternates, image preload)", async () => {
    const env = makeEnv({
      CONTENT: fragment(() =>
        jsonResponse(
          pageAnswer({
            head: {
              title: "World",
              description: "",
              canonicalPath: "/world",
              links: [
                {
                  rel: "alternate",
                  href: "/feeds/sections/world.xml",
                  type: "application/rss+xml",
                  title: 'World "news"',
                },
                { rel: "preload", href: "/images/a1.svg", as: "image" },
              ],
            },
          }),
        ),
      ),
    });
    const { text } = await get("/world", env);
    expect(text).toContain(
      '<link rel="alternate" href="/feeds/sections/world.xml" type="application/rss+xml" title="World &quot;news&quot;">',
    );
    expect(text).toContain('<link rel="preload" href="/images/a1.svg" as="image">');
  });

  it("escapes script-like text from a fragment's head", async () => {
    const env = makeEnv({
      CONTENT: fragment(() =>
        jsonResponse(
          pageAnswer({
            head: {
              title: "</title><script>alert(1)</script>",
              description: '"><script>alert(2)</script>',
              canonicalPath: "/x",
              jsonLd: [{ "@type": "NewsArticle", headline: "</script><script>alert(3)</script>" }],
            },
          }),
        ),
      ),
    });
    const { text } = await get("/world", env);
    expect(text).not.toContain("<script>alert");
    expect(text).toContain("&lt;/title&gt;&lt;script&gt;");
  });

  it("sends security headers and a nonce-based CSP on every page", async () => {
    for (const path of ["/world", "/a/b/c/d"]) {
      const { response, text } = await get(path, makeEnv());
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(text).toContain(`nonce="${nonce}"`);
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBeTruthy();
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("refuses methods other than GET and HEAD on pages", async () => {
    const { response } = await get("/world", makeEnv(), { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    const put = await get("/world", makeEnv(), { method: "PUT", body: "x" });
    expect(put.response.status).toBe(405);
  });

  it("still renders when the API cannot list sections", async () => {
    const { response, text } = await get("/world", makeEnv({ API: failing }));
    expect(response.status).toBe(200);
    expect(text).toContain("s-masthead");
  });
});

describe("navigation answers for the browser", () => {
  it("describes a page as JSON", async () => {
    const { response, text } = await get(
      "/_edge/navigate?path=%2Fworld%2Feurope%2Fa-story",
      makeEnv(),
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({
      outcome: "fragment",
      fragment: "content",
      buildId: BUILD,
    });
  });

  it("refuses a path that is not same-origin", async () => {
    const { response } = await get("/_edge/navigate?path=%2F%2Fevil.example", makeEnv());
    expect(response.status).toBe(400);
  });

  it("describes a missing page as a not-found outcome", async () => {
    const { response, text } = await get("/_edge/navigate?path=%2Fa%2Fb%2Fc%2Fd", makeEnv());
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(text)).toMatchObject({ outcome: "not-found" });
  });
});
