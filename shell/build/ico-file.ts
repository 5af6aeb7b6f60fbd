/** One square PNG image of an icon and its side in pixels. */
export interface IcoImage {
  size: number;
  png: Uint8Array;
}

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;

/**
 * An .ico file holding PNG images (supported by every browser that asks for /favicon.ico), so
 * no BMP encoder is needed: a 6-byte header, a 16-byte directory entry per image, then the PNGs.
 */
export function icoFromPngs(images: readonly IcoImage[]): Uint8Array {
  const directoryEnd = HEADER_BYTES + ENTRY_BYTES * images.length;
  const total = directoryEnd + images.reduce((sum, image) => sum + image.png.length, 0);
  const file = new Uint8Array(total);
  const view = new DataView(file.buffer);
  view.setUint16(2, 1, true); // type 1: icon
  view.setUint16(4, images.length, true);
  let offset = directoryEnd;
  images.forEach((image, index) => {
    if (image.size < 1 || image.size > 256) throw new Error(`an icon is 1 to 256 pixels wide`);
    const entry = HEADER_BYTES + ENTRY_BYTES * index;
    // Width and height are one byte each; 0 means 256.
    view.setUint8(entry, image.size % 256);
    view.setUint8(entry + 1, image.size % 256);
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, image.png.length, true);
    view.setUint32(entry + 12, offset, true);
    file.set(image.png, offset);
    offset += image.png.length;
  });
  return file;
}
