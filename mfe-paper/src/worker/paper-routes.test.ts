import { describe, expect, it } from "vitest";
import { EditionViewSchema } from "../ui/paper-view.ts";
import { loadPaperRoute, type PaperClock } from "./paper-routes.ts";
import {
  brokenApi,
  fakeApi,
  fakeEnv,
  makeEdition,
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
      mode: "today",
      date: "2026-11-20",
    });
    expect(outcome.head.title).toBe("Today's paper, 20 November 2026 | The Daily Edge");
  });

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

  it("is not found when the API has no edition for the date", async () => {
    const outcome = await loadPaperRoute(
      dated("2026-11-19"),
      fakeEnv(fakeApi([makeEdition("2026-11-21")])),
    );
    expect(outcome).toEqual({ kind: "not-found" });
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
    const parts = (issue?.["hasPart"] ?? []) as { headline: string }[];
    expect(parts.map((part) => part.headline)).toEqual(["First", "Second", "Third"]);
  });
});
