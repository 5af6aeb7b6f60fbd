import { describe, expect, it } from "vitest";
import { mediaOgPath, mediaSrcset, mediaVariantPath, type MediaItem } from "./media-contract.ts";

const rect = (width: number, height: number) => ({ x: 0, y: 0, width, height });
const media: Pick<MediaItem, "id" | "revision" | "uses"> = {
  id: "0123456789abcdef0123456789abcdef",
  revision: 3,
  uses: {
    full: { rect: rect(1000, 750), widths: [320, 480, 640, 960] },
    wide: { rect: rect(1000, 563), widths: [320, 480, 640, 960] },
    square: { rect: rect(750, 750), widths: [320, 480, 640] },
    portrait: { rect: rect(600, 750), widths: [320, 480] },
  },
};

describe("media addresses", () => {
  it("carry the revision, so every edit makes new ones", () => {
    expect(mediaVariantPath(media, "wide", 640, "avif")).toBe(
      "/images/media/0123456789abcdef0123456789abcdef/wide-640.avif?v=3",
    );
    expect(mediaOgPath(media)).toBe(
      "/images/media/0123456789abcdef0123456789abcdef/og-1200.jpg?v=3",
    );
  });

  it("build a srcset of the widths the use offers", () => {
    expect(mediaSrcset(media, "portrait", "webp")).toBe(
      "/images/media/0123456789abcdef0123456789abcdef/portrait-320.webp?v=3 320w, " +
        "/images/media/0123456789abcdef0123456789abcdef/portrait-480.webp?v=3 480w",
    );
  });
});
