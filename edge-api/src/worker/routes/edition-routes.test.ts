import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../db/database.ts";
import { printEditions } from "../../db/schema.ts";
import type {
  EditionCalendarResponse,
  EditionResponse,
  NearestEditionsResponse,
} from "../../contract/edition-contract.ts";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import { apiJson, apiRequest } from "../../test/api-request.ts";
import {
  createArticle,
  createDesk,
  createEdition,
  createPrintPage,
  placeArticle,
} from "../../test/factories.ts";

const db = createDatabase(env.DB);

/** The request clock: the API reads `new Date()` once per request. */
function setClock(iso: string): void {
  vi.setSystemTime(new Date(iso));
}

// Saturday 21 November 2026, 10:00 in London (GMT): Saturday's edition is out.
const SATURDAY_MORNING = "2026-11-21T10:00:00Z";
const EDITION_DATES = [
  "2026-03-28", // Saturday before the clocks go forward (Sunday 29 March)
  "2026-03-30",
  "2026-06-30",
  "2026-10-24", // Saturday before the clocks go back (Sunday 25 October)
  "2026-10-26",
  "2026-10-31",
  "2026-11-02",
  "2026-11-19",
  "2026-11-20",
  "2026-11-21",
  "2026-11-23", // Monday: not out until 05:00 that day
];

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "world", name: "World" });
  const lead = await createArticle(db, {
    category,
    slug: "lead-story",
    headline: "Lead story",
    publishedAt: new Date("2026-03-01T09:00:00Z"),
  });
  const second = await createArticle(db, {
    category,
    slug: "second-story",
    publishedAt: new Date("2026-03-01T10:00:00Z"),
  });
  const draft = await createArticle(db, {
    category,
    slug: "draft-story",
    status: "draft",
    publishedAt: null,
  });
  for (const date of EDITION_DATES) {
    const edition = await createEdition(db, date);
    const a1 = await createPrintPage(db, edition, "A", 1);
    const b1 = await createPrintPage(db, edition, "B", 1);
    await placeArticle(db, a1, second, 2);
    await placeArticle(db, a1, lead, 1, "LEAD IN PRINT", true);
    await placeArticle(db, b1, draft, 1);
  }
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  setClock(SATURDAY_MORNING);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/editions/:date", () => {
  it("serves an edition with ordered pages, placements and neighbours", async () => {
    const { status, body } = await apiJson<EditionResponse>("/api/editions/2026-11-20");
    expect(status).toBe(200);
    expect(body.previousDate).toBe("2026-11-19");
    expect(body.nextDate).toBe("2026-11-21");
    expect(body.edition.date).toBe("2026-11-20");
    expect(body.edition.pages.map((p) => p.label)).toEqual(["A1", "B1"]);
    const a1 = body.edition.pages[0];
    expect(a1).toMatchObject({ book: "A", bookName: "News", number: 1 });
    expect(a1?.placements.map((p) => [p.order, p.printHeadline, p.article.slug, p.isLead])).toEqual(
      [
        [1, "LEAD IN PRINT", "lead-story", true],
        [2, "Print: A headline", "second-story", false],
      ],
    );
    // A draft placed in print is still not served.
    expect(body.edition.pages[1]?.placements).toEqual([]);
  });

  it("links the newest published edition to no later one, and the oldest to no earlier one", async () => {
    const newest = await apiJson<EditionResponse>("/api/editions/2026-11-21");
    expect(newest.body.nextDate).toBeNull();
    const oldest = await apiJson<EditionResponse>("/api/editions/2026-03-28");
    expect(oldest.body.previousDate).toBeNull();
    expect(oldest.body.nextDate).toBe("2026-03-30");
  });

  it.each([
    ["an impossible date", "2026-02-30"],
    ["a Sunday (no paper)", "2026-11-22"],
    ["a date without an edition", "2026-11-18"],
    ["an edition not out yet", "2026-11-23"],
    ["a date before the archive", "1999-01-01"],
    ["a sloppy date", "2026-2-3"],
    ["a traversal", "..%2F..%2Fx"],
    ["a long string", "9".repeat(10_240)],
  ])("answers 404 not_found for %s", async (_name, date) => {
    const { status, body } = await apiJson<ApiErrorBody>(`/api/editions/${date}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});

describe("the publish hour", () => {
  it("shows an edition from 05:00 London time on its date, in winter (GMT)", async () => {
    setClock("2026-11-23T04:59:59Z");
    expect((await apiRequest("/api/editions/2026-11-23")).status).toBe(404);
    const before = await apiJson<EditionResponse>("/api/editions/latest?onOrBefore=2026-11-23");
    expect(before.body.edition.date).toBe("2026-11-21");
    setClock("2026-11-23T05:00:00Z");
    expect((await apiRequest("/api/editions/2026-11-23")).status).toBe(200);
    const calendar = await apiJson<EditionCalendarResponse>("/api/editions/calendar?month=2026-11");
    expect(calendar.body.dates.at(-1)).toBe("2026-11-23");
  });

  it("shows it at 05:00 British Summer Time, which is 04:00 UTC", async () => {
    setClock("2026-06-30T03:59:59Z");
    expect((await apiRequest("/api/editions/2026-06-30")).status).toBe(404);
    setClock("2026-06-30T04:00:00Z");
    expect((await apiRequest("/api/editions/2026-06-30")).status).toBe(200);
  });

  it("keeps edition dates across the clock changes", async () => {
    // Sunday 29 March 00:30 GMT: Saturday's edition is still the newest; Monday's not yet out.
    setClock("2026-03-29T00:30:00Z");
    const march = await apiJson<EditionResponse>("/api/editions/latest?onOrBefore=2026-03-30");
    expect(march.body.edition.date).toBe("2026-03-28");
    setClock("2026-03-30T04:00:00Z"); // 05:00 BST on Monday
    const monday = await apiJson<EditionResponse>("/api/editions/latest?onOrBefore=2026-03-30");
    expect(monday.body.edition.date).toBe("2026-03-30");
    // Sunday 25 October 00:30 BST is still Saturday 23:30 UTC: the date is London's.
    setClock("2026-10-24T23:30:00Z");
    const october = await apiJson<EditionResponse>("/api/editions/latest?onOrBefore=2026-10-26");
    expect(october.body.edition.date).toBe("2026-10-24");
    setClock("2026-10-26T04:59:59Z"); // 04:59 GMT on Monday
    expect((await apiRequest("/api/editions/2026-10-26")).status).toBe(404);
    setClock("2026-10-26T05:00:00Z");
    expect((await apiRequest("/api/editions/2026-10-26")).status).toBe(200);
  });

  it("follows EDITION_PUBLISH_HOUR", async () => {
    setClock("2026-11-23T00:30:00Z");
    const atMidnight = await apiRequest("/api/editions/2026-11-23", undefined, {
      EDITION_PUBLISH_HOUR: "0",
    });
    expect(atMidnight.status).toBe(200);
    expect((await apiRequest("/api/editions/2026-11-23")).status).toBe(404);
  });
});

describe("GET /api/editions/latest", () => {
  it("finds the newest published edition on or before a date", async () => {
    const onDay = await apiJson<EditionResponse>("/api/editions/latest?onOrBefore=2026-11-20");
    expect(onDay.body.edition.date).toBe("2026-11-20");
    const gap = await apiJson<EditionResponse>("/api/editions/latest?onOrBefore=2026-11-18");
    expect(gap.body.edition.date).toBe("2026-11-02");
    const future = await apiJson<EditionResponse>("/api/editions/latest?onOrBefore=2026-12-25");
    expect(future.body.edition.date).toBe("2026-11-21");
  });

  it("answers 404 before the first edition", async () => {
    const { status } = await apiJson<ApiErrorBody>("/api/editions/latest?onOrBefore=1999-12-31");
    expect(status).toBe(404);
  });

  it.each(["", "?onOrBefore=2026-02-30", "?onOrBefore=today", "?onOrBefore=2026-01-01&x=1"])(
    "answers 400 invalid_request for %s",
    async (query) => {
      const { status, body } = await apiJson<ApiErrorBody>(`/api/editions/latest${query}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_request");
    },
  );
});

