import { describe, expect, it } from "vitest";
import { readPlanForm, startingPrintHeadline } from "./print-desk-forms.ts";

describe("the print desk's forms", () => {
  it("starts a placed story's print headline as its web headline, cut at a word to 120", () => {
    expect(startingPrintHeadline(" Bridge reopens ")).toBe("Bridge reopens");
    const long = `${"word ".repeat(30)}end`;
    const cut = startingPrintHeadline(long);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut.endsWith("word")).toBe(true);
    expect(startingPrintHeadline("x".repeat(130))).toBe("x".repeat(120));
  });

  it("takes today and later for a new edition, never an impossible date", () => {
    const today = "2026-11-25";
    expect(readPlanForm({ date: "2026-11-25" }, today).ok).toBe(true);
    expect(readPlanForm({ date: "2026-11-24" }, today)).toMatchObject({
      ok: false,
      problems: [{ field: "date" }],
    });
    expect(readPlanForm({ date: "2026-02-30" }, today)).toMatchObject({
      problems: [{ field: "date", message: "Enter a real date, written YYYY-MM-DD." }],
    });
    expect(readPlanForm({ date: "" }, today)).toMatchObject({
      problems: [{ field: "date", message: "Enter the date of the edition." }],
    });
    expect(readPlanForm({ date: "2026-12-01", source: "copy" }, today)).toMatchObject({
      problems: [{ field: "copyFrom" }],
    });
  });
});
