import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CARD_MARGIN, shareCardSvg, type ShareCardWords } from "../domain/share-card-svg.ts";
import { rasterise, renderShareCardJpeg } from "./share-card-raster.ts";

const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** The card's RGBA pixels, as resvg draws them. */
const pixelsOf = (words: ShareCardWords) =>
  rasterise(shareCardSvg(words), (image) => image.pixels.slice());

/** How many pixels in the box are not the card's paper colour (#fdfcf8). */
function inkedPixels(
  pixels: Uint8Array,
  box: { left: number; top: number; right: number; bottom: number },
): number {
  let inked = 0;
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      const at = (y * 1200 + x) * 4;
      const [r, g, b] = [pixels[at], pixels[at + 1], pixels[at + 2]];
      if (r !== 0xfd || g !== 0xfc || b !== 0xf8) inked++;
    }
  }
  return inked;
}

describe("share card raster", () => {
  it("draws the words with the bundled font (a Worker has no system fonts)", async () => {
    const pixels = await pixelsOf({
      masthead: "The Daily Edge",
      kicker: "World",
      headline: "Harbour deal",
    });
    expect(pixels.byteLength).toBe(1200 * 630 * 4);
    // The headline's first line sits on y = 290.
    expect(inkedPixels(pixels, { left: 80, top: 230, right: 600, bottom: 300 })).toBeGreaterThan(
      2000,
    );
  });

  it("keeps a 200-character headline of the widest letters inside the card's margins", async () => {
    // Words wider than a line are split where they fill it: every line runs to the margin.
    const headline = "WM".repeat(100);
    const pixels = await pixelsOf({ masthead: "The Daily Edge", kicker: "", headline });
    const headlineRows = { top: 150, bottom: 600 };
    expect(inkedPixels(pixels, { left: 80, right: 1120, ...headlineRows })).toBeGreaterThan(10000);
    // Nothing drawn in the right margin (but for a glyph's few pixels of overhang).
    const margin = { left: 1200 - CARD_MARGIN + 8, right: 1200, ...headlineRows };
    expect(inkedPixels(pixels, margin)).toBe(0);
    // Four lines at most: nothing between the fourth line's descenders and the accent bar.
    expect(inkedPixels(pixels, { left: 0, right: 1200, top: 560, bottom: 610 })).toBe(0);
  });

  it("is a 1200x630 JPEG from the Images binding", async () => {
    const svg = shareCardSvg({ masthead: "The Daily Edge", kicker: "", headline: "Hello" });
    const jpeg = await renderShareCardJpeg(env.IMAGES, svg);
    expect([...jpeg.slice(0, 3)]).toEqual(JPEG_MAGIC);
    const info = await env.IMAGES.info(new Blob([jpeg]).stream());
    expect(info).toMatchObject({ format: "image/jpeg", width: 1200, height: 630 });
  });

  it("draws a headline with markup characters as text", async () => {
    const headline = `<script>alert("&")</script>`;
    const pixels = await pixelsOf({ masthead: "The Daily Edge", kicker: "", headline });
    expect(inkedPixels(pixels, { left: 80, top: 230, right: 1120, bottom: 300 })).toBeGreaterThan(
      2000,
    );
  });
});
