import animationGif from "./fixtures/media/animation.gif?inline";
import bombPng from "./fixtures/media/bomb.png?inline";
import documentPdf from "./fixtures/media/document.pdf?inline";
import hundredMegapixelsPng from "./fixtures/media/hundred-megapixels.png?inline";
import photoAvif from "./fixtures/media/photo.avif?inline";
import photoJpg from "./fixtures/media/photo.jpg?inline";
import photoPng from "./fixtures/media/photo.png?inline";
import photoWebp from "./fixtures/media/photo.webp?inline";
import plainSvg from "./fixtures/media/plain.svg?inline";
import rotatedGpsJpg from "./fixtures/media/rotated-gps.jpg?inline";
import scriptSvgJpg from "./fixtures/media/script.svg.jpg?inline";
import truncatedJpg from "./fixtures/media/truncated.jpg?inline";

/**
 * The real image files the media tests upload (made by scripts/generate-media-fixtures.ts,
 * committed), as bytes. Vite inlines each file as a base64 data URL, which keeps binary intact.
 */
function bytesOf(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  if (!/;base64,/.test(dataUrl)) return new TextEncoder().encode(decodeURIComponent(base64));
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

export const mediaFixtures = {
  /** 640x480, four coloured quarters: red, green / blue, white. */
  photoJpg: bytesOf(photoJpg),
  /** The same quarters at 160x120. */
  photoPng: bytesOf(photoPng),
  photoWebp: bytesOf(photoWebp),
  photoAvif: bytesOf(photoAvif),
  /** 300x200 stored, EXIF Orientation 6 (displays 200x300), with a GPS position. */
  rotatedGpsJpg: bytesOf(rotatedGpsJpg),
  /** photo.jpg cut off half way. */
  truncatedJpg: bytesOf(truncatedJpg),
  /** An SVG with a script, named .jpg. */
  scriptSvgJpg: bytesOf(scriptSvgJpg),
  plainSvg: bytesOf(plainSvg),
  documentPdf: bytesOf(documentPdf),
  animationGif: bytesOf(animationGif),
  /** A PNG declaring 30000x30000 in 109 bytes. */
  bombPng: bytesOf(bombPng),
  /** A complete 10000x10000 black PNG (100 megapixels). */
  hundredMegapixelsPng: bytesOf(hundredMegapixelsPng),
};
