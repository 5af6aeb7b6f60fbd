import { describe, expect, it } from "vitest";
import { editionPublishedAt, isPrintDay, newestPublishedDate } from "./edition-schedule.ts";
import { dateInTimeZone, isCalendarMonth, monthBounds } from "./publication-dates.ts";

const london = { timeZone: "Europe/London", publishHour: 5 };

describe("editionPublishedAt", () => {
  it.each([
    ["2026-01-15", "2026-01-15T05:00:00.000Z"], // GMT
    ["2026-07-15", "2026-07-15T04:00:00.000Z"], // BST
    ["2026-03-29", "2026-03-29T04:00:00.000Z"], // clocks went forward at 01:00 GMT
    ["2026-10-25", "2026-10-25T05:00:00.000Z"], // clocks went back at 02:00 BST
  ])("publishes %s at 05:00 London time (%s)", (date, instant) => {
    const published = editionPublishedAt(date, london);
    expect(published.toISOString()).toBe(instant);
    // The edition's date is the date of its own publication instant in London.
    expect(dateInTimeZone(published, "Europe/London")).toBe(date);
  });

  it("works in other zones", () => {
    const newYork = { timeZone: "America/New_York", publishHour: 6 };
    expect(editionPublishedAt("2026-03-08", newYork).toISOString()).toBe(
      "2026-03-08T10:00:00.000Z",
    );
    // Sydney leaves daylight saving at 03:00 on 5 April: 05:00 that day is UTC+10.
    const sydney = { timeZone: "Australia/Sydney", publishHour: 5 };
    expect(editionPublishedAt("2026-04-05", sydney).toISOString()).toBe("2026-04-04T19:00:00.000Z");
  });
});

describe("newestPublishedDate", () => {
  it.each([
    ["2026-11-23T04:59:59.999Z", "2026-11-22"],
    ["2026-11-23T05:00:00.000Z", "2026-11-23"],
    ["2026-06-30T03:59:59.999Z", "2026-06-29"],
    ["2026-06-30T04:00:00.000Z", "2026-06-30"],
    // Around the March change: 23:30 GMT Saturday, then 00:30 and 05:30 BST on Sunday.
    ["2026-03-28T23:30:00.000Z", "2026-03-28"],
    ["2026-03-29T00:30:00.000Z", "2026-03-28"],
    ["2026-03-29T04:30:00.000Z", "2026-03-29"],
    // Around the October change: 00:30 BST Sunday is 23:30 UTC Saturday.
    ["2026-10-24T23:30:00.000Z", "2026-10-24"],
    ["2026-10-25T04:59:59.000Z", "2026-10-24"],
    ["2026-10-25T05:00:00.000Z", "2026-10-25"],
  ])("at %s is %s in London", (instant, date) => {
    expect(newestPublishedDate(new Date(instant), london)).toBe(date);
  });

  it("follows the zone, not UTC", () => {
    const tokyo = { timeZone: "Asia/Tokyo", publishHour: 5 };
    // 21:00 UTC on the 20th is 06:00 on the 21st in Tokyo.
    expect(newestPublishedDate(new Date("2026-11-20T21:00:00Z"), tokyo)).toBe("2026-11-21");
    const losAngeles = { timeZone: "America/Los_Angeles", publishHour: 5 };
    expect(newestPublishedDate(new Date("2026-11-21T03:00:00Z"), losAngeles)).toBe("2026-11-20");
  });

  it("is kept for a minute, never across the publish hour (a zone 5:45 ahead of UTC too)", () => {
    const kathmandu = { timeZone: "Asia/Kathmandu", publishHour: 5 };
    // 05:00 in Kathmandu on the 21st is 23:15 UTC on the 20th.
    const asked = [
      ["2026-11-20T23:14:00.000Z", "2026-11-20"],
      ["2026-11-20T23:14:59.999Z", "2026-11-20"],
      ["2026-11-20T23:15:00.000Z", "2026-11-21"],
      ["2026-11-20T23:15:30.000Z", "2026-11-21"],
      ["2026-11-20T23:14:30.000Z", "2026-11-20"],
    ] as const;
    for (const [instant, date] of asked) {
      expect(newestPublishedDate(new Date(instant), kathmandu)).toBe(date);
    }
  });
});

describe("calendar helpers", () => {
  it("knows there is no Sunday paper", () => {
    expect(isPrintDay("2026-11-22")).toBe(false);
    expect(isPrintDay("2026-11-21")).toBe(true);
    expect(isPrintDay("2026-11-23")).toBe(true);
  });

  it.each([
    ["2026-11", true],
    ["2026-12", true],
    ["2026-13", false],
    ["2026-00", false],
    ["0000-01", false],
    ["2026-1", false],
    ["2026-11-01", false],
  ])("isCalendarMonth(%s) is %s", (value, expected) => {
    expect(isCalendarMonth(value)).toBe(expected);
  });

  it("bounds months, leap years included", () => {
    expect(monthBounds("2026-02")).toEqual({ first: "2026-02-01", last: "2026-02-28" });
    expect(monthBounds("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    expect(monthBounds("2026-12")).toEqual({ first: "2026-12-01", last: "2026-12-31" });
    expect(monthBounds("0050-04")).toEqual({ first: "0050-04-01", last: "0050-04-30" });
  });
});
