import { apiFailure, createFakeApi, type FakeApi } from "edge-api/fake";
import {
  aNewsSitemapResponse,
  aSitemapArticlesResponse,
  aSitemapIndexResponse,
} from "edge-api/fake/content";
import { describe, expect, it } from "vitest";
import { pathsAsked } from "../test/api-calls.ts";
import { fetchPublishing, PUBLIC_ORIGIN } from "../test/publishing-fetch.ts";
import { findAll, parseXml, textOf } from "../test/xml-check.ts";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

async function xmlAt(api: FakeApi, path: string) {
  const response = await fetchPublishing(api, path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toMatch(/^public, max-age=300/);
  return parseXml(await response.text());
}

describe("sitemaps", () => {
  it("lists the listings, every article page and the news sitemap in the index", async () => {
    const api = createFakeApi({ sitemapIndex: aSitemapIndexResponse({ articlePages: 2 }) });
    const index = await xmlAt(api, "/sitemap.xml");
    expect(index.name).toBe("sitemapindex");
    expect(index.attributes.xmlns).toBe(SITEMAP_NS);
    expect(findAll(index, "loc").map((loc) => loc.text)).toEqual([
      `${PUBLIC_ORIGIN}/sitemaps/listings.xml`,
      `${PUBLIC_ORIGIN}/sitemaps/articles-1.xml`,
      `${PUBLIC_ORIGIN}/sitemaps/articles-2.xml`,
      `${PUBLIC_ORIGIN}/sitemaps/news.xml`,
    ]);
    expect(textOf(findAll(index, "sitemap")[0] ?? index, "lastmod")).toBe(
      "2026-11-21T14:05:00.000Z",
    );
  });

  it("lists every listing page with absolute locations and known dates", async () => {
    const api = createFakeApi({
      sitemapIndex: aSitemapIndexResponse({
        sections: [{ slug: "world", updatedAt: "2026-11-21T09:30:00.000Z" }],
        categories: [],
        authors: [],
        tags: [],
        pages: [{ slug: "about-us", updatedAt: "2026-01-15T12:00:00.000Z" }],
      }),
    });
    const urlset = await xmlAt(api, "/sitemaps/listings.xml");
    expect(urlset.name).toBe("urlset");
    const urls = findAll(urlset, "url");
    expect(urls.map((url) => textOf(url, "loc"))).toEqual([
      `${PUBLIC_ORIGIN}/`,
      `${PUBLIC_ORIGIN}/world`,
      `${PUBLIC_ORIGIN}/pages/about-us`,
    ]);
    expect(urls.map((url) => textOf(url, "lastmod"))).toEqual([
      "2026-11-21T14:05:00.000Z",
      "2026-11-21T09:30:00.000Z",
      "2026-01-15T12:00:00.000Z",
    ]);
  });

  it("lists home, sections, categories, the authors index and authors, the topics index and tags, and static pages, in that order", async () => {
    const api = createFakeApi({
      sitemapIndex: aSitemapIndexResponse({
        siteUpdatedAt: null,
        sections: [{ slug: "world", updatedAt: null }],
        categories: [{ section: "world", slug: "europe", updatedAt: "2026-11-20T08:00:00.000Z" }],
        authors: [{ slug: "ada-okafor", updatedAt: "2026-11-19T08:00:00.000Z" }],
        tags: [{ slug: "infrastructure", updatedAt: null }],
        pages: [{ slug: "about-us", updatedAt: "2026-01-15T12:00:00.000Z" }],
      }),
    });
    const response = await fetchPublishing(api, "/sitemaps/listings.xml");
    // Byte for byte what search engines have always been sent, plus the two indexes (issue 15);
    // a listing without a date has no lastmod.
    expect(await response.text()).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<urlset xmlns="${SITEMAP_NS}">`,
        `<url><loc>${PUBLIC_ORIGIN}/</loc></url>`,
        `<url><loc>${PUBLIC_ORIGIN}/world</loc></url>`,
        `<url><loc>${PUBLIC_ORIGIN}/world/europe</loc><lastmod>2026-11-20T08:00:00.000Z</lastmod></url>`,
        `<url><loc>${PUBLIC_ORIGIN}/authors</loc><lastmod>2026-11-19T08:00:00.000Z</lastmod></url>`,
        `<url><loc>${PUBLIC_ORIGIN}/authors/ada-okafor</loc><lastmod>2026-11-19T08:00:00.000Z</lastmod></url>`,
        `<url><loc>${PUBLIC_ORIGIN}/tags</loc></url>`,
        `<url><loc>${PUBLIC_ORIGIN}/tags/infrastructure</loc></url>`,
        `<url><loc>${PUBLIC_ORIGIN}/pages/about-us</loc><lastmod>2026-01-15T12:00:00.000Z</lastmod></url>`,
        "</urlset>",
        "",
      ].join("\n"),
    );
    // The index dates the listings by the newest of them.
    const index = await xmlAt(api, "/sitemap.xml");
    expect(textOf(findAll(index, "sitemap")[0] ?? index, "lastmod")).toBe(
      "2026-11-20T08:00:00.000Z",
    );
  });

  it("lists one page of articles and answers 404 past the end", async () => {
    const pages = [aSitemapArticlesResponse(), aSitemapArticlesResponse({ page: 2, articles: [] })];
    const api = createFakeApi({
      sitemapArticles: ({ params }) =>
        pages[Number(params.page) - 1] ?? apiFailure(404, "not_found"),
    });
    const urlset = await xmlAt(api, "/sitemaps/articles-1.xml");
    expect(findAll(urlset, "loc").map((loc) => loc.text)).toEqual([
      `${PUBLIC_ORIGIN}/world/europe/bridge-reopens`,
      `${PUBLIC_ORIGIN}/world/europe/ferry-fares`,
    ]);
    expect(findAll(urlset, "lastmod")).toHaveLength(2);

    for (const path of [
      "/sitemaps/articles-3.xml",
      "/sitemaps/articles-0.xml",
      "/sitemaps/articles-01.xml",
      "/sitemaps/articles-x.xml",
      "/sitemaps/articles-123456789.xml",
      "/sitemaps/other.xml",
      "/sitemaps/articles-%31.xml",
    ]) {
      const response = await fetchPublishing(api, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect(pathsAsked(api)).toEqual(["/api/sitemap/articles/1", "/api/sitemap/articles/3"]);

    // A page inside the range whose articles are all unpublished is an empty urlset.
    const empty = await xmlAt(api, "/sitemaps/articles-2.xml");
    expect(findAll(empty, "url")).toEqual([]);
  });

  it("describes recent articles for news search in the news sitemap", async () => {
    const api = createFakeApi({
      newsSitemap: aNewsSitemapResponse({
        articles: [
          {
            section: "world",
            category: "europe",
            slug: "bridge-reopens",
            headline: "Bridge & <tunnel> reopen",
            publishedAt: "2026-11-21T09:30:00.000Z",
          },
        ],
      }),
    });
    const urlset = await xmlAt(api, "/sitemaps/news.xml");
    expect(urlset.attributes).toEqual({
      xmlns: SITEMAP_NS,
      "xmlns:news": "http://www.google.com/schemas/sitemap-news/0.9",
    });
    const [url] = findAll(urlset, "url");
    if (!url) throw new Error("no url");
    expect(textOf(url, "loc")).toBe(`${PUBLIC_ORIGIN}/world/europe/bridge-reopens`);
    expect(textOf(url, "news:name")).toBe("The Daily Edge");
    expect(textOf(url, "news:language")).toBe("en");
    expect(textOf(url, "news:publication_date")).toBe("2026-11-21T09:30:00.000Z");
    expect(textOf(url, "news:title")).toBe("Bridge & <tunnel> reopen");
  });

  it("answers 503, uncached, when the API fails", async () => {
    const api = createFakeApi({ sitemapIndex: apiFailure(500, "internal") });
    const response = await fetchPublishing(api, "/sitemap.xml");
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("robots.txt", () => {
  it("allows everything but search, account and newsroom pages, and names the sitemap", async () => {
    const api = createFakeApi({});
    const response = await fetchPublishing(api, "/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /search",
        "Disallow: /login",
        "Disallow: /sign-up",
        "Disallow: /profile",
        "Disallow: /forgot-password",
        "Disallow: /reset-password",
        "Disallow: /newsroom",
        "Disallow: /_edge/",
        `Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`,
      ]),
    );
    expect(pathsAsked(api)).toEqual([]);
  });
});
