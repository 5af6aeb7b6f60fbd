/**
 * Makes the raster icons from public/favicon.svg, offline: /favicon.ico (16, 32 and 48 px PNGs),
 * /apple-touch-icon.png (180 px, opaque: iOS fills transparent corners with black) and the web
 * app manifest's 192 and 512 px icons. The output is committed to public/; run this again only
 * when the favicon changes: `npm exec -- node shell/build/make-icons.ts`.
 *
 * sharp is the rasteriser miniflare already installs (it is not a dependency of the shell).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import { icoFromPngs } from "./ico-file.ts";

const publicDir = resolve(import.meta.dirname, "..", "public");
const svg = readFileSync(join(publicDir, "favicon.svg"));
// The favicon's own background (its <rect fill>), for the icons that must be opaque.
const BACKGROUND = "#111111";

async function png(size: number, opaque: boolean): Promise<Uint8Array> {
  let image = sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size);
  if (opaque) image = image.flatten({ background: BACKGROUND });
  return new Uint8Array(await image.png({ compressionLevel: 9 }).toBuffer());
}

const icoSizes = [16, 32, 48];
const ico = icoFromPngs(
  await Promise.all(icoSizes.map(async (size) => ({ size, png: await png(size, false) }))),
);
writeFileSync(join(publicDir, "favicon.ico"), ico);
writeFileSync(join(publicDir, "apple-touch-icon.png"), await png(180, true));
writeFileSync(join(publicDir, "icon-192.png"), await png(192, true));
writeFileSync(join(publicDir, "icon-512.png"), await png(512, true));
console.log("shell: icons written to public/");