describe("GET /api/editions/calendar", () => {
  it.each([
    ["2026-11", ["2026-11-02", "2026-11-19", "2026-11-20", "2026-11-21"], "2026-10", null],
    ["2026-10", ["2026-10-24", "2026-10-26", "2026-10-31"], "2026-06", "2026-11"],
    ["2026-12", [], "2026-11", null],
    ["2026-01", [], null, "2026-03"],
  ])("lists the published editions of %s", async (month, dates, previousMonth, nextMonth) => {
    const { status, body } = await apiJson<EditionCalendarResponse>(
      `/api/editions/calendar?month=${month}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ month, dates, previousMonth, nextMonth });
  });

  it.each(["", "?month=2026-13", "?month=2026-1", "?month=0000-01", "?month=2026-11&x=1"])(
    "answers 400 invalid_request for %s",
    async (query) => {
      const { status, body } = await apiJson<ApiErrorBody>(`/api/editions/calendar${query}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_request");
    },
  );
});

describe("GET /api/editions/nearest", () => {
  it.each([
    ["a Sunday", "2026-11-01", false, "2026-10-31", "2026-11-02"],
    ["today, a Sunday with tomorrow's not out", "2026-11-22", false, "2026-11-21", null],
    ["a future date", "2027-01-01", false, "2026-11-21", null],
    ["a date before the archive", "1999-01-01", false, null, "2026-03-28"],
    ["a date with an edition", "2026-11-20", true, "2026-11-19", "2026-11-21"],
  ])("names the editions either side of %s", async (_name, date, hasEdition, previous, next) => {
    const { status, body } = await apiJson<NearestEditionsResponse>(
      `/api/editions/nearest?date=${date}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ date, hasEdition, previousDate: previous, nextDate: next });
  });

  it.each(["", "?date=2026-02-30", "?date=yesterday", "?date=2026-1-5"])(
    "answers 400 invalid_request for %s",
    async (query) => {
      const { status, body } = await apiJson<ApiErrorBody>(`/api/editions/nearest${query}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_request");
    },
  );
});

describe("what the print desk decides (decision 0023)", () => {
  beforeAll(async () => {
    // Planned on a date that is past: readers never see a planned edition.
    await db.insert(printEditions).values({ date: "2026-11-18", status: "planned" });
    // Published "now" at 09:00 on Saturday for Wednesday's date: out from 09:00, not before.
    await db.insert(printEditions).values({
      date: "2026-11-25",
      status: "published",
      publishAt: new Date("2026-11-21T09:00:00Z"),
    });
  });

  it("keeps a planned edition from readers: 404, not in the calendar, no paper that day", async () => {
    const missing = await apiJson<ApiErrorBody>("/api/editions/2026-11-18");
    expect(missing.status).toBe(404);
    const calendar = await apiJson<EditionCalendarResponse>("/api/editions/calendar?month=2026-11");
    expect(calendar.body.dates).not.toContain("2026-11-18");
    const nearest = await apiJson<NearestEditionsResponse>("/api/editions/nearest?date=2026-11-18");
    expect(nearest.body).toEqual({
      date: "2026-11-18",
      hasEdition: false,
      previousDate: "2026-11-02",
      nextDate: "2026-11-19",
    });
    const latest = await apiJson<EditionResponse>("/api/editions/latest?onOrBefore=2026-11-18");
    expect(latest.body.edition.date).toBe("2026-11-02");
  });

  it("shows an edition published now from its publish_at, before its date's publish hour", async () => {
    setClock("2026-11-21T08:59:59Z");
    expect((await apiRequest("/api/editions/2026-11-25")).status).toBe(404);
    setClock("2026-11-21T09:00:00Z");
    expect((await apiRequest("/api/editions/2026-11-25")).status).toBe(200);
    const calendar = await apiJson<EditionCalendarResponse>("/api/editions/calendar?month=2026-11");
    expect(calendar.body.dates.at(-1)).toBe("2026-11-25");
  });
});
