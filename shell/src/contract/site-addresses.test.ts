import generated from "edge-api/site-routes" with { type: "json" };
import { describe, expect, expectTypeOf, it } from "vitest";
import { matchRoute } from "../routes/route-table.ts";
import {
  hrefFor,
  isPageRouteId,
  matchPassthroughAddress,
  pageRoutes,
  passthroughAddresses,
  reservedSectionSlugs,
  siteRoutesManifest,
  siteTable,
  urlFor,
  type PathParamNames,
} from "./site-addresses.ts";

describe("hrefFor", () => {
  it("builds page addresses from their ids", () => {
    expect(hrefFor("content.home")).toBe("/");
    expect(hrefFor("paper.today")).toBe("/todays-paper");
    expect(hrefFor("paper.edition", { date: "2026-11-21" })).toBe("/todays-paper/2026-11-21");
    expect(hrefFor("content.author", { slug: "ada-okafor" })).toBe("/authors/ada-okafor");
    expect(
      hrefFor("content.article", { section: "world", category: "europe", slug: "a-story" }),
    ).toBe("/world/europe/a-story");
  });

  it("builds the non-page addresses the content fragment serves", () => {
    expect(hrefFor("content.feed-all")).toBe("/feeds/all.xml");
    expect(hrefFor("content.feed-section", { slug: "world" })).toBe("/feeds/sections/world.xml");
    expect(hrefFor("content.feed-author", { slug: "ada" })).toBe("/feeds/authors/ada.xml");
    expect(hrefFor("content.feed-tag", { slug: "climate" })).toBe("/feeds/tags/climate.xml");
    expect(hrefFor("content.sitemap-index")).toBe("/sitemap.xml");
    expect(hrefFor("content.sitemap-articles", { page: 3 })).toBe("/sitemaps/articles-3.xml");
    expect(hrefFor("content.robots")).toBe("/robots.txt");
  });

  it("percent-encodes every parameter, so a value cannot change the path", () => {
    expect(hrefFor("content.tag", { slug: "a/b" })).toBe("/tags/a%2Fb");
    expect(hrefFor("content.tag", { slug: "a b?c#d" })).toBe("/tags/a%20b%3Fc%23d");
    expect(hrefFor("content.tag", { slug: "café" })).toBe("/tags/caf%C3%A9");
    expect(hrefFor("content.tag", { slug: "..%2F" })).toBe("/tags/..%252F");
  });

  it("refuses a missing, empty, `.` or `..` parameter rather than link elsewhere", () => {
    for (const slug of ["", ".", ".."]) {
      expect(() => hrefFor("content.page", { slug })).toThrow(/content\.page.*slug/);
    }
    const untyped = hrefFor as (id: string, params?: object) => string;
    expect(() => untyped("content.page", {})).toThrow(/slug/);
    expect(() => untyped("content.nowhere")).toThrow(/no address/);
  });

  it("appends a query from a record (leaving out undefined) or from URLSearchParams", () => {
    expect(hrefFor("content.search", {}, { q: "bridge & tunnel", cursor: undefined })).toBe(
      "/search?q=bridge+%26+tunnel",
    );
    expect(hrefFor("account.login", {}, new URLSearchParams({ next: "/profile" }))).toBe(
      "/login?next=%2Fprofile",
    );
    expect(hrefFor("content.search", {}, {})).toBe("/search");
    expect(hrefFor("content.tag", { slug: "x" }, { page: 2, all: true })).toBe(
      "/tags/x?page=2&all=true",
    );
  });

  it("makes absolute URLs on the public origin", () => {
    expect(urlFor("https://news.example", "content.feed-section", { slug: "world" })).toBe(
      "https://news.example/feeds/sections/world.xml",
    );
  });

  it("is checked by the compiler: known ids, and exactly the pattern's parameters", () => {
    expectTypeOf<PathParamNames<"/:section/:category/:slug">>().toEqualTypeOf<
      "section" | "category" | "slug"
    >();
    expectTypeOf<PathParamNames<"/feeds/tags/:slug.xml">>().toEqualTypeOf<"slug">();
    expectTypeOf<PathParamNames<"/search">>().toEqualTypeOf<never>();
    const compileOnly = () => {
      // @ts-expect-error a missing parameter does not compile
      hrefFor("content.category", { section: "world" });
      // @ts-expect-error an address with parameters needs them
      hrefFor("content.author");
      // @ts-expect-error an unknown id does not compile
      hrefFor("content.nowhere");
      // @ts-expect-error a parameter the pattern does not have does not compile
      hrefFor("content.tag", { slug: "x", section: "y" });
    };
    expect(compileOnly).toBeTypeOf("function");
  });
});

