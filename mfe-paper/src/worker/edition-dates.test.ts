import { describe, expect, it } from "vitest";
import { datesOfMonth, parseMonth, weekdayFromMonday } from "./edition-dates.ts";

// Calendar dates themselves (parsing, today in the time zone, wording) are the kit's and are
// tested there (shell/src/fragment-kit/publication-dates.test.ts); these are the paper's months.

describe("month helpers", () => {
  it.each([
    ["2026-11", "2026-11"],
    ["2026-12", "2026-12"],
    ["2026-13", null],
    ["2026-00", null],
    ["0000-01", null],
    ["2026-1", null],
    ["2026-11-01", null],
    ["../x", null],
  ])("parseMonth(%j) is %j", (input, month) => {
    expect(parseMonth(input)).toBe(month);
  });

  it("lists the days of a month, leap years included", () => {
    expect(datesOfMonth("2026-02")).toHaveLength(28);
    expect(datesOfMonth("2028-02").at(-1)).toBe("2028-02-29");
    expect(datesOfMonth("2026-11")[0]).toBe("2026-11-01");
    expect(datesOfMonth("2026-12")).toHaveLength(31);
  });

  it("counts weekdays from Monday", () => {
    expect(weekdayFromMonday("2026-11-23")).toBe(0); // Monday
    expect(weekdayFromMonday("2026-11-22")).toBe(6); // Sunday
    // The clocks change on Sundays; calendar dates do not care.
    expect(weekdayFromMonday("2026-03-29")).toBe(6);
    expect(weekdayFromMonday("2026-10-25")).toBe(6);
  });
});
