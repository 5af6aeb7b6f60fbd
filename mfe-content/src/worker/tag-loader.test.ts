import { describe, expect, it } from "vitest";
import { anArticleCard, aTagResponse } from "edge-api/fake/content";
import { createFakeApi } from "edge-api/fake";
import { pathsAsked } from "../test/api-calls.ts";
import { expectNotFound, renderPage } from "../test/render-route.ts";

describe("content.tag", () => {
  it("renders the tag and its articles", async () => {
    const api = createFakeApi({
      tag: aTagResponse({
        articles: [anArticleCard({ headline: "New tram line opens" })],
        nextBefore: "t-9",
      }),
    });
    const page = await renderPage(
      api,
      "content.tag",
      { slug: "infrastructure" },
      { search: "?before=t-3" },
    );
    expect(api.calls).toHaveLength(1);
    expect(new URL(api.calls[0]?.path ?? "", "https://api.test").searchParams.get("before")).toBe(
      "t-3",
    );
    expect(page.head).toMatchObject({
      title: "Older articles | Infrastructure: articles tagged | The Daily Edge",
      canonicalPath: "/tags/infrastructure?before=t-3",
    });
    expect(page.html).toContain('<h1 class="c-listing__title">Infrastructure</h1>');
    expect(page.html).toContain("New tram line opens");
    expect(page.html).toContain('href="/tags/infrastructure?before=t-9"');
    expect(page.html).toContain('href="/feeds/tags/infrastructure.xml"');
    expect(page.html).toContain("Bridges, railways and the grid.");
  });

  it("answers not-found for an unknown or malformed tag", async () => {
    const api = createFakeApi({});
    await expectNotFound(api, "content.tag", { slug: "no-tag" });
    await expectNotFound(api, "content.tag", { slug: "-bad-" });
    expect(pathsAsked(api)).toEqual(["/api/tags/no-tag"]);
  });
});
