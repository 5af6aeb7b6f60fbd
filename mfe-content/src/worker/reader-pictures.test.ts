import { describe, expect, it } from "vitest";
import {
  aCategoryResponse,
  aHomeResponse,
  anArticleCard,
  anImage,
  aSectionResponse,
} from "edge-api/fake/content";
import { createFakeApi } from "edge-api/fake";
import { articleApi, articleParams } from "../test/article-api.ts";
import { aPhotograph, PHOTO_MEDIA, srcsetEntries } from "../test/photographs.ts";
import { renderPage } from "../test/render-route.ts";
import { IMAGE_SIZES } from "./picture-views.ts";

/** Every `<picture>…</picture>` of a page, in order. */
function picturesOf(html: string): string[] {
  return html.match(/<picture>.*?<\/picture>/g) ?? [];
}

/** An element's attribute, decoded as React escapes it (`&amp;` in URLs). */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(` ${name}="([^"]*)"`).exec(tag);
  return match ? (match[1] ?? "").replaceAll("&amp;", "&") : null;
}

/** The `<source>` and `<img>` tags of one picture. */
function partsOf(picture: string) {
  const sources = picture.match(/<source [^>]*\/>/g) ?? [];
  const img = /<img [^>]*\/>/.exec(picture)?.[0] ?? "";
  return { sources, img };
}

/** Checks a picture's three formats: the types in order, each listing exactly `widths`. */
function expectFormats(picture: string, widths: readonly number[], sizes: string, use = "wide") {
  const { sources, img } = partsOf(picture);
  expect(sources.map((source) => attribute(source, "type"))).toEqual(["image/avif", "image/webp"]);
  const base = `/images/media/${PHOTO_MEDIA.id}/${use}`;
  const formats: [string, string][] = [
    [sources[0] ?? "", "avif"],
    [sources[1] ?? "", "webp"],
    [img, "jpg"],
  ];
  for (const [tag, extension] of formats) {
    expect(srcsetEntries(attribute(tag, "srcSet") ?? "")).toEqual(
      widths.map((width) => ({
        url: `${base}-${width}.${extension}?v=${PHOTO_MEDIA.revision}`,
        width,
      })),
    );
    // A `w` srcset needs `sizes` on the same element (the HTML standard and the Nu checker).
    expect(attribute(tag, "sizes")).toBe(sizes);
  }
}

describe("reader pictures: photographs in <picture>, illustrations as they were", () => {
  it("shows an article's lead photograph as AVIF, WebP and JPEG, eager and first", async () => {
    const api = articleApi({ image: aPhotograph() });
    const page = await renderPage(api, "content.article", articleParams);
    const [lead, ...others] = picturesOf(page.html);
    expect(others).toEqual([]);
    expect(page.html).toContain('<figure class="c-figure c-figure--lead"><picture><source ');
    expectFormats(lead ?? "", PHOTO_MEDIA.widths, IMAGE_SIZES.articleLead);
    const { img } = partsOf(lead ?? "");
    // The JPEG `src` is the fallback; width and height keep its box before it loads.
    expect(attribute(img, "src")).toBe(
      `/images/media/${PHOTO_MEDIA.id}/wide-960.jpg?v=${PHOTO_MEDIA.revision}`,
    );
    expect(img).toContain(' width="1600" height="900"');
    expect(img).toContain(' alt="Commuters cross the reopened harbour bridge at dawn"');
    expect(img).toContain(' loading="eager" fetchPriority="high"');
    // No preload beside it: a preload cannot say which format the browser will pick.
    expect(page.html).not.toContain("<link");
    expect(page.html).toContain(
      "<figcaption>The first morning on the bridge." +
        '<span class="c-figure__credit">Photograph: Mia Chen</span></figcaption>',
    );
  });

  it("shows a body photograph in its full use at exactly its widths, lazy", async () => {
    const body = aPhotograph(
      { alt: "The new deck", width: 1280, height: 960 },
      { use: "full", widths: [320, 480, 640] },
    );
    const api = articleApi({
      image: aPhotograph(),
      body: [
        { type: "paragraph", text: "First." },
        { type: "image", image: body },
      ],
    });
    const page = await renderPage(api, "content.article", articleParams);
    const pictures = picturesOf(page.html);
    expect(pictures).toHaveLength(2);
    const inBody = pictures[1] ?? "";
    expectFormats(inBody, [320, 480, 640], IMAGE_SIZES.body, "full");
    const { img } = partsOf(inBody);
    expect(img).toContain(' width="1280" height="960"');
    expect(img).toContain(' loading="lazy"');
    expect(img).not.toContain("fetchPriority");
    // The article's lead is the page's only eager, high-priority image.
    expect(page.html.match(/loading="eager"/g)).toHaveLength(1);
    expect(page.html.match(/fetchPriority="high"/g)).toHaveLength(1);
  });

  it("leaves an illustration one SVG: no picture, no srcset, no sizes", async () => {
    const api = articleApi({
      image: anImage({ src: "/images/bridge.svg", alt: "The bridge at dawn" }),
      body: [{ type: "image", image: anImage({ src: "/images/deck.svg", alt: "The new deck" }) }],
    });
    const page = await renderPage(api, "content.article", articleParams);
    expect(page.html).not.toContain("<picture");
    expect(page.html).not.toContain("srcSet");
    expect(page.html).not.toContain("sizes=");
    expect(page.html).toContain(
      '<img class="c-image" src="/images/bridge.svg" alt="The bridge at dawn" width="1200"' +
        ' height="675" decoding="async" loading="eager" fetchPriority="high"/>',
    );
  });

  it("sizes the home lead card's photograph for its column", async () => {
    const api = createFakeApi({
      home: aHomeResponse({ lead: anArticleCard({ image: aPhotograph() }) }),
    });
    const page = await renderPage(api, "content.home");
    const [lead, ...others] = picturesOf(page.html);
    expect(others).toEqual([]);
    expect(page.html).toContain('<article class="c-card c-card--lead"><picture>');
    expectFormats(lead ?? "", PHOTO_MEDIA.widths, IMAGE_SIZES.homeLead);
    expect(partsOf(lead ?? "").img).toContain(' class="c-card__image"');
  });

  it("sizes a section's and a category's lead photograph for the whole column", async () => {
    const articles = [anArticleCard({ image: aPhotograph() }), anArticleCard()];
    const section = await renderPage(
      createFakeApi({ section: aSectionResponse({ articles }) }),
      "content.section",
      { section: "world" },
    );
    const category = await renderPage(
      createFakeApi({ category: aCategoryResponse({ articles }) }),
      "content.category",
      { section: "world", category: "europe" },
    );
    for (const page of [section, category]) {
      const pictures = picturesOf(page.html);
      expect(pictures).toHaveLength(1);
      expectFormats(pictures[0] ?? "", PHOTO_MEDIA.widths, IMAGE_SIZES.listingLead);
    }
  });

  it("drops a photograph whose src is not on this site, from the page and its share image", async () => {
    const api = articleApi({ image: aPhotograph({ src: "https://evil.example/x.jpg" }) });
    const page = await renderPage(api, "content.article", articleParams);
    expect(page.html).not.toContain("evil.example");
    expect(page.html).not.toContain("<picture");
    // Shared by the article's card, not the dropped photograph's crop.
    const og = page.head.meta.find((meta) => meta.property === "og:image");
    expect(og?.content).toMatch(/\/images\/cards\/article\/bridge-reopens\.jpg\?v=/);
    expect(JSON.stringify(page.head.jsonLd)).not.toContain(PHOTO_MEDIA.id);
  });
});
