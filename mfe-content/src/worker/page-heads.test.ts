import { describe, expect, it } from "vitest";
import { clampText, pageTitle } from "./page-heads.ts";

describe("page titles and descriptions", () => {
  it("names the site after the page", () => {
    expect(pageTitle("Europe", "World")).toBe("Europe | World | The Daily Edge");
  });

  it("keeps very long headlines within the contract's 300 characters", () => {
    const title = pageTitle("word ".repeat(200));
    expect(title.length).toBeLessThanOrEqual(300);
    expect(title.endsWith("… | The Daily Edge")).toBe(true);
  });

  it("collapses whitespace and shortens on a word boundary", () => {
    expect(clampText("  a   b\n c ", 10)).toBe("a b c");
    expect(clampText("alpha beta gamma delta", 12)).toBe("alpha beta…");
  });
});
