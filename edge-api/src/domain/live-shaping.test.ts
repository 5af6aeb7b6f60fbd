import { describe, expect, it } from "vitest";
import { checkParagraphs, paragraphsText, parseStoredParagraphs } from "./live-shaping.ts";

describe("a live update's paragraphs", () => {
  it("are cleaned like body runs: controls, spaces, empty paragraphs, neighbouring runs", () => {
    const checked = checkParagraphs([
      [{ text: "  Polls\u0007 have " }, { text: "closed", bold: true }, { text: ".\u202e " }],
      [{ text: " \n " }],
      [{ text: "A " }, { text: "link", href: "/world" }],
    ]);
    expect(checked).toEqual({
      ok: true,
      paragraphs: [
        [{ text: "Polls have " }, { text: "closed", bold: true }, { text: "." }],
        [{ text: "A " }, { text: "link", href: "/world" }],
      ],
    });
  });

  it("refuse a link that is not http, https, mailto or this site's, naming it", () => {
    const checked = checkParagraphs([[{ text: "x", href: "//evil.example" }]]);
    expect(checked).toMatchObject({ ok: false, code: "invalid_link" });
    expect(checked.ok ? "" : checked.message).toContain("“//evil.example”");
  });

  it("count the limits on the cleaned text: 20 paragraphs, 3,000 characters each", () => {
    const many = (n: number) => Array.from({ length: n }, () => [{ text: "Word." }]);
    expect(checkParagraphs(many(20)).ok).toBe(true);
    expect(checkParagraphs(many(21))).toMatchObject({ ok: false, code: "invalid_update" });
    expect(checkParagraphs([[{ text: `${"x".repeat(3_000)}   ` }]]).ok).toBe(true);
    expect(checkParagraphs([[{ text: "x".repeat(3_001) }]])).toMatchObject({
      ok: false,
      message: "Paragraph 1 is longer than 3000 characters.",
    });
  });

  it("read back through the same cleaning; a corrupt row reads as no text", () => {
    expect(parseStoredParagraphs("not json")).toEqual([]);
    expect(parseStoredParagraphs('{"a":1}')).toEqual([]);
    expect(
      parseStoredParagraphs(JSON.stringify([[{ text: "Hi", href: "javascript:alert(1)" }], 7])),
    ).toEqual([[{ text: "Hi" }]]);
    expect(paragraphsText([[{ text: "One" }], [{ text: "Two" }]])).toBe("One\n\nTwo");
  });
});
