import { describe, expect, it } from "vitest";
import { aCategoryResponse, aSection } from "edge-api/fake/content";
import type { CategoryResponse } from "edge-api/contract/content";
import { apiFailure, createFakeApi } from "edge-api/fake";
import { expectNotFound, renderPage } from "../test/render-route.ts";

const europe = { section: "world", category: "europe" };

describe("content.category", () => {
  it("renders the category with its section and sibling categories", async () => {
    const api = createFakeApi({
      category: aCategoryResponse({ nextBefore: "c-1" }),
    });
    const page = await renderPage(api, "content.category", europe);
    expect(page.head).toMatchObject({
      title: "Europe | World | The Daily Edge",
      description: "News from across Europe.",
      canonicalPath: "/world/europe",
    });
    expect(page.html).toContain('<h1 class="c-listing__title">Europe</h1>');
    expect(page.html).toContain('<a href="/world">World</a>');
    expect(page.html).toContain('<a href="/world/europe" aria-current="page">Europe</a>');
    expect(page.html).toContain('<a href="/world/asia">Asia</a>');
    expect(page.html).toContain('<a href="/world/europe?before=c-1" rel="next">Older articles</a>');
  });

  it("describes its breadcrumbs in JSON-LD and opens with a lead article", async () => {
    const api = createFakeApi({ category: aCategoryResponse() });
    const page = await renderPage(api, "content.category", europe);
    expect(page.head.jsonLd).toContainEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        {
          "@type": "ListItem",
          position: 1,
          name: "World",
          item: "https://www.dailyedge.test/world",
        },
        {
          "@type": "ListItem",
          position: 2,
          name: "Europe",
          item: "https://www.dailyedge.test/world/europe",
        },
      ],
    });
    expect(page.html).toMatch(/<article class="c-card c-card--lead"><img [^>]*alt="[^"]+"/);
  });

  it("answers not-found for a category that is not in the given section", async () => {
    const answers: Record<string, CategoryResponse> = {
      "world/football": aCategoryResponse({
        section: aSection(),
        category: { slug: "football", name: "Football", description: "" },
      }),
      "sport/europe": aCategoryResponse(),
    };
    const api = createFakeApi({
      category: ({ params }) =>
        answers[`${params.section}/${params.category}`] ?? apiFailure(404, "not_found"),
    });
    await expectNotFound(api, "content.category", { section: "world", category: "football" });
    await expectNotFound(api, "content.category", { section: "sport", category: "europe" });
  });

  it("answers not-found when the API does not know the category", async () => {
    await expectNotFound(createFakeApi({}), "content.category", {
      section: "world",
      category: "mars",
    });
  });
});
