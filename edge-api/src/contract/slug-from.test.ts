import { describe, expect, it } from "vitest";
import { slugFrom } from "./slug-from.ts";

describe("slugFrom", () => {
  it("makes lower-case words joined by single hyphens, accents and quotes dropped", () => {
    expect(slugFrom("Ports reopen after the storm")).toBe("ports-reopen-after-the-storm");
    expect(slugFrom("  Café’s “best” crêpes — 2026!  ")).toBe("cafes-best-crepes-2026");
    expect(slugFrom("日本語")).toBe("");
  });

  it("cuts a long one at a hyphen, within the limit", () => {
    const slug = slugFrom("alpha beta gamma delta epsilon", 20);
    expect(slug).toBe("alpha-beta-gamma");
    expect(slugFrom("x".repeat(200))).toHaveLength(120);
  });
});
