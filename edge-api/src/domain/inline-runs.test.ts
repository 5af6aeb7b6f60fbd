import { describe, expect, it } from "vitest";
import { sanitizeBody } from "./body-blocks.ts";
import { isAllowedLink, normalizeRuns, refusedLinks } from "./inline-runs.ts";

describe("isAllowedLink", () => {
  it("accepts http, https, mailto and same-site paths", () => {
    for (const href of [
      "https://example.org/a?b=c#d",
      "http://example.org",
      "HTTPS://EXAMPLE.ORG",
      "mailto:desk@dailyedge.example",
      "/world/europe/harbour-bridge",
      "/",
    ]) {
      expect(isAllowedLink(href), href).toBe(true);
    }
  });

  it("refuses script, data and other schemes, other hosts in disguise and relative paths", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example/path",
      "/\\evil.example",
      "world/europe",
      "../up",
      "ftp://example.org",
      "https:/example.org",
      "https://",
      "https://exa mple.org",
      "java\nscript:alert(1)",
      " https://example.org",
      "",
      `https://example.org/${"a".repeat(2100)}`,
    ]) {
      expect(isAllowedLink(href), href).toBe(false);
    }
  });
});

describe("refusedLinks", () => {
  it("names every refused link of runs and list item runs", () => {
    const body = [
      { type: "paragraph", text: "x", runs: [{ text: "a", href: "javascript:alert(1)" }] },
      { type: "quote", text: "y", runs: [{ text: "b", href: "https://example.org" }] },
      { type: "list", items: ["z"], itemRuns: [[{ text: "c", href: "//evil.example" }]] },
      { type: "paragraph", text: "w", runs: [{ text: "d", href: 42 }] },
    ];
    expect(refusedLinks(body)).toEqual(["javascript:alert(1)", "//evil.example", "42"]);
    expect(refusedLinks("not a body")).toEqual([]);
  });
});

describe("normalizeRuns", () => {
  it("cleans like plain text across runs, drops empty runs and merges equal neighbours", () => {
    const runs = normalizeRuns(
      [
        { text: "  The \u0000bridge " },
        { text: " reopened", bold: true },
        { text: "", italic: true },
        { text: " on", bold: true },
        { text: " Saturday  ", href: "https://example.org" },
        { text: "   " },
        "not a run",
        { text: 7 },
      ],
      1000,
    );
    expect(runs).toEqual([
      { text: "The bridge " },
      { text: "reopened on", bold: true },
      { text: " Saturday", href: "https://example.org" },
    ]);
  });

  it("turns a refused link into plain text and caps the length", () => {
    expect(normalizeRuns([{ text: "click", href: "javascript:alert(1)" }], 100)).toEqual([
      { text: "click" },
    ]);
    const capped = normalizeRuns([{ text: "abcdef" }, { text: "ghijkl", bold: true }], 8);
    expect(capped).toEqual([{ text: "abcdef" }, { text: "gh", bold: true }]);
  });
});

describe("the body gate with marks", () => {
  it("keeps runs and recomputes the plain text from them", () => {
    const body = sanitizeBody([
      {
        type: "paragraph",
        text: "something else entirely",
        runs: [{ text: "Read " }, { text: "the report", href: "/pages/about", italic: true }],
      },
      {
        type: "quote",
        text: "",
        attribution: "The engineer",
        runs: [{ text: "Built to " }, { text: "last", bold: true }],
      },
      {
        type: "list",
        items: ["stale"],
        itemRuns: [[{ text: "One", bold: true }], [{ text: "  " }], [{ text: "Two" }]],
      },
    ]);
    expect(body).toEqual([
      {
        type: "paragraph",
        text: "Read the report",
        runs: [{ text: "Read " }, { text: "the report", href: "/pages/about", italic: true }],
      },
      {
        type: "quote",
        text: "Built to last",
        attribution: "The engineer",
        runs: [{ text: "Built to " }, { text: "last", bold: true }],
      },
      {
        type: "list",
        items: ["One", "Two"],
        itemRuns: [[{ text: "One", bold: true }], [{ text: "Two" }]],
      },
    ]);
  });

  it("drops runs without marks, bad links on read, and runs on blocks that take none", () => {
    const body = sanitizeBody([
      { type: "paragraph", text: "x", runs: [{ text: "Plain " }, { text: "words" }] },
      { type: "paragraph", text: "x", runs: [{ text: "Bad", href: "javascript:alert(1)" }] },
      { type: "heading", text: "Heading", runs: [{ text: "Other", bold: true }] },
      { type: "paragraph", text: "x", runs: [{ text: "   " }] },
    ]);
    expect(body).toEqual([
      { type: "paragraph", text: "Plain words" },
      { type: "paragraph", text: "Bad" },
      { type: "heading", text: "Heading" },
    ]);
  });
});
