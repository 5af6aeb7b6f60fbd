import { apiFailure, createFakeApi } from "edge-api/fake";
import { mediaOgPath, shareCardPath, type ImageMedia } from "edge-api/contract/content";
import { anArticleCard, anImage } from "edge-api/fake/content";
import { aPlacement, anEdition, anEditionPage } from "edge-api/fake/editions";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { editionAnswers, editionsApi } from "../test/editions-api.ts";
import { fakeEnv, renderRequest } from "../test/test-bindings.ts";
import { FragmentApp } from "../ui/fragment-app.tsx";
import { PrintPageViewSchema } from "../ui/paper-view.ts";
import { loadPaperRoute, type PaperClock } from "./paper-routes.ts";

// paper.page (issue 17): one printed page of an edition, `/todays-paper/{date}/{page}`.

const at = (iso: string): PaperClock => ({ now: () => new Date(iso) });
const origin = "https://daily-edge.example";
const photoId = "cd".repeat(16);
const photo: ImageMedia = { id: photoId, revision: 2, use: "wide", widths: [320, 640, 960] };

const story = (printHeadline: string, slug: string, order: number, withPhoto = false) =>
  aPlacement({
    order,
    printHeadline,
    article: anArticleCard({
      slug,
      standfirst: `Standfirst of ${slug}`,
      image: withPhoto
        ? anImage({ src: `/images/media/${photoId}/wide-960.jpg?v=2`, media: photo })
        : null,
    }),
  });

/** 2026-11-24: A1, A2 (empty), B1 with a photograph lead and two more stories, B2. */
const edition = anEdition("2026-11-24", {
  edition: {
    date: "2026-11-24",
    pages: [
      anEditionPage("B", 2, [story("Shipyard orders double", "shipyard", 1)]),
      anEditionPage("A", 1, [story("Storm closes every port", "storm", 1)]),
      {
        ...anEditionPage("B", 1, [
          // Given out of order: the page shows them by `order`.
          story("Bakers fight flour tax", "bakers", 3),
          story("Markets shrug off rate rise", "markets", 1, true),
          story("Rail freight returns", "freight", 2),
        ]),
        bookName: "Business",
      },
      anEditionPage("A", 2, []),
    ],
  },
});

const pageRequest = (date: string, page: string, search = "") =>
  renderRequest({
    routeId: "paper.page",
    params: { date, page },
    path: `/todays-paper/${date}/${page}`,
    search,
  });

async function load(date: string, page: string, api = editionsApi([edition])) {
  return loadPaperRoute(pageRequest(date, page), fakeEnv(api), at("2026-11-25T09:00:00Z"));
}

async function pageOf(date: string, page: string, api = editionsApi([edition])) {
  const outcome = await load(date, page, api);
  if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
  const html = renderToStaticMarkup(<FragmentApp routeId="paper.page" props={outcome.props} />);
  return { ...outcome, html };
}

