import { describe, expect, it } from "vitest";
import {
  anAuthorResponse,
  anAuthorsIndexResponse,
  anImage,
  aTagResponse,
  aTagsIndexResponse,
} from "edge-api/fake/content";
import { apiFailure, createFakeApi } from "edge-api/fake";
import { pathsAsked } from "../test/api-calls.ts";
import { expectRenderFailure, renderPage, renderRequest } from "../test/render-route.ts";

describe("content.authors (/authors)", () => {
  it("lists each author with a small lazy portrait, a link, their role and article count", async () => {
    const api = createFakeApi({
      authors: anAuthorsIndexResponse({
        authors: [
          {
            slug: "ada-okafor",
            name: "Ada Okafor",
            title: "Europe correspondent",
            portrait: anImage({ alt: "Ada Okafor, smiling", width: 400, height: 400 }),
            articleCount: 12,
          },
          {
            slug: "ben-ito",
            name: "Ben Ito",
            title: "Science editor",
            portrait: anImage({ alt: "Ben Ito", width: 300, height: 300 }),
            articleCount: 1,
          },
        ],
      }),
    });
    const page = await renderPage(api, "content.authors");
    expect(pathsAsked(api)).toEqual(["/api/authors"]);
    expect(page.head).toMatchObject({
      title: "Our authors | The Daily Edge",
      description: "The journalists who write for The Daily Edge: their roles and their articles.",
      canonicalPath: "/authors",
    });
    expect(page.head.robots).toBeUndefined();
    expect(page.cache).toEqual({ scope: "public", maxAge: 60 });
    expect(page.html).toContain('<h1 class="c-listing__title">Our authors</h1>');
    expect(page.html).toMatch(
      /<img class="c-index__portrait" src="\/images\/img\d+\.svg" alt="Ada Okafor, smiling" width="400" height="400" decoding="async" loading="lazy"\/>/,
    );
    expect(page.html).toContain(
      '<p class="c-index__name"><a href="/authors/ada-okafor">Ada Okafor</a></p>',
    );
    expect(page.html).toContain('<p class="c-index__role">Europe correspondent</p>');
    expect(page.html).toContain('<p class="c-index__count">12 articles</p>');
    expect(page.html).toContain('<a href="/authors/ben-ito">Ben Ito</a>');
    expect(page.html).toContain('<p class="c-index__count">1 article</p>');
  });

  it("renders an empty index as a page that says so", async () => {
    const api = createFakeApi({ authors: anAuthorsIndexResponse({ authors: [] }) });
    const page = await renderPage(api, "content.authors");
    expect(page.html).toContain("No authors have published an article yet.");
    expect(page.status ?? 200).toBe(200);
  });

  it("fails as the API's failure (the shell's unavailable region) when the API is down", async () => {
    const api = createFakeApi({ authors: apiFailure(503, "unavailable") });
    await expectRenderFailure(api, renderRequest("content.authors"));
  });

  it("is linked from every author page as All authors", async () => {
    const api = createFakeApi({ author: anAuthorResponse() });
    const page = await renderPage(api, "content.author", { slug: "ada-okafor" });
    expect(page.html).toContain('<p class="c-kicker"><a href="/authors">All authors</a></p>');
  });
});

describe("content.tags (/tags)", () => {
  it("lists the tags in the API's order (most used first) with their counts", async () => {
    const api = createFakeApi({ tags: aTagsIndexResponse() });
    const page = await renderPage(api, "content.tags");
    expect(pathsAsked(api)).toEqual(["/api/tags"]);
    expect(page.head).toMatchObject({
      title: "All topics | The Daily Edge",
      description: "Every topic The Daily Edge writes about, the most covered first.",
      canonicalPath: "/tags",
    });
    expect(page.cache).toEqual({ scope: "public", maxAge: 60 });
    expect(page.html).toContain('<h1 class="c-listing__title">All topics</h1>');
    const infrastructure = page.html.indexOf('<a href="/tags/infrastructure">Infrastructure</a>');
    const climate = page.html.indexOf('<a href="/tags/climate">Climate</a>');
    expect(infrastructure).toBeGreaterThan(-1);
    expect(climate).toBeGreaterThan(infrastructure);
    expect(page.html).toContain('<p class="c-index__count">9 articles</p>');
  });

  it("renders an empty index as a page that says so", async () => {
    const api = createFakeApi({ tags: aTagsIndexResponse({ tags: [] }) });
    const page = await renderPage(api, "content.tags");
    expect(page.html).toContain("No topics yet.");
  });

  it("is linked from every tag page as All topics", async () => {
    const api = createFakeApi({ tag: aTagResponse() });
    const page = await renderPage(api, "content.tag", { slug: "infrastructure" });
    expect(page.html).toContain('<p class="c-kicker"><a href="/tags">All topics</a></p>');
  });
});
