import { describe, expect, it } from "vitest";
import type { BodyBlock } from "edge-api/contract/content";
import {
  blocksToLexical,
  blocksToText,
  isAllowedLink,
  lexicalToBlocks,
  normaliseRuns,
  type LexicalNodeJson,
} from "./lexical-blocks.ts";

const text = (value: string, format = 0): LexicalNodeJson => ({
  type: "text",
  text: value,
  format,
});
const root = (...children: LexicalNodeJson[]) => ({ root: { type: "root", children } });

describe("lexicalToBlocks and blocksToLexical", () => {
  it("round-trips every kind of block, marks, links and lists", () => {
    const blocks: BodyBlock[] = [
      {
        type: "paragraph",
        text: "The council voted on Tuesday, as reported here.",
        runs: [
          { text: "The council " },
          { text: "voted", bold: true },
          { text: " on " },
          { text: "Tuesday", italic: true, bold: true },
          { text: ", as " },
          { text: "reported here", href: "https://example.com/vote" },
          { text: "." },
        ],
      },
      { type: "heading", text: "What happens next" },
      { type: "paragraph", text: "A plain paragraph." },
      {
        type: "quote",
        text: "We will build it.",
        runs: [{ text: "We will " }, { text: "build", italic: true }, { text: " it." }],
      },
      {
        type: "list",
        ordered: true,
        items: ["First step", "Second, see the plan"],
        itemRuns: [
          [{ text: "First step" }],
          [{ text: "Second, see " }, { text: "the plan", href: "/world/europe/plan" }],
        ],
      },
      { type: "list", items: ["One", "Two"] },
      { type: "pullquote", text: "A line worth repeating" },
      { type: "quote", text: "Words.", attribution: "The mayor" },
      {
        type: "image",
        image: {
          src: "/images/4.svg",
          alt: "The bridge",
          caption: "",
          credit: "Staff",
          width: 10,
          height: 5,
        },
      },
    ];
    const state = blocksToLexical(blocks);
    // Through JSON, as the hidden field and the browser carry it.
    expect(lexicalToBlocks(JSON.parse(JSON.stringify(state)))).toEqual(blocks);
  });

  it("writes Lexical's node shapes: formats as bits, links around text, list types", () => {
    const state = blocksToLexical([
      {
        type: "paragraph",
        text: "Go here now",
        runs: [
          { text: "Go " },
          { text: "here", href: "mailto:desk@example.com", bold: true },
          { text: " now" },
        ],
      },
      { type: "list", ordered: true, items: ["a"] },
    ]);
    const [paragraph, list] = state.root.children ?? [];
    expect(paragraph?.children?.[1]).toMatchObject({
      type: "link",
      url: "mailto:desk@example.com",
      children: [{ type: "text", text: "here", format: 1 }],
    });
    expect(list).toMatchObject({ type: "list", listType: "number", tag: "ol" });
    expect(list?.children?.[0]).toMatchObject({ type: "listitem", value: 1 });
  });

  it("gives an empty body one empty paragraph to type in, and reads it back as nothing", () => {
    const state = blocksToLexical([]);
    expect(state.root.children).toHaveLength(1);
    expect(lexicalToBlocks(state)).toEqual([]);
  });

  it("drops unknown nodes and marks, and empty blocks", () => {
    const state = root(
      { type: "code", children: [text("let x = 1")] },
      { type: "horizontalrule" },
      {
        type: "paragraph",
        children: [text("Kept "), { type: "mention", text: "@ada" }, text("text", 4 | 8)],
      },
      { type: "paragraph", children: [text("   ")] },
      { type: "heading", tag: "h3", children: [text("Sub", 1)] },
      { type: "kept-block", block: { type: "script", src: "x" } },
      { type: "list", listType: "check", children: [{ type: "listitem", children: [] }] },
    );
    expect(lexicalToBlocks(state)).toEqual([
      { type: "paragraph", text: "Kept text" },
      { type: "heading", text: "Sub" },
    ]);
    expect(lexicalToBlocks(null)).toEqual([]);
    expect(lexicalToBlocks({ root: "nope" })).toEqual([]);
  });

  it("flattens nested lists and keeps a link's marks per run", () => {
    const state = root({
      type: "list",
      listType: "bullet",
      children: [
        { type: "listitem", children: [text("Outer")] },
        {
          type: "listitem",
          children: [
            {
              type: "list",
              listType: "bullet",
              children: [
                {
                  type: "listitem",
                  children: [
                    {
                      type: "link",
                      url: "https://a.example",
                      children: [text("in", 2), text("ner")],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(lexicalToBlocks(state)).toEqual([
      {
        type: "list",
        items: ["Outer", "inner"],
        itemRuns: [
          [{ text: "Outer" }],
          [
            { text: "in", italic: true, href: "https://a.example" },
            { text: "ner", href: "https://a.example" },
          ],
        ],
      },
    ]);
  });

  it("turns line breaks into spaces and collapses whitespace so text equals the runs", () => {
    const state = root({
      type: "paragraph",
      children: [text("  One  "), { type: "linebreak" }, text(" two", 1), text("  ")],
    });
    const [block] = lexicalToBlocks(state);
    expect(block).toEqual({
      type: "paragraph",
      text: "One two",
      runs: [{ text: "One " }, { text: "two", bold: true }],
    });
  });
});

describe("normaliseRuns", () => {
  it("merges neighbours with the same marks and drops empty runs", () => {
    expect(
      normaliseRuns([{ text: "a" }, { text: "" }, { text: "b" }, { text: "c", bold: true }]),
    ).toEqual([{ text: "ab" }, { text: "c", bold: true }]);
  });
});

describe("isAllowedLink", () => {
  it("accepts http, https, mailto and same-site paths", () => {
    for (const href of ["https://example.com", "http://x.org/a?b", "mailto:a@b.c", "/world", "/"]) {
      expect(isAllowedLink(href), href).toBe(true);
    }
  });

  it("refuses javascript: and the like", () => {
    for (const href of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example",
      "/\\evil.example",
      "ftp://x",
      "example.com",
      "https:///x",
      "",
      "https://a b",
    ]) {
      expect(isAllowedLink(href), href).toBe(false);
    }
  });
});

describe("blocksToText", () => {
  it("writes one line per block and per list item", () => {
    expect(
      blocksToText([
        { type: "heading", text: "H" },
        { type: "paragraph", text: "P" },
        { type: "list", ordered: true, items: ["a", "b"] },
      ]),
    ).toBe("## H\nP\n1. a\n2. b\n");
  });
});