describe("paper.page", () => {
  it("shows B1 headed with its book and long date, its stories in print order, the lead first", async () => {
    const page = await pageOf("2026-11-24", "B1");
    expect(page.status ?? 200).toBe(200);
    expect(page.html).toContain(
      '<h1 id="p-edition-title" class="p-title">Page B1 · Business · Tuesday 24 November 2026</h1>',
    );
    const order = ["Markets shrug off rate rise", "Rail freight returns", "Bakers fight flour tax"];
    const positions = order.map((headline) => page.html.indexOf(headline));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(page.html).toContain("Standfirst of freight");
    expect(page.cache).toEqual({ scope: "public", maxAge: 300 });
  });

  it("shows the lead larger, with its photograph as a <picture>", async () => {
    const { html } = await pageOf("2026-11-24", "B1");
    expect(html).toMatch(
      /<h2 class="p-lead-headline"><a href="[^"]*\/markets">Markets shrug off rate rise<\/a><\/h2>/,
    );
    expect(html).toMatch(
      /<h2 class="p-column-headline"><a href="[^"]*\/freight">Rail freight returns<\/a><\/h2>/,
    );
    expect(html).toContain(
      `<source type="image/avif" srcSet="/images/media/${photoId}/wide-320.avif?v=2 320w`,
    );
    expect(html).toMatch(/<img class="p-lead-image"[^>]*fetchPriority="high"/);
  });

  it("links each story to its web article, the previous and next pages in print order, and the edition", async () => {
    const page = await pageOf("2026-11-24", "B1");
    const view = PrintPageViewSchema.parse(page.props);
    expect(view.stories?.lead.path).toMatch(/^\/[^/]+\/[^/]+\/markets$/);
    expect(page.html).toContain(`href="${view.stories?.lead.path}"`);
    // A1, A2, B1, B2: books by letter, pages by number.
    expect(view.previousPage).toEqual({ label: "A2", href: "/todays-paper/2026-11-24/A2" });
    expect(view.nextPage).toEqual({ label: "B2", href: "/todays-paper/2026-11-24/B2" });
    expect(page.html).toContain('<a href="/todays-paper/2026-11-24/A2" rel="prev">');
    expect(page.html).toContain('<a href="/todays-paper/2026-11-24/B2" rel="next">');
    expect(page.html).toContain('href="/todays-paper/2026-11-24"');
  });

  it("shows A1 with no earlier page, and a page without stories says so", async () => {
    const front = await pageOf("2026-11-24", "A1");
    expect(front.html).toContain("Page A1 · News · Tuesday 24 November 2026");
    expect(front.html).toContain("No earlier page");
    expect(front.html).toContain("Storm closes every port");
    const empty = await pageOf("2026-11-24", "A2");
    expect(empty.status ?? 200).toBe(200);
    expect(empty.html).toContain("No stories on this page.");
  });

  it("is canonical to itself, with JSON-LD listing the page's NewsArticles with their print placement", async () => {
    const { head } = await pageOf("2026-11-24", "B1");
    expect(head.canonicalPath).toBe("/todays-paper/2026-11-24/B1");
    expect(head.title).toBe("Page B1 · Business · Tuesday 24 November 2026 | The Daily Edge");
    expect(head.meta).toContainEqual({
      property: "og:url",
      content: `${origin}/todays-paper/2026-11-24/B1`,
    });
    const [jsonLd] = head.jsonLd ?? [];
    expect(jsonLd).toMatchObject({
      "@type": "WebPage",
      url: `${origin}/todays-paper/2026-11-24/B1`,
      isPartOf: { "@type": "PublicationIssue", url: `${origin}/todays-paper/2026-11-24` },
      mainEntity: { "@type": "ItemList", numberOfItems: 3 },
    });
    const items = (jsonLd as { mainEntity: { itemListElement: unknown[] } }).mainEntity
      .itemListElement;
    expect(items[0]).toEqual({
      "@type": "ListItem",
      position: 1,
      item: {
        "@type": "NewsArticle",
        headline: "Markets shrug off rate rise",
        url: expect.stringMatching(/^https:\/\/daily-edge\.example\/[^/]+\/[^/]+\/markets$/),
        printEdition: "2026-11-24",
        printSection: "Business",
        printPage: "B1",
      },
    });
    expect(JSON.parse(JSON.stringify(head.jsonLd))).toEqual(head.jsonLd);
  });

  it("shares the lead photograph's 1200x630 crop, else the publication's card", async () => {
    const photoPage = await pageOf("2026-11-24", "B1");
    const crop = `${origin}${mediaOgPath(photo)}`;
    expect(photoPage.head.meta).toContainEqual({ property: "og:image", content: crop });
    expect(photoPage.head.meta).toContainEqual({
      property: "og:image:type",
      content: "image/jpeg",
    });
    expect(photoPage.head.meta).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(photoPage.head.meta).toContainEqual({ name: "twitter:image", content: crop });
    const plain = await pageOf("2026-11-24", "A1");
    expect(plain.head.meta).toContainEqual({
      property: "og:image",
      content: `${origin}${shareCardPath({ kind: "home" })}`,
    });
  });

  it("answers a page the edition does not have with a 404 page linking to the edition", async () => {
    const page = await pageOf("2026-11-24", "B9");
    expect(page.status).toBe(404);
    expect(page.html).toContain("The paper of Tuesday 24 November 2026 has no page B9");
    expect(page.html).toContain('href="/todays-paper/2026-11-24"');
    expect(page.head).toMatchObject({
      canonicalPath: "/todays-paper/2026-11-24/B9",
      robots: "noindex",
    });
  });

  it.each(["b1", "A0", "A01", "AB1", "1A", "A", "A1000", "A1x", "../A1", "A 1"])(
    "is not found for the label %j without asking the API",
    async (label) => {
      const api = editionsApi([edition]);
      expect(await load("2026-11-24", label, api)).toEqual({ kind: "not-found" });
      expect(api.calls).toHaveLength(0);
    },
  );

  it("is not found for an impossible date without asking the API, and redirects a loose one", async () => {
    const api = editionsApi([edition]);
    expect(await load("2026-02-30", "A1", api)).toEqual({ kind: "not-found" });
    expect(await load("2026-11-4", "B1", api)).toEqual({
      kind: "redirect",
      status: 301,
      location: "/todays-paper/2026-11-04/B1",
    });
    expect(api.calls).toHaveLength(0);
  });

  it("answers a date without a paper like the edition route: 404 with the nearest editions", async () => {
    const api = editionsApi([edition, anEdition("2026-11-21")]);
    const page = await pageOf("2026-11-22", "A1", api);
    expect(page.status).toBe(404);
    expect(page.props).toMatchObject({
      view: "no-edition",
      date: "2026-11-22",
      previousDate: "2026-11-21",
      nextDate: "2026-11-24",
    });
    expect(page.html).toContain("No paper on Sunday 22 November 2026");
    expect(page.head).toMatchObject({ robots: "noindex" });
  });

  it("leaves an API outage to the shell's 503 region", async () => {
    const api = createFakeApi({ ...editionAnswers([]), edition: apiFailure(500, "internal") });
    await expect(load("2026-11-24", "B1", api)).rejects.toThrow();
  });
});

describe("the edition links each page to its page view", () => {
  it("keeps the #page anchors and links the page labels and the front page", async () => {
    const request = renderRequest({
      routeId: "paper.edition",
      params: { date: "2026-11-24" },
      path: "/todays-paper/2026-11-24",
    });
    const outcome = await loadPaperRoute(request, fakeEnv(editionsApi([edition])));
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const html = renderToStaticMarkup(
      <FragmentApp routeId="paper.edition" props={outcome.props} />,
    );
    expect(html).toContain('id="page-B1"');
    expect(html).toContain('<a href="/todays-paper/2026-11-24/B1">Page B1</a>');
    expect(html).toContain('<a href="/todays-paper/2026-11-24/A2">Page A2</a>');
    expect(html).toContain('<a class="p-page-label" href="/todays-paper/2026-11-24/A1">A1</a>');
  });
});
