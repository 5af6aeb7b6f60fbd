import { apiFailure, createFakeApi, rawAnswer } from "edge-api/fake";
import { shareCardPath, type ImageMedia } from "edge-api/contract/content";
import { anArticleCard, anImage } from "edge-api/fake/content";
import { aPlacement, anEdition, anEditionPage } from "edge-api/fake/editions";
import { describe, expect, it } from "vitest";
import { editionAnswers, editionsApi } from "../test/editions-api.ts";
import { fakeEnv, renderRequest } from "../test/test-bindings.ts";
import { EditionViewSchema, NoEditionViewSchema } from "../ui/paper-view.ts";
import { loadPaperRoute, type PaperClock } from "./paper-routes.ts";

const at = (iso: string): PaperClock => ({ now: () => new Date(iso) });

const dated = (date: string) =>
  renderRequest({ routeId: "paper.edition", params: { date }, path: `/todays-paper/${date}` });

/** 2026-11-21's edition, whose lead story on A1 has an image at `src`, as the paper loads it. */
function frontPageWithLeadImage(src: string, media?: ImageMedia) {
  const edition = anEdition("2026-11-21", {
    edition: {
      date: "2026-11-21",
      pages: [
        anEditionPage("A", 1, [
          aPlacement({
            order: 1,
            article: anArticleCard({ image: anImage({ src, ...(media ? { media } : {}) }) }),
          }),
          aPlacement({ order: 2 }),
        ]),
      ],
    },
  });
  return loadPaperRoute(dated("2026-11-21"), fakeEnv(editionsApi([edition])));
}

