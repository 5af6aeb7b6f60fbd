import { describe, expect, it } from "vitest";
import { calendarDateIn, parseEditionDate } from "./edition-dates.ts";
import { TEST_PUBLICATION } from "../test/test-bindings.ts";

describe("parseEditionDate", () => {
  it.each(["2026-11-21", "2024-02-29", "2026-12-31", "0001-01-01", "9999-12-31"])(
    "accepts the canonical date %s",
    (input) => {
      expect(parseEditionDate(input)).toEqual({ kind: "canonical", date: input });
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
    expect(parseEditionDate(input)).toEqual({ kind: "invalid" });
  });

  it.each([
    ["2026-1-5", "2026-01-05"],
    ["2026-11-5", "2026-11-05"],
    ["2026-1-15", "2026-01-15"],
    ["2024-2-29", "2024-02-29"],
  ])("gives the canonical form of %s", (input, date) => {
    expect(parseEditionDate(input)).toEqual({ kind: "non-canonical", date });
  });
});

describe("calendarDateIn the publication's time zone", () => {
  const today = (iso: string) => calendarDateIn(new Date(iso), TEST_PUBLICATION.timeZone);

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
});
