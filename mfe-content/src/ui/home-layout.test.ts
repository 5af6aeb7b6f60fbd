/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * The home page had an empty band between the navigation and "Top stories" on every width
 * (issue 15): the first section heading's 2rem top margin came on top of the page's padding.
 * The stylesheet is read as text, as the browser gets it.
 */
const [css = ""] = Object.values(
  import.meta.glob("/src/ui/fragment.css", { query: "?raw", import: "default", eager: true }),
) as string[];

describe("the home page's top", () => {
  it("starts its first heading without a top margin of its own", () => {
    expect(css.length).toBeGreaterThan(1000);
    expect(css).toMatch(/\.c-home__top > \.c-section-heading:first-child \{\s*margin-top: 0;\s*\}/);
  });
});
