import { describe, expect, it } from "vitest";
import { newsroomAccessOf, pageRoutes } from "../contract/site-addresses.ts";
import {
  isNewsroomPath,
  matchPassthrough,
  matchRoute,
  passthroughRoutes,
  routeTable,
} from "./route-table.ts";

describe("the route table", () => {
  it.each([
    ["/", "content.home", {}],
    ["/login", "account.login", {}],
    ["/sign-up", "account.sign-up", {}],
    ["/forgot-password", "account.forgot-password", {}],
    ["/reset-password", "account.reset-password", {}],
    ["/profile", "account.profile", {}],
    ["/todays-paper", "paper.today", {}],
    ["/todays-paper/2026-11-21", "paper.edition", { date: "2026-11-21" }],
    ["/todays-paper/2026-11-21/B1", "paper.page", { date: "2026-11-21", page: "B1" }],
    ["/world", "content.section", { section: "world" }],
    ["/world/europe", "content.category", { section: "world", category: "europe" }],
    [
      "/world/europe/a-story",
      "content.article",
      { section: "world", category: "europe", slug: "a-story" },
    ],
    ["/authors/jane-doe", "content.author", { slug: "jane-doe" }],
    ["/pages/about", "content.page", { slug: "about" }],
    ["/tags/climate", "content.tag", { slug: "climate" }],
    ["/search", "content.search", {}],
  ])("%s is %s", (path, id, params) => {
    const match = matchRoute(path);
    expect(match?.route.id).toBe(id);
    expect(match?.params).toEqual(params);
  });

  it("prefers a static segment over a parameter", () => {
    // `/authors/x` could be a category of a section called "authors"; the static route wins.
    expect(matchRoute("/authors/x")?.route.id).toBe("content.author");
    expect(matchRoute("/todays-paper/yesterday")?.route.id).toBe("paper.edition");
    expect(matchRoute("/login")?.route.id).toBe("account.login");
  });

  it("matches nothing deeper than an article", () => {
    expect(matchRoute("/a/b/c/d")).toBeNull();
  });

  it("decodes parameters so fragments validate what the reader typed", () => {
    expect(matchRoute("/todays-paper/..%2F..%2Fx")?.params).toEqual({ date: "../../x" });
  });

  it("sends feeds, sitemaps and robots.txt to content and images to the API", () => {
    expect(matchPassthrough("/feeds/world.xml")?.target).toBe("content");
    expect(matchPassthrough("/sitemap.xml")?.target).toBe("content");
    expect(matchPassthrough("/sitemaps/articles-1.xml")?.target).toBe("content");
    expect(matchPassthrough("/robots.txt")?.target).toBe("content");
    expect(matchPassthrough("/images/abc.svg")?.target).toBe("api");
    // The media library's raster variants (issue 16, decision 0022) live under the same area.
    expect(matchPassthrough(`/images/media/${"a".repeat(32)}/wide-640.avif`)?.target).toBe("api");
    expect(matchPassthrough("/world")).toBeNull();
    expect(matchPassthrough("/robots.txt/x")).toBeNull();
  });

  it("forwards one area per first segment of the non-page addresses", () => {
    expect(passthroughRoutes).toEqual([
      { prefix: "/robots.txt", exact: true, target: "content" },
      { prefix: "/sitemap.xml", exact: true, target: "content" },
      { prefix: "/sitemaps/", exact: false, target: "content" },
      { prefix: "/feeds/", exact: false, target: "content" },
      { prefix: "/images/", exact: false, target: "api" },
    ]);
  });

  it("is the page table of the site's addresses, in its order", () => {
    expect(routeTable.map((route) => [route.id, route.path, route.fragment])).toEqual(
      Object.entries(pageRoutes).map(([id, route]) => [id, route.path, route.fragment]),
    );
  });

  it("gives every route a unique id", () => {
    expect(new Set(routeTable.map((r) => r.id)).size).toBe(routeTable.length);
  });
});

describe("newsroom pages", () => {
  it.each([
    ["/newsroom", "content.newsroom", "staff"],
    ["/newsroom/stories/new", "content.newsroom-new-story", "staff"],
    ["/newsroom/stories/st-1", "content.newsroom-story", "staff"],
    ["/newsroom/stories/st-1/revisions", "content.newsroom-revisions", "staff"],
    ["/newsroom/preview/tok", "content.newsroom-preview", "staff"],
    ["/newsroom/sign-in", "account.newsroom-sign-in", "second-factor"],
    ["/newsroom/join", "account.newsroom-join", "open"],
    ["/newsroom/staff", "account.newsroom-staff", "staff"],
    ["/newsroom/import", "content.newsroom-import", "staff"],
    ["/newsroom/import/imp_1", "content.newsroom-import-job", "staff"],
  ])("%s is %s, level %s", (path, id, level) => {
    const match = matchRoute(path);
    expect(match?.route.id).toBe(id);
    expect(match?.route.newsroom).toBe(level);
    expect(newsroomAccessOf(id)).toBe(level);
    expect(isNewsroomPath(path)).toBe(true);
  });

  it("take a multipart upload only on the media library and the Import form (issue 18)", () => {
    expect(routeTable.filter((route) => route.uploads).map((route) => route.id)).toEqual([
      "content.newsroom-media",
      "content.newsroom-import",
    ]);
    expect(matchRoute("/newsroom/import/imp_1")?.params).toEqual({ id: "imp_1" });
  });

  it("are told apart from readers' pages", () => {
    for (const path of ["/", "/login", "/world/europe/a-story", "/newsroom-notes", "/nope/a/b/c"]) {
      expect(isNewsroomPath(path)).toBe(false);
    }
    expect(newsroomAccessOf("content.article")).toBeNull();
    expect(newsroomAccessOf("no.such.route")).toBeNull();
    // Every newsroom page lives under /newsroom, so robots.txt and the chrome can rely on it.
    for (const route of routeTable.filter((r) => r.newsroom !== null)) {
      expect(route.path === "/newsroom" || route.path.startsWith("/newsroom/")).toBe(true);
    }
  });
});
