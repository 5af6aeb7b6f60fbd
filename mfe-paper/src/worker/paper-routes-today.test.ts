import { anEdition } from "edge-api/fake/editions";
import { describe, expect, it } from "vitest";
import { brokenApi, editionsApi } from "../test/editions-api.ts";
import { fakeEnv, renderRequest } from "../test/test-bindings.ts";
import { EditionViewSchema } from "../ui/paper-view.ts";
import { loadPaperRoute, type PaperClock } from "./paper-routes.ts";

const at = (iso: string): PaperClock => ({ now: () => new Date(iso) });

describe("paper.today", () => {
  it("asks for the latest edition on or before today in London", async () => {
    const api = editionsApi([anEdition("2026-07-02")]);
    // 23:30 UTC on 1 July is already 2 July in London.
    const outcome = await loadPaperRoute(
      renderRequest({}),
      fakeEnv(api),
      at("2026-07-01T23:30:00Z"),
    );
    expect(api.calls[0]?.endpoint).toBe("latestEdition");
    expect(api.calls[0]?.query["onOrBefore"]).toBe("2026-07-02");
    expect(outcome).toMatchObject({
      kind: "page",
      head: { canonicalPath: "/todays-paper/2026-07-02" },
      cache: { scope: "public", maxAge: 60 },
    });
  });

  it("shows the newest earlier edition when there is none today", async () => {
    const api = editionsApi([anEdition("2026-11-20")]);
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
      fakeEnv(editionsApi([anEdition("2026-11-20"), anEdition("2026-11-21")])),
      at("2026-11-21T09:00:00Z"),
    );
    if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
    expect(EditionViewSchema.parse(outcome.props).mode).toBe("today");
    expect(outcome.head.title).toBe("Today's paper, 21 November 2026 | The Daily Edge");
  });

  it("decides today in the configured time zone", async () => {
    const api = editionsApi([anEdition("2026-11-21")]);
    // 20:00 UTC on the 21st is already the 22nd in Tokyo.
    await loadPaperRoute(
      renderRequest({}),
      { ...fakeEnv(api), PUBLICATION_TIME_ZONE: "Asia/Tokyo" },
      at("2026-11-21T20:00:00Z"),
    );
    expect(api.calls[0]?.query["onOrBefore"]).toBe("2026-11-22");
  });

  it("shows the calendar of the edition's month with today marked, or of ?month=", async () => {
    const api = editionsApi([anEdition("2026-10-31"), anEdition("2026-11-20")]);
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
      const api = editionsApi([anEdition("2026-11-20")]);
      const outcome = await loadPaperRoute(
        renderRequest({ search }),
        fakeEnv(api),
        at("2026-11-22T09:00:00Z"),
      );
      expect(api.calls.map((call) => call.query["month"]).filter(Boolean)).toEqual(["2026-11"]);
      expect(outcome.kind).toBe("page");
    },
  );

  it("is not found when there is no edition at all", async () => {
    const outcome = await loadPaperRoute(
      renderRequest({}),
      fakeEnv(editionsApi([])),
      at("2026-11-21T09:00:00Z"),
    );
    expect(outcome).toEqual({ kind: "not-found" });
  });

  it.each([
    ["?date=2026-11-01", "/todays-paper/2026-11-01"],
    ["?date=2026-1-5", "/todays-paper/2026-01-05"],
  ])("redirects the Go-to-date form %s", async (search, location) => {
    const api = editionsApi([]);
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
      const api = editionsApi([anEdition("2026-11-21")]);
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
