import type { MediaFormat } from "../contract/media-contract.ts";

/**
 * What a file is, read from its first bytes (never from its name or declared type), and for
 * PNG and JPEG the size its header declares. This reads headers only; every decode goes
 * through the Images binding.
 */

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** The image format of `bytes` by its magic bytes, or null when it is not one the site takes. */
export function sniffImageFormat(bytes: Uint8Array): MediaFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (ascii(bytes, 4, 4) === "ftyp") {
    // ISO-BMFF: the major brand, then the compatible brands up to the end of the ftyp box.
    const boxEnd = Math.min(
      bytes.length,
      new DataView(bytes.buffer, bytes.byteOffset).getUint32(0),
    );
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at === 12) continue; // minor version
      if (AVIF_BRANDS.has(ascii(bytes, at, 4))) return "avif";
    }
  }
  return null;
}

/** For the refusal's message: what a file that is not a photograph looks like. */
export function describeOtherFile(bytes: Uint8Array): string {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (head.startsWith("%pdf")) return "a PDF document";
  if (head.startsWith("gif8")) return "a GIF";
  if (head.includes("<svg")) return "an SVG drawing";
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "a web page";
  if (head.startsWith("<?xml")) return "an XML document";
  if (ascii(bytes, 4, 4) === "ftyp") return "a video or HEIC photograph";
  return "not an image the site can use";
}

export interface DeclaredSize {
  width: number;
  height: number;
}

/**
 * The width and height a PNG (IHDR) or JPEG (first SOF marker) header declares, or null. Used
 * when the binding cannot read a file, to say whether it was refused for its size.
 */
export function declaredSize(bytes: Uint8Array, format: MediaFormat): DeclaredSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (format === "png") {
    if (bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (format !== "jpeg") return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}
