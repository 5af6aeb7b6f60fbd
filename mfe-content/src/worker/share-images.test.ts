import { describe, expect, it } from "vitest";
import {
  aCategoryResponse,
  aHomeResponse,
  aLiveUpdate,
  anArticleCard,
  anArticleLive,
  anAuthorResponse,
  anImage,
  aSection,
  aSectionResponse,
} from "edge-api/fake/content";
import { shareCardPath, shareCardVersion } from "edge-api/contract/content";
import { createFakeApi } from "edge-api/fake";
import { articleApi, articleParams } from "../test/article-api.ts";
import { aPhotograph, PHOTO_MEDIA } from "../test/photographs.ts";
import { renderPage, TEST_ORIGIN } from "../test/render-route.ts";

type Page = Awaited<ReturnType<typeof renderPage>>;

const HEADLINE = "Harbour bridge reopens after three years";
const PHOTO_OG = `${TEST_ORIGIN}/images/media/${PHOTO_MEDIA.id}/og-1200.jpg?v=${PHOTO_MEDIA.revision}`;
const PHOTO_ALT = "Commuters cross the reopened harbour bridge at dawn";

/** A page's link-preview tags, by property or name. */
function previewOf(page: Page): Record<string, string> {
  const tags = page.head.meta.filter((meta) =>
    /^(og:image|twitter:)/.test(meta.property ?? meta.name ?? ""),
  );
  return Object.fromEntries(tags.map((meta) => [meta.property ?? meta.name ?? "", meta.content]));
}

/** The share image every kind of page gets: a 1200x630 JPEG at `url`, described by `alt`. */
function expectShareImage(page: Page, url: string, alt: string) {
  expect(previewOf(page)).toEqual({
    "og:image": url,
    "og:image:type": "image/jpeg",
    "og:image:width": "1200",
    "og:image:height": "630",
    "og:image:alt": alt,
    "twitter:card": "summary_large_image",
    "twitter:title": expect.any(String),
    "twitter:description": expect.any(String),
    "twitter:image": url,
    "twitter:image:alt": alt,
  });
  expectNoSvgShareImage(page);
}

/** No image URL in the head (meta or JSON-LD) is an SVG, which link previews cannot show. */
function expectNoSvgShareImage(page: Page) {
  for (const meta of page.head.meta) {
    if (/image/.test(meta.property ?? meta.name ?? "")) expect(meta.content).not.toMatch(/\.svg/);
  }
  for (const item of page.head.jsonLd) {
    expect(JSON.stringify(item.image ?? null)).not.toMatch(/\.svg/);
  }
}

const articleCard = (title = HEADLINE) =>
  `${TEST_ORIGIN}${shareCardPath({ kind: "article", slug: articleParams.slug, title })}`;
const worldCard = `${TEST_ORIGIN}${shareCardPath({ kind: "section", slug: "world", title: "World" })}`;
const homeCard = `${TEST_ORIGIN}${shareCardPath({ kind: "home" })}`;

