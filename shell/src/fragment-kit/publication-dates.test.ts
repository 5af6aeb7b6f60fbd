import { describe, expect, it } from "vitest";
import {
  calendarDateIn,
  formatCalendarDate,
  formatDateLine,
  formatInstantDate,
  formatInstantDateTime,
  formatLongCalendarDate,
  formatMonth,
  isCalendarDate,
  parseCalendarDate,
} from "./publication-dates.ts";

const LONDON = "Europe/London";

describe("parseCalendarDate", () => {
  it.each(["2026-11-21", "2024-02-29", "2026-12-31", "0001-01-01", "9999-12-31"])(
    "accepts the canonical date %s",
    (input) => {
      expect(parseCalendarDate(input)).toEqual({ kind: "canonical", date: input });
      expect(isCalendarDate(input)).toBe(true);
    },
  );

  it.each([
    "2026-02-30",
    "2025-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "0000-00-00",
    "0000-01-01",
    "99999-01-01",
    "yesterday",
    "../x",
    "",
    " 2026-11-21",
    "2026-11-21 ",
    "2026/11/21",
    "20261121",
    "2026-011-21",
    "2026-11-021",
    "26-11-21",
    "２０２６-11-21",
  ])("rejects %j", (input) => {
    expect(parseCalendarDate(input)).toEqual({ kind: "invalid" });
    expect(isCalendarDate(input)).toBe(false);
  });

  it.each([
    ["2026-1-5", "2026-01-05"],
    ["2026-11-5", "2026-11-05"],
    ["2026-1-15", "2026-01-15"],
    ["2024-2-29", "2024-02-29"],
  ])("gives the canonical form of %s", (input, date) => {
    expect(parseCalendarDate(input)).toEqual({ kind: "non-canonical", date });
    expect(isCalendarDate(input)).toBe(false);
  });
});

describe("calendarDateIn the publication's time zone", () => {
  const today = (iso: string) => calendarDateIn(new Date(iso), LONDON);

  it("is the UTC date in winter (GMT)", () => {
    expect(today("2026-01-15T23:30:00Z")).toBe("2026-01-15");
    expect(today("2026-01-16T00:00:00Z")).toBe("2026-01-16");
  });

  it("is the next day on a summer evening after 23:00 UTC (BST)", () => {
    expect(today("2026-07-01T22:59:59Z")).toBe("2026-07-01");
    expect(today("2026-07-01T23:00:00Z")).toBe("2026-07-02");
    expect(today("2026-07-01T23:30:00Z")).toBe("2026-07-02");
  });

  it("follows the clocks going forward (29 March 2026, 01:00 UTC)", () => {
    expect(today("2026-03-28T23:30:00Z")).toBe("2026-03-28");
    expect(today("2026-03-29T00:30:00Z")).toBe("2026-03-29");
    expect(today("2026-03-29T01:30:00Z")).toBe("2026-03-29");
    expect(today("2026-03-29T22:59:00Z")).toBe("2026-03-29");
    expect(today("2026-03-29T23:30:00Z")).toBe("2026-03-30");
  });

  it("follows the clocks going back (25 October 2026, 01:00 UTC)", () => {
    expect(today("2026-10-24T22:30:00Z")).toBe("2026-10-24");
    expect(today("2026-10-24T23:30:00Z")).toBe("2026-10-25");
    expect(today("2026-10-25T00:30:00Z")).toBe("2026-10-25");
    expect(today("2026-10-25T23:30:00Z")).toBe("2026-10-25");
    expect(today("2026-10-26T00:00:00Z")).toBe("2026-10-26");
  });

  it("crosses the new year in London time", () => {
    expect(today("2026-12-31T23:59:59Z")).toBe("2026-12-31");
    expect(today("2027-01-01T00:00:00Z")).toBe("2027-01-01");
  });

  it("uses the zone it is given", () => {
    expect(calendarDateIn(new Date("2026-11-20T16:00:00Z"), "Asia/Tokyo")).toBe("2026-11-21");
    expect(calendarDateIn(new Date("2026-11-21T03:00:00Z"), "America/New_York")).toBe("2026-11-20");
  });
});

