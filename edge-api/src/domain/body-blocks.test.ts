import { describe, expect, it } from "vitest";
import {
  BODY_LIMITS,
  bodyWordCount,
  parseStoredBody,
  readingMinutes,
  sanitizeBody,
} from "./body-blocks.ts";

const image = {
  src: "/images/7.svg",
  alt: "A picture",
  caption: "Caption",
  credit: "Credit",
  width: 1200,
  height: 800,
};

describe("sanitizeBody", () => {
  it("keeps every known block kind as it is", () => {
    const body = [
      { type: "paragraph", text: "Text." },
      { type: "heading", text: "Heading" },
      { type: "quote", text: "Said.", attribution: "Someone" },
      { type: "quote", text: "Unattributed." },
      { type: "pullquote", text: "Pulled." },
      { type: "list", items: ["One", "Two"] },
      { type: "list", ordered: true, items: ["First"] },
      { type: "image", image },
    ];
    expect(sanitizeBody(body)).toEqual(body);
  });

  it("keeps script-like text as plain text; it never becomes markup", () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const body = sanitizeBody([{ type: "paragraph", text: hostile }]);
    expect(body).toEqual([{ type: "paragraph", text: hostile }]);
  });

  it("drops unknown kinds, unknown fields and malformed blocks", () => {
    const body = sanitizeBody([
      { type: "html", html: "<b>x</b>" },
      { type: "paragraph", text: "Kept.", html: "<i>dropped</i>", onclick: "x" },
      { type: "paragraph", text: 42 },
      { type: "paragraph" },
      { type: "paragraph", text: "   " },
      { type: "list", items: [1, null, "Only this", { a: 1 }] },
      { type: "list", items: [] },
      { type: "image", image: { ...image, src: "javascript:alert(1)" } },
      { type: "image", image: { ...image, src: "https://evil.example/x.svg" } },
      { type: "image", image: { ...image, alt: "" } },
      null,
      "text",
      [],
    ]);
    expect(body).toEqual([
      { type: "paragraph", text: "Kept." },
      { type: "list", items: ["Only this"] },
    ]);
  });

  it("makes __proto__ keys harmless", () => {
    const parsed: unknown = JSON.parse(
      '[{"type":"paragraph","text":"Hi","__proto__":{"polluted":true}},{"__proto__":{"type":"heading"},"text":"x"}]',
    );
    const body = sanitizeBody(parsed);
    expect(body).toEqual([{ type: "paragraph", text: "Hi" }]);
    expect(Object.getPrototypeOf(body[0])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("strips control, bidi and private-use characters and caps lengths", () => {
    const body = sanitizeBody([
      { type: "paragraph", text: "a\u0000b\u0007c\u202ed\ue000e\nf" },
      { type: "heading", text: "h".repeat(10_000) },
      { type: "list", items: Array.from({ length: 500 }, () => "item") },
    ]);
    expect(body[0]).toEqual({ type: "paragraph", text: "a b c d e f" });
    expect(body[1]?.type === "heading" && body[1].text.length).toBe(BODY_LIMITS.heading);
    expect(body[2]?.type === "list" && body[2].items.length).toBe(BODY_LIMITS.listItems);
  });

  it("treats anything but an array as an empty body, and caps the number of blocks", () => {
    expect(sanitizeBody({ type: "paragraph", text: "x" })).toEqual([]);
    expect(sanitizeBody("x")).toEqual([]);
    expect(sanitizeBody(null)).toEqual([]);
    const many = Array.from({ length: 5_000 }, () => ({ type: "paragraph", text: "x" }));
    expect(sanitizeBody(many)).toHaveLength(BODY_LIMITS.blocks);
  });

  it("reads corrupt stored JSON as an empty body instead of failing the page", () => {
    expect(parseStoredBody("{not json")).toEqual([]);
    expect(parseStoredBody('[{"type":"paragraph","text":"ok"}]')).toEqual([
      { type: "paragraph", text: "ok" },
    ]);
  });
});

describe("word counts", () => {
  it("counts the words a reader reads, not captions", () => {
    const words = bodyWordCount([
      { type: "paragraph", text: "One two three." },
      { type: "heading", text: "Four" },
      { type: "quote", text: "Five six", attribution: "Seven" },
      { type: "list", items: ["Eight", "nine ten"] },
      { type: "image", image },
    ]);
    expect(words).toBe(10);
  });

  it("reads at 230 words a minute, at least one minute", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(231)).toBe(2);
    expect(readingMinutes(1500)).toBe(7);
  });
});

describe("photographs in a body (issue 16)", () => {
  const id = "0123456789abcdef0123456789abcdef";
  const photograph = {
    src: `/images/media/${id}/full-960.jpg?v=3`,
    alt: "Boats in the harbour",
    caption: "",
    credit: "Ada Lens",
    width: 1600,
    height: 1067,
    media: { id, revision: 3, use: "full", widths: [320, 480, 640, 960, 1280, 1600] },
  };

  it("keeps a photograph whose src is its own full JPEG variant", () => {
    const body = [{ type: "image", image: photograph }];
    expect(sanitizeBody(body)).toEqual(body);
  });

  it("refuses a photograph whose src is off-origin, another file or another photograph's", () => {
    const other = "ffffffffffffffffffffffffffffffff";
    const variants = [
      "https://evil.example/full-960.jpg",
      `//evil.example/images/media/${id}/full-960.jpg?v=3`,
      `/images/media/${id}/wide-960.jpg?v=3`,
      `/images/media/${id}/full-960.webp?v=3`,
      `/images/media/${id}/full-960.jpg?v=2`,
      `/images/media/${other}/full-960.jpg?v=3`,
      `/images/media/${id}/full-800.jpg?v=3`,
      "/images/7.svg",
    ];
    const body = sanitizeBody(
      variants.map((src) => ({ type: "image", image: { ...photograph, src } })),
    );
    expect(body).toEqual([]);
  });

  it("refuses a photograph in a use other than full, or with a malformed id", () => {
    expect(
      sanitizeBody([
        { type: "image", image: { ...photograph, media: { ...photograph.media, use: "wide" } } },
        { type: "image", image: { ...photograph, media: { ...photograph.media, id: "x" } } },
      ]),
    ).toEqual([]);
  });
});