describe("share images: raster og:image, twitter:image and JSON-LD images", () => {
  it("shares an article's lead photograph by its 1200x630 crop, and lists raster JPEGs in JSON-LD", async () => {
    const page = await renderPage(
      articleApi({ image: aPhotograph() }),
      "content.article",
      articleParams,
    );
    expectShareImage(page, PHOTO_OG, PHOTO_ALT);
    expect(page.head.jsonLd[0]).toMatchObject({
      "@type": "NewsArticle",
      image: [
        PHOTO_OG,
        `${TEST_ORIGIN}/images/media/${PHOTO_MEDIA.id}/wide-1280.jpg?v=${PHOTO_MEDIA.revision}`,
      ],
    });
  });

  it("shares an article with an illustration or no image by its headline card", async () => {
    for (const image of [anImage({ src: "/images/bridge.svg" }), null]) {
      const page = await renderPage(articleApi({ image }), "content.article", articleParams);
      expectShareImage(page, articleCard(), HEADLINE);
      expect(page.head.jsonLd[0]).toMatchObject({ image: [articleCard()] });
    }
  });

  it("gives the card a new address when the headline changes", async () => {
    const title = "Harbour bridge reopens a month early";
    const page = await renderPage(
      articleApi({ image: null, headline: title }),
      "content.article",
      articleParams,
    );
    const v = shareCardVersion({ kind: "article", slug: articleParams.slug, title });
    expect(v).not.toBe(
      shareCardVersion({ kind: "article", slug: articleParams.slug, title: HEADLINE }),
    );
    expectShareImage(
      page,
      `${TEST_ORIGIN}/images/cards/article/${articleParams.slug}.jpg?v=${v}`,
      title,
    );
  });

  it("keeps the live blog's JSON-LD a LiveBlogPosting with the raster images", async () => {
    const live = anArticleLive({ updates: [aLiveUpdate({ id: "7" })] });
    const page = await renderPage(
      articleApi({ image: aPhotograph(), live }),
      "content.article",
      articleParams,
    );
    expect(page.head.jsonLd[0]).toMatchObject({
      "@type": "LiveBlogPosting",
      image: [PHOTO_OG, expect.stringMatching(/\/wide-1280\.jpg\?v=3$/)],
      liveBlogUpdate: [expect.objectContaining({ "@type": "BlogPosting" })],
    });
    expectShareImage(page, PHOTO_OG, PHOTO_ALT);
  });

  it("shares a section by its lead story's photograph, else by the section's card", async () => {
    const world = { section: "world" };
    const withPhoto = await renderPage(
      createFakeApi({
        section: aSectionResponse({ articles: [anArticleCard({ image: aPhotograph() })] }),
      }),
      "content.section",
      world,
    );
    expectShareImage(withPhoto, PHOTO_OG, PHOTO_ALT);

    const illustrated = await renderPage(
      createFakeApi({
        section: aSectionResponse({ articles: [anArticleCard({ image: anImage() })] }),
      }),
      "content.section",
      world,
    );
    expectShareImage(illustrated, worldCard, "World");

    // An older page has no lead story: the section's card.
    const older = await renderPage(
      createFakeApi({
        section: aSectionResponse({ articles: [anArticleCard({ image: aPhotograph() })] }),
      }),
      "content.section",
      world,
      { search: "?before=c-1" },
    );
    expectShareImage(older, worldCard, "World");
  });

  it("shares a category by its lead story's photograph, else by its section's card", async () => {
    const europe = { section: "world", category: "europe" };
    const withPhoto = await renderPage(
      createFakeApi({
        category: aCategoryResponse({ articles: [anArticleCard({ image: aPhotograph() })] }),
      }),
      "content.category",
      europe,
    );
    expectShareImage(withPhoto, PHOTO_OG, PHOTO_ALT);

    const withoutPhoto = await renderPage(
      createFakeApi({
        category: aCategoryResponse({
          section: aSection(),
          articles: [anArticleCard({ image: null })],
        }),
      }),
      "content.category",
      europe,
    );
    expectShareImage(withoutPhoto, worldCard, "World");
  });

  it("shares the home page by its lead story's photograph, else by the home card", async () => {
    const withPhoto = await renderPage(
      createFakeApi({ home: aHomeResponse({ lead: anArticleCard({ image: aPhotograph() }) }) }),
      "content.home",
    );
    expectShareImage(withPhoto, PHOTO_OG, PHOTO_ALT);

    for (const lead of [anArticleCard({ image: anImage() }), null]) {
      const page = await renderPage(
        createFakeApi({ home: aHomeResponse({ lead }) }),
        "content.home",
      );
      expectShareImage(page, homeCard, "The Daily Edge");
    }
  });

  it("shares an author's photographed portrait, and no SVG portrait anywhere", async () => {
    const ada = { slug: "ada-okafor" };
    const illustrated = await renderPage(
      createFakeApi({ author: anAuthorResponse() }),
      "content.author",
      ada,
    );
    expect(illustrated.head.meta.some((meta) => meta.property === "og:image")).toBe(false);
    expect(illustrated.head.meta).toContainEqual({ name: "twitter:card", content: "summary" });
    expectNoSvgShareImage(illustrated);

    const portrait = aPhotograph({ alt: "Ada Okafor" }, { use: "square", widths: [320, 480] });
    const photographed = await renderPage(
      createFakeApi({
        author: anAuthorResponse({ author: { ...anAuthorResponse().author, portrait } }),
      }),
      "content.author",
      ada,
    );
    expectShareImage(photographed, PHOTO_OG, "Ada Okafor");
    const person = photographed.head.jsonLd.find((item) => item["@type"] === "Person");
    expect(person?.image).toBe(
      `${TEST_ORIGIN}/images/media/${PHOTO_MEDIA.id}/square-480.jpg?v=${PHOTO_MEDIA.revision}`,
    );
  });
});
