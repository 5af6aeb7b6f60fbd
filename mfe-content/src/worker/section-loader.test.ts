import { describe, expect, it } from "vitest";
import { aSectionResponse, anArticleCard, anImage } from "edge-api/fake/content";
import { apiFailure, createFakeApi } from "edge-api/fake";
import { pathsAsked } from "../test/api-calls.ts";
import { expectNotFound, renderPage } from "../test/render-route.ts";

const world = { section: "world" };

describe("content.section", () => {
  it("renders heading, description, category navigation and articles", async () => {
    const api = createFakeApi({
      section: aSectionResponse({
        articles: [anArticleCard({ headline: "Elections called in three countries" })],
      }),
    });
    const page = await renderPage(api, "content.section", world);
    expect(page.head).toMatchObject({
      title: "World | The Daily Edge",
      description: "Reporting from every continent.",
      canonicalPath: "/world",
    });
    expect(page.html).toContain('<h1 class="c-listing__title">World</h1>');
    expect(page.html).toContain("Reporting from every continent.");
    expect(page.html).toContain('<a href="/world/europe">Europe</a>');
    expect(page.html).toContain("Elections called in three countries");
    expect(page.html).not.toContain("Older articles");
  });

  it("opens the first page with a lead article and its image, and links the RSS feed", async () => {
    const api = createFakeApi({
      section: aSectionResponse({
        articles: [
          anArticleCard({ headline: "Lead story", image: anImage({ alt: "Lead picture" }) }),
          anArticleCard({ headline: "Second story" }),
        ],
      }),
    });
    const page = await renderPage(api, "content.section", world);
    expect(page.html).toMatch(/<article class="c-card c-card--lead"><img [^>]*alt="Lead picture"/);
    expect(page.html).toContain("Second story");
    expect(page.html).toContain(
      '<a href="/feeds/sections/world.xml" type="application/rss+xml">RSS<span class="c-visually-hidden"> (World RSS feed)</span></a>',
    );
    expect(page.head.meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(page.html.match(/<h1/g)).toHaveLength(1);
  });

  it("has no lead on older pages", async () => {
    const api = createFakeApi({ section: aSectionResponse() });
    const page = await renderPage(api, "content.section", world, { search: "?before=c-1" });
    expect(page.html).not.toContain("c-card--lead");
    expect(page.html).not.toContain("<img");
  });

  it("passes ?before= to the API and links the next page with its cursor", async () => {
    const api = createFakeApi({
      section: aSectionResponse({ nextBefore: "2026-11-01T08:00:00Z~42" }),
    });
    const page = await renderPage(api, "content.section", world, {
      search: "?before=2026-11-10~7",
    });
    expect(api.calls).toHaveLength(1);
    const asked = new URL(api.calls[0]?.path ?? "", "https://api.test");
    expect(asked.pathname).toBe("/api/sections/world");
    expect(asked.searchParams.get("before")).toBe("2026-11-10~7");
    expect(page.head).toMatchObject({
      canonicalPath: "/world?before=2026-11-10~7",
      title: "Older articles | World | The Daily Edge",
    });
    expect(page.html).toContain(
      '<a href="/world?before=2026-11-01T08%3A00%3A00Z~42" rel="next">Older articles</a>',
    );
  });

  it("answers not-found for a cursor the API rejects or that is malformed", async () => {
    const api = createFakeApi({ section: apiFailure(400, "bad_cursor") });
    for (const search of ["?before=nonsense", `?before=${"x".repeat(500)}`, "?before=<b>"]) {
      await expectNotFound(api, "content.section", world, { search });
    }
    expect(api.calls).toHaveLength(1);
  });

  it("answers not-found for an unknown or malformed section", async () => {
    const api = createFakeApi({});
    await expectNotFound(api, "content.section", { section: "no-such-section" });
    await expectNotFound(api, "content.section", { section: "World!" });
    expect(pathsAsked(api)).toEqual(["/api/sections/no-such-section"]);
  });
});
