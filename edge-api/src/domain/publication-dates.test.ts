import { describe, expect, it } from "vitest";
import {
  addDays,
  dateInTimeZone,
  isCalendarDate,
  startOfDateInTimeZone,
} from "./publication-dates.ts";

describe("publication dates", () => {
  it.each([
    ["2026-02-28", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["2026-2-3", false],
    ["20260203", false],
    [" 2026-02-03", false],
  ])("isCalendarDate(%s) is %s", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it("finds London midnight in winter and summer", () => {
    expect(startOfDateInTimeZone("2026-01-15", "Europe/London").toISOString()).toBe(
      "2026-01-15T00:00:00.000Z",
    );
    expect(startOfDateInTimeZone("2026-07-15", "Europe/London").toISOString()).toBe(
      "2026-07-14T23:00:00.000Z",
    );
    expect(startOfDateInTimeZone("2026-03-29", "Europe/London").toISOString()).toBe(
      "2026-03-29T00:00:00.000Z",
    );
    expect(startOfDateInTimeZone("2026-10-25", "Europe/London").toISOString()).toBe(
      "2026-10-24T23:00:00.000Z",
    );
  });

  it("dates an instant in the publication's zone", () => {
    expect(dateInTimeZone(new Date("2026-07-14T23:30:00Z"), "Europe/London")).toBe("2026-07-15");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
