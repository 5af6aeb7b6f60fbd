import { describe, expect, it } from "vitest";
import { zonedIso, zonedParts } from "./zoned-time.ts";

describe("zonedIso", () => {
  it("writes the zone's offset of that day", () => {
    expect(zonedIso("2026-01-15", "09:30", "Europe/London")).toBe("2026-01-15T09:30:00+00:00");
    expect(zonedIso("2026-07-15", "09:30", "Europe/London")).toBe("2026-07-15T09:30:00+01:00");
    expect(zonedIso("2026-07-15", "23:05", "America/New_York")).toBe("2026-07-15T23:05:00-04:00");
    expect(zonedIso("2026-07-15", "08:00", "Asia/Kolkata")).toBe("2026-07-15T08:00:00+05:30");
  });

  it("names the same instant the wall clock shows", () => {
    const iso = zonedIso("2026-10-25", "12:00", "Europe/London");
    expect(iso).toBe("2026-10-25T12:00:00+00:00");
    expect(zonedParts(new Date(iso ?? ""), "Europe/London")).toEqual({
      date: "2026-10-25",
      time: "12:00",
    });
  });

  it("refuses dates and times that are not real", () => {
    for (const [date, time] of [
      ["2026-02-30", "09:00"],
      ["tomorrow", "09:00"],
      ["2026-02-10", "24:00"],
      ["2026-02-10", "9am"],
      ["", ""],
    ] as const) {
      expect(zonedIso(date, time, "Europe/London"), `${date} ${time}`).toBeNull();
    }
  });
});