/** A value for every parameter of `path`, to build each address of the table once. */
function sampleParams(path: string): Record<string, string> {
  return Object.fromEntries(
    [...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m, i) => [m[1], `v${i}-x`]),
  );
}

describe("the table", () => {
  it("writes parameters as names that end at `/`, `.` or the end of the pattern", () => {
    const all = [...Object.values(pageRoutes), ...Object.values(passthroughAddresses)];
    for (const { path } of all) {
      expect(path.startsWith("/")).toBe(true);
      for (const after of path.split(":").slice(1)) {
        expect(after, path).toMatch(/^[A-Za-z][A-Za-z0-9]*([/.]|$)/);
      }
    }
    for (const { path } of Object.values(pageRoutes)) {
      // react-router matches pages, so a page's parameter is a whole segment.
      for (const segment of path.split("/")) {
        if (segment.includes(":")) expect(segment, path).toMatch(/^:[A-Za-z][A-Za-z0-9]*$/);
      }
    }
  });

  it("routes every page address it builds to that page", () => {
    for (const [id, { path }] of Object.entries(pageRoutes)) {
      const params = sampleParams(path);
      const href = hrefFor(id as "content.article", params as never);
      expect(matchRoute(href)?.route.id, href).toBe(id);
      expect(matchRoute(href)?.params).toEqual(params);
    }
  });

  it("reads every non-page address it builds back, decoded", () => {
    for (const [id, { path }] of Object.entries(passthroughAddresses)) {
      const params = sampleParams(path);
      const href = hrefFor(id as "content.feed-tag", params as never);
      expect(matchPassthroughAddress(href), href).toEqual({ id, params });
    }
    expect(matchPassthroughAddress("/feeds/tags/caf%C3%A9.xml")?.params).toEqual({
      slug: "café",
    });
    expect(matchPassthroughAddress("/feeds/tags/a/b.xml")).toBeNull();
    expect(matchPassthroughAddress("/feeds/tags/%E0.xml")).toBeNull();
    expect(matchPassthroughAddress("/feeds/all.xmlx")).toBeNull();
    expect(matchPassthroughAddress("/world")).toBeNull();
  });

  it("narrows route ids received as text", () => {
    expect(isPageRouteId("paper.edition")).toBe(true);
    expect(isPageRouteId("content.feed-all")).toBe(false);
    expect(isPageRouteId("toString")).toBe(false);
  });
});

describe("reserved section slugs", () => {
  it("reserve every word the API reserved by hand before the table did", () => {
    const handWritten = [
      "login",
      "sign-up",
      "forgot-password",
      "reset-password",
      "profile",
      "logout",
      "verify-email",
      "confirm-email",
      "todays-paper",
      "authors",
      "pages",
      "tags",
      "search",
      "feeds",
      "images",
      "sitemaps",
      "api",
      "_mf",
      "_shell",
      "_edge",
      "_fragment",
      "_dev",
      "favicon.ico",
      "robots.txt",
      "sitemap.xml",
    ];
    expect(reservedSectionSlugs()).toEqual(expect.arrayContaining(handWritten));
    expect(reservedSectionSlugs()).not.toContain("");
    expect(reservedSectionSlugs()).toEqual([...reservedSectionSlugs()].sort());
  });

  it("reserve the first segment of a static route as soon as it is in the table", () => {
    const withObituaries = {
      ...siteTable,
      pages: { ...siteTable.pages, "content.obituaries": { path: "/obituaries/:slug" } },
    };
    expect(reservedSectionSlugs()).not.toContain("obituaries");
    expect(reservedSectionSlugs(withObituaries)).toContain("obituaries");
    expect(reservedSectionSlugs()).toContain("newsroom");

    const withPodcasts = {
      ...siteTable,
      passthrough: { ...siteTable.passthrough, "content.podcasts": { path: "/podcasts.xml" } },
    };
    expect(reservedSectionSlugs(withPodcasts)).toContain("podcasts.xml");
  });

  it("do not reserve a parameter", () => {
    const withParameter = {
      ...siteTable,
      pages: { ...siteTable.pages, "content.x": { path: "/:anything/:more/:deeper/:still" } },
    };
    expect(reservedSectionSlugs(withParameter)).toEqual(reservedSectionSlugs());
  });
});

describe("edge-api's generated copy (site-routes.generated.json)", () => {
  it("is what the table gives now; run `npm run generate:site-routes` after a change", () => {
    expect(generated).toEqual(siteRoutesManifest());
  });
});
