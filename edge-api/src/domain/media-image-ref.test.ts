import { describe, expect, it } from "vitest";
import type { MediaRow } from "../db/media-schema.ts";
import {
  bodyPhotographIds,
  fallbackWidth,
  mediaImageRef,
  withCurrentPhotographs,
} from "./media-image-ref.ts";

const id = "0123456789abcdef0123456789abcdef";

function aRow(overrides: Partial<MediaRow> = {}): MediaRow {
  const at = new Date("2026-11-20T08:00:00Z");
  return {
    id,
    r2Key: `originals/${id}`,
    format: "jpeg",
    width: 3000,
    height: 2000,
    bytes: 1_000_000,
    alt: "Boats in the harbour",
    caption: "The harbour at first light.",
    credit: "Ada Lens",
    focalX: 0.5,
    focalY: 0.5,
    cropWideX: null,
    cropWideY: null,
    cropWideWidth: null,
    cropWideHeight: null,
    cropSquareX: null,
    cropSquareY: null,
    cropSquareWidth: null,
    cropSquareHeight: null,
    cropPortraitX: null,
    cropPortraitY: null,
    cropPortraitWidth: null,
    cropPortraitHeight: null,
    uploadedBy: null,
    createdAt: at,
    updatedAt: at,
    revision: 4,
    ...overrides,
  };
}

describe("fallbackWidth", () => {
  it("takes the largest width up to 960, else the smallest offered", () => {
    expect(fallbackWidth([320, 480, 640, 960, 1280, 1600])).toBe(960);
    expect(fallbackWidth([320, 480, 640])).toBe(640);
    expect(fallbackWidth([1280, 1600])).toBe(1280);
  });
});

describe("mediaImageRef", () => {
  it("builds a lead from the wide use: its rectangle, widths and JPEG at 960", () => {
    expect(mediaImageRef(aRow(), "wide")).toEqual({
      src: `/images/media/${id}/wide-960.jpg?v=4`,
      alt: "Boats in the harbour",
      caption: "The harbour at first light.",
      credit: "Ada Lens",
      width: 3000,
      height: 1688,
      media: { id, revision: 4, use: "wide", widths: [320, 480, 640, 960, 1280, 1600] },
    });
  });

  it("follows the editor's wide crop and keeps the story's non-empty words", () => {
    const row = aRow({ cropWideX: 0, cropWideY: 0, cropWideWidth: 800, cropWideHeight: 450 });
    expect(mediaImageRef(row, "wide", { alt: "Ours", caption: "", credit: null })).toEqual({
      src: `/images/media/${id}/wide-640.jpg?v=4`,
      alt: "Ours",
      caption: "The harbour at first light.",
      credit: "Ada Lens",
      width: 800,
      height: 450,
      media: { id, revision: 4, use: "wide", widths: [320, 480, 640] },
    });
  });

  it("builds a body photograph from the full use", () => {
    const ref = mediaImageRef(aRow({ width: 200, height: 300 }), "full");
    expect(ref).toMatchObject({
      src: `/images/media/${id}/full-320.jpg?v=4`,
      width: 200,
      height: 300,
      media: { use: "full", widths: [320] },
    });
  });
});

describe("body photographs", () => {
  const block = {
    type: "image" as const,
    image: { ...mediaImageRef(aRow({ revision: 1 }), "full"), alt: "Own words" },
  };

  it("names each photograph once, and nothing else", () => {
    expect(
      bodyPhotographIds([
        block,
        block,
        { type: "image", image: { src: "/images/7.svg" } },
        { type: "image", image: { media: { id: 7 } } },
        { type: "paragraph", text: "x" },
        null,
      ]),
    ).toEqual([id]);
  });

  it("rebuilds each from its current row with the block's words, and drops one that is gone", () => {
    const paragraph = { type: "paragraph" as const, text: "Text." };
    const current = withCurrentPhotographs([paragraph, block], new Map([[id, aRow()]]));
    expect(current[1]).toMatchObject({
      image: { alt: "Own words", src: `/images/media/${id}/full-960.jpg?v=4` },
    });
    expect(withCurrentPhotographs([paragraph, block], new Map())).toEqual([paragraph]);
  });
});
