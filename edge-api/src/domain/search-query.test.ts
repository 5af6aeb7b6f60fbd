import { describe, expect, it } from "vitest";
import {
  decodeSearchCursor,
  encodeSearchCursor,
  MATCH_END,
  MATCH_START,
  toFtsExpression,
  toSnippetParts,
} from "./search-query.ts";
import type { SearchCursor } from "./search-query.ts";

describe("toFtsExpression", () => {
  it.each([
    ["harbour deal", '"harbour" "deal"'],
    ['"unbalanced', '"unbalanced"'],
    ["a OR b NOT c", '"a" "or" "b" "not" "c"'],
    ["NEAR(x y, 3)", '"near" "x" "y" "3"'],
    ["pre* -minus headline:x ^start", '"pre" "minus" "headline" "x" "start"'],
    ["café Zürich", '"café" "zürich"'],
    ["harbour harbour HARBOUR", '"harbour"'],
  ])("quotes every term of %s", (query, expected) => {
    expect(toFtsExpression(query)).toBe(expected);
  });

  it.each(["", "   ", '"""', "***", "()", "🙂🚀", "-", "^"])(
    "has nothing to search for in %s",
    (query) => {
      expect(toFtsExpression(query)).toBeNull();
    },
  );

  it("keeps at most 12 terms from the first 200 characters", () => {
    const expression = toFtsExpression(
      "word ".repeat(2_000) + Array.from({ length: 20 }, (_, i) => `t${i}`).join(" "),
    );
    expect(expression).toBe('"word"');
    const many = toFtsExpression(Array.from({ length: 20 }, (_, i) => `t${i}`).join(" "));
    expect(many?.split(" ")).toHaveLength(12);
  });
});

describe("toSnippetParts", () => {
  it("splits marked text into parts", () => {
    expect(toSnippetParts(`The ${MATCH_START}harbour${MATCH_END} deal`)).toEqual([
      { text: "The ", match: false },
      { text: "harbour", match: true },
      { text: " deal", match: false },
    ]);
  });

  it("survives stray markers and empty input", () => {
    expect(toSnippetParts("")).toEqual([]);
    expect(toSnippetParts(`a${MATCH_END}b${MATCH_START}c`)).toEqual([
      { text: "ab", match: false },
      { text: "c", match: true },
    ]);
  });
});

/** A cursor's text wrapped as the API wraps it (unpadded base64url; these are ASCII). */
const wrap = (raw: string) =>
  btoa(raw).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");

describe("search cursors", () => {
  it("round-trips relevance tiers exactly", () => {
    for (const score of [0, 1, 2]) {
      const cursor = { sort: "relevance", score, id: 42 } as const;
      expect(decodeSearchCursor(encodeSearchCursor(cursor))).toEqual(cursor);
    }
  });

  it("round-trips publication times and says which sort a cursor is of", () => {
    const cursor: SearchCursor = {
      sort: "newest",
      publishedAt: new Date("2026-11-21T09:30:00.123Z"),
      id: 7,
    };
    expect(decodeSearchCursor(encodeSearchCursor(cursor))).toEqual(cursor);
    expect(decodeSearchCursor(wrap("relevance_1_3"))).toEqual({
      sort: "relevance",
      score: 1,
      id: 3,
    });
    expect(decodeSearchCursor(wrap("newest_1700000000000_3"))).toMatchObject({ sort: "newest" });
  });

  it.each([
    "",
    "garbage!",
    "a".repeat(500),
    btoa("x_1"),
    btoa("1.5_0"),
    btoa("NaN_3"),
    // Before issue 15 a cursor did not name its sort.
    wrap("1.5_3"),
    wrap("relevance_1.5_0"),
    wrap("relevance_NaN_3"),
    // Before issue 19 relevance was a bm25 score; now it is a tier from 0 to 2.
    wrap("relevance_1.5_3"),
    wrap("relevance_-3.25_3"),
    wrap("relevance_3_3"),
    wrap("newest_-5_3"),
    wrap("newest_1.5_3"),
    wrap("newest_9999999999999999_3"),
    wrap("oldest_1700000000000_3"),
  ])("refuses %s", (value) => {
    expect(decodeSearchCursor(value)).toBeNull();
  });

  it.each(["abcde", "MV8x=", "MV8x+/", "__79"])("refuses %s, which is not base64url", (value) => {
    expect(decodeSearchCursor(value)).toBeNull();
  });
});
