import { describe, expect, it } from "vitest";
import { noEditionReason } from "./print-desk-settings.ts";

describe("noEditionReason: which dates have a paper", () => {
  const days = {
    weekdays: ["sunday" as const],
    dates: [
      { date: "2026-12-25", note: "Christmas Day" },
      { date: "2026-12-28", note: null },
    ],
  };

  it("names the weekday rule", () => {
    expect(noEditionReason("2026-11-22", days)).toBe("There is no paper on Sundays.");
  });

  it("names the date and its note", () => {
    expect(noEditionReason("2026-12-25", days)).toBe(
      "There is no paper on 2026-12-25 (Christmas Day).",
    );
    expect(noEditionReason("2026-12-28", days)).toBe("There is no paper on 2026-12-28.");
  });

  it("lets every other date have a paper, Sundays too when they are not listed", () => {
    expect(noEditionReason("2026-11-23", days)).toBeNull();
    expect(noEditionReason("2026-11-22", { weekdays: [], dates: [] })).toBeNull();
    expect(noEditionReason("2026-11-23", { weekdays: ["monday"], dates: [] })).toBe(
      "There is no paper on Mondays.",
    );
  });
});
