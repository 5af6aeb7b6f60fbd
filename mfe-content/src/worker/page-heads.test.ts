import { describe, expect, it } from "vitest";
import { buildHead, clampText, pageTitle, type Site } from "./page-heads.ts";

const site: Site = { name: "The Daily Edge", origin: "https://daily-edge.example" };

describe("page titles and descriptions", () => {
  it("names the site after the page", () => {
    expect(pageTitle(site, "Europe", "World")).toBe("Europe | World | The Daily Edge");
  });

  it("keeps very long headlines within the contract's 300 characters", () => {
    const title = pageTitle(site, "word ".repeat(200));
    expect(title.length).toBeLessThanOrEqual(300);
    expect(title.endsWith("… | The Daily Edge")).toBe(true);
  });

  it("collapses whitespace and shortens on a word boundary", () => {
    expect(clampText("  a   b\n c ", 10)).toBe("a b c");
    expect(clampText("alpha beta gamma delta", 12)).toBe("alpha beta…");
  });
});

describe("head links", () => {
  it("announces the page's RSS feed as an alternate", () => {
    const head = buildHead({
      site,
      title: "World | The Daily Edge",
      description: "News from the world",
      canonicalPath: "/world",
      type: "website",
      feed: { href: "/feeds/sections/world.xml", title: "World | The Daily Edge" },
    });
    expect(head.links).toEqual([
      {
        rel: "alternate",
        type: "application/rss+xml",
        href: "/feeds/sections/world.xml",
        title: "World | The Daily Edge",
      },
    ]);
  });

  it("has no links for a page without a feed", () => {
    const head = buildHead({
      site,
      title: "About | The Daily Edge",
      description: "",
      canonicalPath: "/pages/about",
      type: "website",
    });
    expect(head.links).toEqual([]);
  });
});