describe("formatting", () => {
  it("writes an instant in the zone's time, in summer and in winter", () => {
    expect(formatInstantDateTime("2026-07-01T23:30:00Z", LONDON)).toBe("2 July 2026, 00:30");
    expect(formatInstantDateTime("2026-12-31T23:30:00Z", LONDON)).toBe("31 December 2026, 23:30");
    expect(formatInstantDateTime("2026-11-21T09:05:00Z", LONDON)).toBe("21 November 2026, 09:05");
    expect(formatInstantDate("2026-03-29T00:59:00Z", LONDON)).toBe("29 March 2026");
    expect(formatInstantDate("2026-11-20T16:00:00Z", "Asia/Tokyo")).toBe("21 November 2026");
  });

  it("writes an instant seen before in another zone in that zone's time (issue 19: parts kept per isolate)", () => {
    const instant = "2026-11-21T03:30:00Z";
    for (let round = 0; round < 2; round++) {
      expect(formatInstantDateTime(instant, LONDON)).toBe("21 November 2026, 03:30");
      expect(formatInstantDateTime(instant, "America/New_York")).toBe("20 November 2026, 22:30");
      expect(formatInstantDate(instant, "Asia/Tokyo")).toBe("21 November 2026");
      expect(calendarDateIn(new Date(instant), "America/New_York")).toBe("2026-11-20");
    }
    // A millisecond apart is another instant: across midnight in London, another day.
    expect(formatInstantDateTime("2026-11-21T23:59:59.999Z", LONDON)).toBe(
      "21 November 2026, 23:59",
    );
    expect(formatInstantDateTime("2026-11-22T00:00:00.000Z", LONDON)).toBe(
      "22 November 2026, 00:00",
    );
  });

  it("writes calendar dates with no time zone shift", () => {
    expect(formatCalendarDate("2026-11-21")).toBe("21 November 2026");
    expect(formatCalendarDate("2026-01-01")).toBe("1 January 2026");
    expect(formatLongCalendarDate("2026-11-21")).toBe("Saturday 21 November 2026");
    expect(formatLongCalendarDate("2024-02-29")).toBe("Thursday 29 February 2024");
    expect(formatMonth("2026-11")).toBe("November 2026");
  });

  it("shows unreadable dates as they came rather than throwing", () => {
    expect(formatInstantDate("not a date", LONDON)).toBe("not a date");
    expect(formatInstantDateTime("", LONDON)).toBe("");
    expect(formatCalendarDate("21/11/2026")).toBe("21/11/2026");
    expect(formatLongCalendarDate("2026-02-30")).toBe("2026-02-30");
    expect(formatMonth("2026-13")).toBe("2026-13");
  });

  it("writes the masthead's date line for today in the zone", () => {
    expect(formatDateLine(new Date("2026-11-22T10:00:00Z"), LONDON)).toBe(
      "Sunday, 22 November 2026",
    );
    expect(formatDateLine(new Date("2026-07-01T23:30:00Z"), LONDON)).toBe("Thursday, 2 July 2026");
    expect(formatDateLine(new Date("2026-07-01T23:30:00Z"), "UTC")).toBe("Wednesday, 1 July 2026");
  });

  it("names days and months as the runtime's en-GB locale data does, day by day", () => {
    // The kit writes the words itself so that no engine's punctuation can change them; the
    // words themselves must be the ones Intl wrote before (masthead and paper).
    const words = new Intl.DateTimeFormat("en-GB", {
      timeZone: LONDON,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    const start = Date.UTC(2026, 0, 1, 12);
    for (let day = 0; day < 400; day += 1) {
      const now = new Date(start + day * 86_400_000);
      const parts = Object.fromEntries(words.formatToParts(now).map((p) => [p.type, p.value]));
      const date = calendarDateIn(now, LONDON);
      expect(formatLongCalendarDate(date)).toBe(
        `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`,
      );
      expect(formatDateLine(now, LONDON)).toBe(
        `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`,
      );
    }
  });
});
