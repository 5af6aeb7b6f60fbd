import { describe, expect, it } from "vitest";
import { EditionViewSchema, NoEditionViewSchema } from "../ui/paper-view.ts";
import { loadPaperRoute, type PaperClock } from "./paper-routes.ts";
import {
  brokenApi,
  fakeApi,
  fakeEnv,
  makeEdition,
  makeImage,
  makePage,
  makePlacement,
  renderRequest,
} from "./test-bindings.ts";

const at = (iso: string): PaperClock => ({ now: () => new Date(iso) });

describe("paper.today", () => {
  it("asks for the latest edition on or before today in London", async () => {
    const api = fakeApi([makeEdition("2026-07-02")]);
    // 23:30 UTC on 1 July is already 2 July in London.
    const outcome = await loadPaperRoute(
      renderRequest({}),
      fakeEnv(api),
      at("2026-07-01T23:30:00Z"),
    );
    expect(api.calls[0]?.pathname).toBe("/api/editions/latest");
    expect(api.calls[0]?.searchParams.get("onOrBefore")).toBe("2026-07-02");
    expect(outcome).toMatchObject({
      kind: "page",
      head: { canonicalPath: "/todays-paper/2026-07-02" },
      cache: { scope: "public", maxAge: 60 },
    });
  });

  it("shows the newest earlier edition when there is none today", async () => {
    const api = fakeApi([makeEdition("2026-11-20")]);
    const outcome = await loadPaperRoute(
      renderRequest({}),
      fakeEnv(api),
      at("2026-11-22T09:00:00Z"),
    );
    expect(outcome.kind).toBe("page");
    if (outcome.kind !== "page") return;
    expect(EditionViewSchema.parse(outcome.props)).toMatchObject({
      mode: "latest",
      date: "2026-11-20",
    });
    expect(outcome.head.title).toBe("The latest paper, 20 November 2026 | The Daily Edge");
    expect(outcome.head.canonicalPath).toBe("/todays-paper/2026-11-20");
  });

  it("calls it today's paper when the newest edition is today's", async () => {
    const outcome = await loadPaperRoute(
      renderRequest({}),
      fakeEnv(fakeApi([makeEdition("2026-11-20"), makeEdition("2026-11-21")])),
      at("2026-11-21T09:00:00Z"),
    );
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    expect(EditionViewSchema.parse(outcome.props).mode).toBe("today");
    expect(outcome.head.title).toBe("Today's paper, 21 November 2026 | The Daily Edge");
  });

  it("decides today in the configured time zone", async () => {
    const api = fakeApi([makeEdition("2026-11-21")]);
    // 20:00 UTC on the 21st is already the 22nd in Tokyo.
    await loadPaperRoute(
      renderRequest({}),
      { ...fakeEnv(api), PUBLICATION_TIME_ZONE: "Asia/Tokyo" },
      at("2026-11-21T20:00:00Z"),
    );
    expect(api.calls[0]?.searchParams.get("onOrBefore")).toBe("2026-11-22");
  });

  it("shows the calendar of the edition's month with today marked, or of ?month=", async () => {
    const api = fakeApi([makeEdition("2026-10-31"), makeEdition("2026-11-20")]);
    const outcome = await loadPaperRoute(
      renderRequest({}),
      fakeEnv(api),
      at("2026-11-22T09:00:00Z"),
    );
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    const calendar = EditionViewSchema.parse(outcome.props).calendar;
    expect(calendar?.title).toBe("November 2026");
    const days = calendar?.weeks.flat().filter((day) => day !== null) ?? [];
    expect(days.filter((day) => day.hasEdition).map((day) => day.date)).toEqual(["2026-11-20"]);
    expect(days.find((day) => day.isToday)?.date).toBe("2026-11-22");
    expect(days.find((day) => day.isSelected)?.date).toBe("2026-11-20");
    expect(calendar?.previous).toEqual({
      month: "2026-10",
      label: "October 2026",
      href: "/todays-paper?month=2026-10",
    });
    expect(calendar?.next).toBeNull();

    const october = await loadPaperRoute(
      renderRequest({ search: "?month=2026-10" }),
      fakeEnv(api),
      at("2026-11-22T09:00:00Z"),
    );
    if (october.kind !== "page") throw new Error(`expected a page, got ${october.kind}`);
    expect(EditionViewSchema.parse(october.props).calendar?.title).toBe("October 2026");
  });

  it.each(["?month=2026-13", "?month=2026-1", "?month=yesterday", "?month="])(
    "ignores a malformed %s and shows the edition's month",
    async (search) => {
      const api = fakeApi([makeEdition("2026-11-20")]);
      const outcome = await loadPaperRoute(
        renderRequest({ search }),
        fakeEnv(api),
        at("2026-11-22T09:00:00Z"),
      );
      expect(api.calls.map((call) => call.searchParams.get("month")).filter(Boolean)).toEqual([
        "2026-11",
      ]);
      expect(outcome.kind).toBe("page");
    },
  );

  it("is not found when there is no edition at all", async () => {
    const outcome = await loadPaperRoute(
      renderRequest({}),
      fakeEnv(fakeApi([])),
      at("2026-11-21T09:00:00Z"),
    );
    expect(outcome).toEqual({ kind: "not-found" });
  });

  it.each([
    ["?date=2026-11-01", "/todays-paper/2026-11-01"],
    ["?date=2026-1-5", "/todays-paper/2026-01-05"],
  ])("redirects the Go-to-date form %s", async (search, location) => {
    const api = fakeApi([]);
    const outcome = await loadPaperRoute(
      renderRequest({ search }),
      fakeEnv(api),
      at("2026-11-21T09:00:00Z"),
    );
    expect(outcome).toEqual({ kind: "redirect", status: 302, location });
    expect(api.calls).toHaveLength(0);
  });

  it.each(["?date=", "?date=yesterday", "?date=2026-02-30", "?date=%2F%2Fevil.example"])(
    "ignores an invalid date %s and shows today's paper",
    async (search) => {
      const api = fakeApi([makeEdition("2026-11-21")]);
      const outcome = await loadPaperRoute(
        renderRequest({ search }),
        fakeEnv(api),
        at("2026-11-21T09:00:00Z"),
      );
      expect(outcome.kind).toBe("page");
    },
  );

  it("fails loudly (not 404) when the API is down", async () => {
    await expect(
      loadPaperRoute(renderRequest({}), fakeEnv(brokenApi()), at("2026-11-21T09:00:00Z")),
    ).rejects.toMatchObject({ code: "api_unavailable" });
  });
});