describe("paper.edition", () => {
  it("loads the edition of that date", async () => {
    const api = editionsApi([anEdition("2026-11-21")]);
    const outcome = await loadPaperRoute(dated("2026-11-21"), fakeEnv(api));
    expect(api.calls[0]).toMatchObject({
      endpoint: "edition",
      path: "/api/editions/2026-11-21",
      params: { date: "2026-11-21" },
    });
    expect(outcome).toMatchObject({
      kind: "page",
      head: {
        title: "The paper for 21 November 2026 | The Daily Edge",
        canonicalPath: "/todays-paper/2026-11-21",
      },
      cache: { scope: "public" },
    });
  });

  it("redirects a non-canonical date permanently", async () => {
    const api = editionsApi([]);
    expect(await loadPaperRoute(dated("2026-1-5"), fakeEnv(api))).toEqual({
      kind: "redirect",
      status: 301,
      location: "/todays-paper/2026-01-05",
    });
    expect(api.calls).toHaveLength(0);
  });

  it.each(["2026-02-30", "2026-13-01", "0000-00-00", "99999-01-01", "yesterday", "../x"])(
    "is not found for %j without asking the API",
    async (date) => {
      const api = editionsApi([anEdition("2026-11-21")]);
      expect(await loadPaperRoute(dated(date), fakeEnv(api))).toEqual({ kind: "not-found" });
      expect(api.calls).toHaveLength(0);
    },
  );

  it.each([
    ["a Sunday", "2026-11-22", "2026-11-21", "2026-11-23"],
    ["a future date", "2027-01-04", "2026-11-23", null],
    ["a date before the archive", "1999-01-01", null, "2026-11-21"],
  ])(
    "answers %s without a paper with a 404 page naming the nearest editions",
    async (_name, date, previousDate, nextDate) => {
      const api = editionsApi([anEdition("2026-11-21"), anEdition("2026-11-23")]);
      const outcome = await loadPaperRoute(dated(date), fakeEnv(api), at("2026-11-23T09:00:00Z"));
      if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
      expect(outcome.status).toBe(404);
      // `kind` stays beside `view` for builds kept from before issue 12 (decision 0006).
      expect(outcome.props).toMatchObject({ view: "no-edition", kind: "no-edition" });
      expect(NoEditionViewSchema.parse(outcome.props)).toMatchObject({
        view: "no-edition",
        date,
        previousDate,
        nextDate,
      });
      expect(outcome.head).toMatchObject({
        canonicalPath: `/todays-paper/${date}`,
        robots: "noindex",
      });
      expect(outcome.cache).toEqual({ scope: "public", maxAge: 60 });
    },
  );

  it("keeps the calendar month links on the dated page", async () => {
    const api = editionsApi([anEdition("2026-10-31"), anEdition("2026-11-21")]);
    const outcome = await loadPaperRoute(
      { ...dated("2026-11-21"), search: "?month=2026-10" },
      fakeEnv(api),
      at("2026-11-23T09:00:00Z"),
    );
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const view = EditionViewSchema.parse(outcome.props);
    expect(view.calendar?.month).toBe("2026-10");
    expect(view.calendar?.next?.href).toBe("/todays-paper/2026-11-21?month=2026-11");
    expect(outcome.head.canonicalPath).toBe("/todays-paper/2026-11-21");
  });

  it("puts the lead story's illustration on the front page, and shares the publication's card (no SVG)", async () => {
    const outcome = await frontPageWithLeadImage("/images/42.svg");
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const front = EditionViewSchema.parse(outcome.props).frontPage;
    expect(front?.leadImage?.src).toBe("/images/42.svg");
    expect(front?.leadPicture).toBeNull();
    const card = `https://daily-edge.example${shareCardPath({ kind: "home" })}`;
    expect(outcome.head.meta).toContainEqual({ property: "og:image", content: card });
    expect(outcome.head.meta).toContainEqual({ name: "twitter:image", content: card });
    expect(outcome.head.meta).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(outcome.head.meta).toContainEqual({ property: "og:image:height", content: "630" });
    expect(JSON.stringify(outcome.head)).not.toMatch(/og:image[^}]*\.svg/);
    expect(outcome.head.links).toEqual([{ rel: "preload", href: "/images/42.svg", as: "image" }]);
  });

  it("shows a lead photograph as a <picture> and shares its 1200x630 crop", async () => {
    const id = "ab".repeat(16);
    const media: ImageMedia = { id, revision: 4, use: "wide", widths: [320, 480, 640, 960] };
    const outcome = await frontPageWithLeadImage(`/images/media/${id}/wide-960.jpg?v=4`, media);
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const picture = EditionViewSchema.parse(outcome.props).frontPage?.leadPicture;
    expect(picture?.avif).toBe(
      [320, 480, 640, 960].map((w) => `/images/media/${id}/wide-${w}.avif?v=4 ${w}w`).join(", "),
    );
    expect(picture?.jpg).toContain(`/images/media/${id}/wide-960.jpg?v=4 960w`);
    expect(picture?.sizes).toMatch(/^\(min-width: 80rem\) 44rem, /);
    expect(outcome.head.meta).toContainEqual({
      property: "og:image",
      content: `https://daily-edge.example/images/media/${id}/og-1200.jpg?v=4`,
    });
    // The picture chooses its own format and width: no preload that could fetch another.
    expect(outcome.head.links).toEqual([]);
  });

  it("drops a lead image that is not on this site", async () => {
    const outcome = await frontPageWithLeadImage("//evil.example/x.svg");
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    expect(EditionViewSchema.parse(outcome.props).frontPage?.leadImage).toBeNull();
    expect(JSON.stringify(outcome.head)).not.toContain("evil.example");
  });

  it("links each placement to its web article by section, category and slug", async () => {
    const article = anArticleCard({
      slug: "harbour-bridge-reopens",
      section: { slug: "news", name: "News" },
      category: { slug: "uk", name: "UK" },
    });
    const edition = anEdition("2026-11-21", {
      edition: {
        date: "2026-11-21",
        pages: [anEditionPage("A", 1, [aPlacement({ article })])],
      },
    });
    const outcome = await loadPaperRoute(dated("2026-11-21"), fakeEnv(editionsApi([edition])));
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const view = EditionViewSchema.parse(outcome.props);
    expect(view.frontPage?.lead.path).toBe("/news/uk/harbour-bridge-reopens");
    expect(view.books[0]?.pages[0]?.placements[0]?.path).toBe("/news/uk/harbour-bridge-reopens");
  });

  it("fails loudly (not 404) when the calendar is unavailable", async () => {
    const api = createFakeApi({
      ...editionAnswers([anEdition("2026-11-21")]),
      editionCalendar: apiFailure(500, "internal"),
    });
    await expect(loadPaperRoute(dated("2026-11-21"), fakeEnv(api))).rejects.toMatchObject({
      code: "api_unavailable",
    });
  });

  it("fails loudly (not 404) when the API answers an edition of the wrong shape", async () => {
    const api = createFakeApi({
      ...editionAnswers([]),
      edition: rawAnswer(() => Response.json({ edition: { date: "2026-11-21" } })),
    });
    await expect(loadPaperRoute(dated("2026-11-21"), fakeEnv(api))).rejects.toMatchObject({
      code: "api_contract_violation",
    });
  });

  it("describes the issue in JSON-LD with every placement in print order", async () => {
    const edition = anEdition("2026-11-21", {
      edition: {
        date: "2026-11-21",
        pages: [
          anEditionPage("B", 1, [aPlacement({ printHeadline: "Third" })]),
          anEditionPage("A", 2, [aPlacement({ printHeadline: "Second" })]),
          anEditionPage("A", 1, [aPlacement({ printHeadline: "First" })]),
        ],
      },
    });
    const outcome = await loadPaperRoute(dated("2026-11-21"), fakeEnv(editionsApi([edition])));
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const [issue] = outcome.head.jsonLd ?? [];
    expect(issue).toMatchObject({
      "@type": "PublicationIssue",
      datePublished: "2026-11-21",
      url: "https://daily-edge.example/todays-paper/2026-11-21",
    });
    const parts = (issue?.["hasPart"] ?? []) as { headline: string; printPage: string }[];
    expect(parts.map((part) => [part.headline, part.printPage])).toEqual([
      ["First", "A1"],
      ["Second", "A2"],
      ["Third", "B1"],
    ]);
  });
});
