import { describe, expect, it } from "vitest";
import { aHomeResponse, anArticleCard, anImage } from "edge-api/fake/content";
import { apiFailure, createFakeApi } from "edge-api/fake";
import {
  expectPage,
  expectRenderFailure,
  renderRequest,
  renderWith,
} from "../test/render-route.ts";

describe("content.home", () => {
  it("renders the lead story, top stories, a block per section and the latest list", async () => {
    const api = createFakeApi({
      home: aHomeResponse({
        top: [anArticleCard({ headline: "Rail strike called off" })],
      }),
    });
    const page = expectPage(await renderWith(api, renderRequest("content.home")));

    expect(page.head.title).toBe("The Daily Edge — News, analysis and the daily paper");
    expect(page.head.canonicalPath).toBe("/");
    expect(page.head.meta).toContainEqual({ property: "og:type", content: "website" });
    expect(page.head.jsonLd).toContainEqual(expect.objectContaining({ "@type": "WebSite" }));
    expect(page.cache).toEqual({ scope: "public", maxAge: 60 });
    expect(page.html.match(/<h1/g)).toHaveLength(1);
    expect(page.html).toContain("Harbour bridge reopens after three years</a></h3>");
    expect(page.html).toContain("Rail strike called off");
    expect(page.html).toContain('<a href="/business">Business</a></h2>');
    expect(page.html).toContain("Latest: ferry timetable changes");
    expect(page.html).toMatch(/aria-labelledby="_?content-[^"]+"/);
  });

  it("shows the lead story's image first and offers the site search to search engines", async () => {
    const api = createFakeApi({
      home: aHomeResponse({
        lead: anArticleCard({
          headline: "Harbour bridge reopens after three years",
          image: anImage({ src: "/images/lead.svg", alt: "The bridge at dawn" }),
        }),
      }),
    });
    const page = expectPage(await renderWith(api, renderRequest("content.home")));
    expect(page.html).toMatch(
      /<article class="c-card c-card--lead"><img class="c-card__image" src="\/images\/lead.svg" alt="The bridge at dawn" width="1200" height="675"[^>]* loading="eager" fetchPriority="high"\/>/,
    );
    // Only the lead card carries a picture.
    expect(page.html.match(/<img /g)).toHaveLength(1);
    // An illustrated lead is shared by the home page's card (share-images.test.ts).
    expect(page.head.meta).toContainEqual({
      property: "og:image",
      content: expect.stringMatching(
        /^https:\/\/www\.dailyedge\.test\/images\/cards\/home\.jpg\?v=/,
      ),
    });
    expect(page.head.jsonLd).toContainEqual(
      expect.objectContaining({
        "@context": "https://schema.org",
        "@type": "WebSite",
        potentialAction: expect.objectContaining({
          "@type": "SearchAction",
          target: expect.objectContaining({
            urlTemplate: "https://www.dailyedge.test/search?q={search_term_string}",
          }),
          "query-input": "required name=search_term_string",
        }),
      }),
    );
    expect(page.head.jsonLd).toContainEqual(
      expect.objectContaining({ "@type": "CollectionPage", url: "https://www.dailyedge.test/" }),
    );
  });

  it("embeds small view props, not the API's response", async () => {
    const api = createFakeApi({ home: aHomeResponse() });
    const page = expectPage(await renderWith(api, renderRequest("content.home")));
    expect(page.props).toMatchObject({ view: "home" });
    expect(JSON.stringify(page.props)).not.toContain('"slug"');
  });

  it("renders an empty front page when nothing is published", async () => {
    const api = createFakeApi({ home: { lead: null, top: [], sections: [], latest: [] } });
    const page = expectPage(await renderWith(api, renderRequest("content.home")));
    expect(page.html).toContain("No top stories right now.");
  });

  it("fails loudly when the API fails", async () => {
    const api = createFakeApi({ home: apiFailure(500, "internal") });
    await expectRenderFailure(api, renderRequest("content.home"));
  });
});
