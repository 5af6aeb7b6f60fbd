import { describe, expect, it } from "vitest";
import {
  CARD_MARGIN,
  HEADLINE_MAX_LINES,
  shareCardSvg,
  textWidth,
  wrapLines,
} from "./share-card-svg.ts";

const WIDTH = 1200 - 2 * CARD_MARGIN;

describe("wrapLines", () => {
  it("keeps a short headline on one line", () => {
    expect(wrapLines("Harbour deal agreed", WIDTH, 68, 4)).toEqual(["Harbour deal agreed"]);
  });

  it("breaks at spaces, each line within the width, words in order", () => {
    const text =
      "Ministers agree a harbour deal after talks through the night with the port's owners and unions";
    const lines = wrapLines(text, WIDTH, 68, 4);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe(text);
    for (const line of lines) expect(textWidth(line, 68)).toBeLessThanOrEqual(WIDTH);
  });

  it("ends a headline that does not fit in four lines with an ellipsis", () => {
    const text = "word ".repeat(60).trim();
    const lines = wrapLines(text, WIDTH, 68, 4);
    expect(lines).toHaveLength(4);
    expect(lines[3]?.endsWith("…")).toBe(true);
    for (const line of lines) expect(textWidth(line, 68)).toBeLessThanOrEqual(WIDTH);
  });

  it("splits a word longer than a line, and measures wide letters as wide", () => {
    const lines = wrapLines("W".repeat(40), WIDTH, 68, 4);
    expect(lines.length).toBe(3);
    expect(lines.join("")).toBe("W".repeat(40));
    for (const line of lines) expect(textWidth(line, 68)).toBeLessThanOrEqual(WIDTH);
    // W is an em wide in the bundled font, i 0.278 em: 15 of one fill a line, 55 of the other.
    expect(wrapLines("i".repeat(55), WIDTH, 68, 4)).toEqual(["i".repeat(55)]);
    expect(wrapLines("i".repeat(56), WIDTH, 68, 4)).toEqual(["i".repeat(55), "i"]);
  });

  it("counts characters beyond ASCII wider than average, never less", () => {
    expect(textWidth("é", 100)).toBeGreaterThan(textWidth("e", 100));
    expect(textWidth("漢", 100)).toBe(100);
    expect(textWidth("😀", 100)).toBe(100);
  });

  it("collapses white space and gives nothing for an empty text", () => {
    expect(wrapLines("  a \n\t b  ", WIDTH, 68, 4)).toEqual(["a b"]);
    expect(wrapLines("   ", WIDTH, 68, 4)).toEqual([]);
  });

  it("keeps a 200-character headline inside four lines", () => {
    const text = "Wage WWWW MMM ".repeat(15).slice(0, 200);
    const lines = wrapLines(text, WIDTH, 68, HEADLINE_MAX_LINES);
    expect(lines.length).toBe(HEADLINE_MAX_LINES);
    for (const line of lines) expect(textWidth(line, 68)).toBeLessThanOrEqual(WIDTH);
  });
});

describe("shareCardSvg", () => {
  it("escapes every word, so a headline cannot add markup", () => {
    const svg = shareCardSvg({
      masthead: "The <Daily> Edge",
      kicker: "R&D",
      headline: `<script>alert("x")</script> & 'q'`,
    });
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos;");
    expect(svg).toContain("The &lt;Daily&gt; Edge");
    expect(svg).toContain("R&amp;D");
  });

  it("is a 1200x630 drawing in the site's colours with the kicker upper-cased", () => {
    const svg = shareCardSvg({ masthead: "The Daily Edge", kicker: "World", headline: "Hello" });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630"/);
    expect(svg).toContain('fill="#fdfcf8"');
    expect(svg).toContain(">WORLD</text>");
  });

  it("leaves the kicker out when there is none", () => {
    const svg = shareCardSvg({ masthead: "The Daily Edge", kicker: "", headline: "Hello" });
    expect(svg.match(/<text/g)).toHaveLength(2);
  });
});