describe("paper.edition", () => {
  const dated = (date: string) =>
    renderRequest({ routeId: "paper.edition", params: { date }, path: `/todays-paper/${date}` });

  it("loads the edition of that date", async () => {
    const api = fakeApi([makeEdition("2026-11-21")]);
    const outcome = await loadPaperRoute(dated("2026-11-21"), fakeEnv(api));
    expect(api.calls[0]?.pathname).toBe("/api/editions/2026-11-21");
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
    const api = fakeApi([]);
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
      const api = fakeApi([makeEdition("2026-11-21")]);
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
      const api = fakeApi([makeEdition("2026-11-21"), makeEdition("2026-11-23")]);
      const outcome = await loadPaperRoute(dated(date), fakeEnv(api), at("2026-11-23T09:00:00Z"));
      if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
      expect(outcome.status).toBe(404);
      expect(NoEditionViewSchema.parse(outcome.props)).toMatchObject({
        kind: "no-edition",
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
    const api = fakeApi([makeEdition("2026-10-31"), makeEdition("2026-11-21")]);
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

  it("puts the lead story's image on the front page and in Open Graph", async () => {
    const edition = makeEdition("2026-11-21", {
      edition: {
        date: "2026-11-21",
        pages: [
          makePage("A", 1, [
            makePlacement({
              order: 1,
              article: { ...makePlacement().article, image: makeImage() },
            }),
            makePlacement({ order: 2 }),
          ]),
        ],
      },
    });
    const outcome = await loadPaperRoute(dated("2026-11-21"), fakeEnv(fakeApi([edition])));
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    expect(EditionViewSchema.parse(outcome.props).frontPage?.leadImage?.src).toBe("/images/42.svg");
    expect(outcome.head.meta).toContainEqual({
      property: "og:image",
      content: "https://daily-edge.example/images/42.svg",
    });
    expect(outcome.head.links).toEqual([{ rel: "preload", href: "/images/42.svg", as: "image" }]);
  });

  it("fails loudly (not 404) when the calendar is unavailable", async () => {
    const api = fakeApi([makeEdition("2026-11-21")]);
    const env = fakeEnv({
      calls: [],
      fetch: (input, init) =>
        new URL(typeof input === "string" ? input : input.url).pathname.endsWith("/calendar")
          ? brokenApi().fetch(input, init)
          : api.fetch(input, init),
    });
    await expect(loadPaperRoute(dated("2026-11-21"), env)).rejects.toMatchObject({
      code: "api_unavailable",
    });
  });

  it("describes the issue in JSON-LD with every placement in print order", async () => {
    const edition = makeEdition("2026-11-21", {
      edition: {
        date: "2026-11-21",
        pages: [
          makePage("B", 1, [makePlacement({ printHeadline: "Third" })]),
          makePage("A", 2, [makePlacement({ printHeadline: "Second" })]),
          makePage("A", 1, [makePlacement({ printHeadline: "First" })]),
        ],
      },
    });
    const outcome = await loadPaperRoute(dated("2026-11-21"), fakeEnv(fakeApi([edition])));
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
