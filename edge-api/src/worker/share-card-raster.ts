// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./wasm-modules.d.ts" />
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgModule from "@resvg/resvg-wasm/index_bg.wasm";
import { CARD_FONT_FAMILY } from "../domain/share-card-svg.ts";
import cardFont from "./fonts/LiberationSerif-Bold.ttf";

/**
 * Rasterising the share cards' SVG: resvg compiled to WebAssembly (wrangler precompiles the
 * `.wasm` import as a module, since workerd refuses to compile wasm from bytes at run time),
 * with the one bundled font, since a Worker has no system fonts. Then JPEG through the Images
 * binding, so production (Cloudflare Images) and local (Miniflare's sharp) encode alike.
 */

/** Share cards are flat colour and type: 82 keeps the type crisp at about 40 KB. */
export const CARD_JPEG_QUALITY = 82;

// Once per isolate: instantiating the 2.4 MB module is the slow part of a first card. A failed
// start is forgotten, so the next card tries again instead of failing for the isolate's life.
let started: Promise<void> | null = null;
function startResvg(): Promise<void> {
  started ??= initWasm(resvgModule).catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}

/** What `read` takes from the SVG rasterised at its own size (the card's 1200x630). */
export async function rasterise<T>(
  svg: string,
  read: (image: { asPng(): Uint8Array; readonly pixels: Uint8Array }) => T,
): Promise<T> {
  await startResvg();
  const resvg = new Resvg(svg, {
    font: {
      fontBuffers: [new Uint8Array(cardFont)],
      defaultFontFamily: CARD_FONT_FAMILY,
      serifFamily: CARD_FONT_FAMILY,
    },
  });
  try {
    const image = resvg.render();
    try {
      return read(image);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

export const svgToPng = (svg: string): Promise<Uint8Array> =>
  rasterise(svg, (image) => image.asPng());

/** The card as a JPEG, encoded by the Images binding. */
export async function renderShareCardJpeg(
  images: ImagesBinding,
  svg: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const png = await svgToPng(svg);
  const result = await images
    .input(new Blob([png]).stream())
    .output({ format: "image/jpeg", quality: CARD_JPEG_QUALITY });
  return new Uint8Array(await new Response(result.image()).arrayBuffer());
}
