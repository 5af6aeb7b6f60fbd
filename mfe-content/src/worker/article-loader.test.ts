import { describe, expect, it } from "vitest";
import { anArticleDetail } from "../../test/api-factories.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import {
  expectPage,
  expectRenderFailure,
  renderRequest,
  renderWith,
} from "../../test/render-route.ts";

const articleParams = { section: "world", category: "europe", slug: "bridge-reopens" };

function articleApi(overrides: Parameters<typeof anArticleDetail>[0] = {}) {
  const article = anArticleDetail({
    slug: "bridge-reopens",
    headline: "Harbour bridge reopens after three years",
    standfirst: "Commuters return to the crossing as repairs finish early.",
    authors: [
      { slug: "ada-okafor", name: "Ada Okafor" },
      { slug: "tom-reyes", name: "Tom Reyes" },
    ],
    ...overrides,
  });
  return fakeApi({ "/api/articles/bridge-reopens": { article } });
}

describe("content.article", () => {
  it("renders headline, standfirst, byline, dates, body, tags and print placement", async () => {
    const api = articleApi({
      print: { editionDate: "2026-11-21", page: "A1" },
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));

    expect(page.status).toBe(200);
    expect(page.cache).toEqual({ scope: "public", maxAge: 60 });
    expect(page.head.title).toBe("Harbour bridge reopens after three years | The Daily Edge");
    expect(page.head.description).toBe("Commuters return to the crossing as repairs finish early.");
    expect(page.head.canonicalPath).toBe("/world/europe/bridge-reopens");
    expect(page.head.meta).toContainEqual({ property: "og:type", content: "article" });
    expect(page.head.meta).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(page.stylesheets).toEqual([
      expect.stringMatching(/^\/_mf\/content\/[a-z0-9]+\/fragment\.css$/),
    ]);

    const html = page.html;
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain("Harbour bridge reopens after three years</h1>");
    expect(html).toContain('<a href="/authors/ada-okafor" rel="author">Ada Okafor</a>');
    expect(html).toContain('<a href="/authors/tom-reyes" rel="author">Tom Reyes</a>');
    expect(html).toContain(
      '<time dateTime="2026-11-21T09:30:00.000Z">21 November 2026, 09:30</time>',
    );
    expect(html).toContain(
      '<time dateTime="2026-11-21T14:05:00.000Z">21 November 2026, 14:05</time>',
    );
    expect(html).toContain("<p>The harbour bridge reopened on Saturday morning.</p>");
    expect(html).toContain("<h2>What comes next</h2>");
    expect(html).toContain("<blockquote><p>We built it to last a century.</p></blockquote>");
    expect(html).toContain("<li>Wider footpaths</li>");
    expect(html).toContain('<a href="/tags/infrastructure" rel="tag">Infrastructure</a>');
    expect(html).toContain('<a href="/todays-paper/2026-11-21">page A1, 21 November 2026</a>');
    expect(html).toContain('<a href="/world">World</a>');
    expect(html).toContain('<a href="/world/europe">Europe</a>');
  });

  it("describes the article and its breadcrumbs in JSON-LD", async () => {
    const page = expectPage(
      await renderWith(articleApi(), renderRequest("content.article", articleParams)),
    );
    const [news, crumbs] = page.head.jsonLd;
    expect(news).toMatchObject({
      "@type": "NewsArticle",
      headline: "Harbour bridge reopens after three years",
      datePublished: "2026-11-21T09:30:00.000Z",
      dateModified: "2026-11-21T14:05:00.000Z",
      articleSection: "World",
      author: [
        { "@type": "Person", name: "Ada Okafor" },
        { "@type": "Person", name: "Tom Reyes" },
      ],
    });
    expect(crumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "World", item: "https://www.dailyedge.test/world" },
        { position: 2, name: "Europe", item: "https://www.dailyedge.test/world/europe" },
        { position: 3, item: "https://www.dailyedge.test/world/europe/bridge-reopens" },
      ],
    });
  });

  it("redirects an article asked for under the wrong category to its canonical path", async () => {
    const answer = await renderWith(
      articleApi(),
      renderRequest("content.article", { ...articleParams, category: "asia" }),
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 301,
      location: "/world/europe/bridge-reopens",
    });
  });

  it("redirects an article asked for under the wrong section", async () => {
    const answer = await renderWith(
      articleApi(),
      renderRequest("content.article", { ...articleParams, section: "sport" }),
    );
    expect(answer).toMatchObject({ kind: "redirect", location: "/world/europe/bridge-reopens" });
  });

  it("answers not-found for an unknown slug", async () => {
    const api = fakeApi({});
    const answer = await renderWith(
      api,
      renderRequest("content.article", { ...articleParams, slug: "no-such-story" }),
    );
    expect(answer).toEqual({ kind: "not-found" });
    expect(api.calls).toEqual(["/api/articles/no-such-story"]);
  });

  it("answers not-found for a malformed slug without asking the API", async () => {
    const api = articleApi();
    const hostile = `<script>alert(1)</script>${"a".repeat(10_240)}`;
    for (const params of [
      { ...articleParams, slug: hostile },
      { ...articleParams, slug: "Bridge-Reopens" },
      { ...articleParams, slug: "a".repeat(121) },
      { ...articleParams, section: "../etc" },
      { section: "world", category: "europe" },
    ]) {
      expect(await renderWith(api, renderRequest("content.article", params))).toEqual({
        kind: "not-found",
      });
    }
    expect(api.calls).toEqual([]);
  });

  it("keeps script-like text from the API escaped", async () => {
    const api = articleApi({
      headline: '<script>alert("x")</script> Bridge',
      body: [{ type: "paragraph", text: "<img src=x onerror=alert(1)>" }],
    });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    expect(page.html).not.toContain("<script");
    expect(page.html).not.toContain("<img");
    expect(page.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Bridge");
    expect(page.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("fails loudly when the API itself fails", async () => {
    const api = fakeApi({ "/api/articles/bridge-reopens": apiError(503, "unavailable") });
    await expectRenderFailure(api, renderRequest("content.article", articleParams));
    expect(api.calls).toEqual(["/api/articles/bridge-reopens"]);
  });
});
