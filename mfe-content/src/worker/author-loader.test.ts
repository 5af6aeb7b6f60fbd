import { describe, expect, it } from "vitest";
import { anArticleCard, anAuthorResponse } from "edge-api/fake/content";
import { createFakeApi } from "edge-api/fake";
import { expectNotFound, renderPage } from "../test/render-route.ts";

const ada = { slug: "ada-okafor" };

describe("content.author", () => {
  it("renders name, title, bio, articles and a Person in JSON-LD", async () => {
    const api = createFakeApi({
      author: anAuthorResponse({
        articles: [anArticleCard({ headline: "Brussels agrees the budget" })],
      }),
    });
    const page = await renderPage(api, "content.author", ada);
    expect(page.head).toMatchObject({
      title: "Ada Okafor | The Daily Edge",
      canonicalPath: "/authors/ada-okafor",
    });
    expect(page.head.jsonLd).toContainEqual(
      expect.objectContaining({
        "@type": "Person",
        name: "Ada Okafor",
        jobTitle: "Europe correspondent",
        url: "https://www.dailyedge.test/authors/ada-okafor",
      }),
    );
    expect(page.html).toContain('<h1 class="c-listing__title">Ada Okafor</h1>');
    expect(page.html).toContain("Europe correspondent");
    expect(page.html).toContain("Ada reports on European politics from Brussels.");
    expect(page.html).toContain("Brussels agrees the budget");
  });

  it("shows the author's portrait and links the author's RSS feed", async () => {
    const api = createFakeApi({ author: anAuthorResponse() });
    const page = await renderPage(api, "content.author", ada);
    expect(page.html).toMatch(
      /<img class="c-author__portrait" src="\/images\/img\d+\.svg" alt="Ada Okafor, smiling" width="400" height="400"/,
    );
    expect(page.html).toContain('href="/feeds/authors/ada-okafor.xml"');
    const person = page.head.jsonLd.find((item) => item["@type"] === "Person");
    expect(person).toMatchObject({
      "@context": "https://schema.org",
      name: "Ada Okafor",
      jobTitle: "Europe correspondent",
      description: "Ada reports on European politics from Brussels.",
      url: "https://www.dailyedge.test/authors/ada-okafor",
    });
    // An illustrated portrait (SVG) is no image for search engines or link previews.
    expect(person).not.toHaveProperty("image");
    expect(page.head.meta).toContainEqual({ property: "og:type", content: "profile" });
  });

  it("answers not-found for an unknown author", async () => {
    await expectNotFound(createFakeApi({}), "content.author", { slug: "nobody-here" });
  });
});
