/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * An article's first screen on a phone (390 x 844) showed only its header: masthead, headline,
 * meta and the share row pushed the lead image and the first paragraph below the fold (issue
 * 15). The header is compact up to 40rem wide; the stylesheet is read as text, as the browser
 * gets it. (The share row's place after the body is asserted on the rendered page.)
 */
const [css = ""] = Object.values(
  import.meta.glob("/src/ui/fragment.css", { query: "?raw", import: "default", eager: true }),
) as string[];

/** The phone block that holds the article header's rules. */
function phoneArticleBlock(): { text: string; at: number } {
  const pattern = /@media \(max-width: 40rem\) \{([^@]*?)\n\}/g;
  for (const match of css.matchAll(pattern)) {
    const text = match[1] ?? "";
    if (text.includes(".c-article__headline")) return { text, at: match.index };
  }
  throw new Error("no phone rules for the article header");
}

/** The declarations of `selector` inside `block`, as property -> value. */
function rulesOf(block: string, selector: string): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const body = new RegExp(`(?:^|\\n)\\s*${escaped} \\{([^}]*)\\}`).exec(block)?.[1];
  if (body === undefined) throw new Error(`no rule for ${selector}`);
  return Object.fromEntries(
    body
      .split(";")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => line.split(/:\s*/) as [string, string]),
  );
}

const rem = (value: string | undefined) => Number(/^([\d.]+)rem$/.exec(value ?? "")?.[1] ?? NaN);

describe("an article's header on a phone", () => {
  it("has a smaller headline, standfirst and meta with tight line heights", () => {
    const { text } = phoneArticleBlock();
    const headline = rulesOf(text, ".c-article__headline");
    expect(rem(headline["font-size"])).toBeLessThanOrEqual(1.6);
    expect(Number(headline["line-height"])).toBeLessThanOrEqual(1.2);
    const standfirst = rulesOf(text, ".c-article__standfirst");
    expect(rem(standfirst["font-size"])).toBeLessThanOrEqual(1.05);
    expect(Number(standfirst["line-height"])).toBeLessThanOrEqual(1.4);
    const meta = rulesOf(text, ".c-byline,\n  .c-article__dates");
    expect(rem(meta["font-size"])).toBeLessThanOrEqual(0.85);
    expect(rulesOf(text, ".c-article__header")).toMatchObject({ "margin-bottom": "1rem" });
  });

  it("comes after the rules it narrows, so it wins the cascade", () => {
    const { at } = phoneArticleBlock();
    for (const rule of [
      ".c-figure {",
      ".c-figure figcaption {",
      ".c-save {",
      ".c-article__header {",
    ]) {
      expect(css.indexOf(rule)).toBeGreaterThan(-1);
      expect(css.indexOf(rule)).toBeLessThan(at);
    }
  });
});
