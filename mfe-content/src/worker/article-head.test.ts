import { describe, expect, it } from "vitest";
import { articleApi, articleParams } from "../test/article-api.ts";
import { expectPage, renderRequest, renderWith } from "../test/render-route.ts";

describe("content.article: head and JSON-LD", () => {
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

  it("gives NewsArticle every field search engines ask for, print placement included", async () => {
    const api = articleApi({ print: { editionDate: "2026-11-21", page: "A1", book: "News" } });
    const page = expectPage(await renderWith(api, renderRequest("content.article", articleParams)));
    const [news] = page.head.jsonLd;
    expect(news).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Harbour bridge reopens after three years",
      description: "Commuters return to the crossing as repairs finish early.",
      // Its illustration is no image for search engines: the article's card (a JPEG) instead.
      image: [
        expect.stringMatching(
          /^https:\/\/www\.dailyedge\.test\/images\/cards\/article\/bridge-reopens\.jpg\?v=[0-9a-f]{8}$/,
        ),
      ],
      datePublished: "2026-11-21T09:30:00.000Z",
      dateModified: "2026-11-21T14:05:00.000Z",
      articleSection: "World",
      mainEntityOfPage: "https://www.dailyedge.test/world/europe/bridge-reopens",
      author: [
        {
          "@type": "Person",
          name: "Ada Okafor",
          url: "https://www.dailyedge.test/authors/ada-okafor",
        },
        {
          "@type": "Person",
          name: "Tom Reyes",
          url: "https://www.dailyedge.test/authors/tom-reyes",
        },
      ],
      publisher: { "@type": "NewsMediaOrganization", name: "The Daily Edge" },
      printEdition: "2026-11-21",
      printSection: "News",
      printPage: "A1",
    });
    // Plain JSON: it survives a JSON round trip unchanged.
    expect(JSON.parse(JSON.stringify(page.head.jsonLd))).toEqual(page.head.jsonLd);
  });
});
