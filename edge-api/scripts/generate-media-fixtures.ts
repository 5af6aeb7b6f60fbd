/**
 * `node edge-api/scripts/generate-media-fixtures.ts`: writes the real image files the media
 * tests upload (src/test/fixtures/media/, committed; small). The Workers test pool cannot run
 * sharp, so the files are made here, once, with sharp (the library Miniflare's Images binding
 * runs; it arrives with wrangler) and, for the hostile ones, by hand from their format's bytes.
 * Run it again only to change a fixture; the tests read the committed files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import sharp, { type Sharp } from "sharp";

const out = join(import.meta.dirname, "..", "src", "test", "fixtures", "media");
mkdirSync(out, { recursive: true });
const write = (name: string, bytes: Uint8Array | string) => {
  writeFileSync(join(out, name), bytes);
  console.log(`${name}: ${typeof bytes === "string" ? bytes.length : bytes.byteLength} bytes`);
};

/**
 * 640x480 in four coloured quarters (red top left, green top right, blue bottom left, white
 * bottom right), so a test can tell which part of the photograph a crop kept.
 */
async function quarters(): Promise<Sharp> {
  const quarter = (r: number, g: number, b: number) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  const [red, green, blue, white] = await Promise.all([
    quarter(255, 0, 0),
    quarter(0, 255, 0),
    quarter(0, 0, 255),
    quarter(255, 255, 255),
  ]);
  const canvas = sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 0, g: 0, b: 0 } },
  }).composite([
    { input: red, left: 0, top: 0 },
    { input: green, left: 320, top: 0 },
    { input: blue, left: 0, top: 240 },
    { input: white, left: 320, top: 240 },
  ]);
  return sharp(await canvas.png().toBuffer());
}

const photo = await (await quarters()).jpeg({ quality: 80 }).toBuffer();
write("photo.jpg", photo);
write("photo.png", await (await quarters()).resize(160).png().toBuffer());
write("photo.webp", await (await quarters()).resize(160).webp().toBuffer());
write("photo.avif", await (await quarters()).resize(160).avif().toBuffer());

// A phone photograph held upright: 300x200 pixels stored landscape, EXIF Orientation 6 (turn
// 90° clockwise to display, so it shows 200x300), and where it was taken (GPS IFD).
write(
  "rotated-gps.jpg",
  await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c86432" } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "Edge Test Camera" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2600/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3900/100",
      },
    })
    .jpeg()
    .toBuffer(),
);

// Cut off half way through the scan data.
write("truncated.jpg", photo.subarray(0, Math.floor(photo.byteLength / 2)));

write(
  "script.svg.jpg",
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n',
);
write(
  "plain.svg",
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
);
write(
  "document.pdf",
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
write(
  "animation.gif",
  await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
    .gif()
    .toBuffer(),
);

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A black 1-bit greyscale PNG: every row is a filter byte and zero bits, so it deflates tiny. */
function blackPng(width: number, height: number, rows = height): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(width / 8);
  const pixels = deflateSync(Buffer.alloc(row * rows), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", new Uint8Array()),
  ]);
}

// A decompression bomb: a few hundred bytes that declare 30000x30000 (900 megapixels); only
// the first rows are present, as a real bomb need not carry the rest to hurt a decoder.
write("bomb.png", blackPng(30_000, 30_000, 8));
// A real, complete 100-megapixel image (10000x10000; each side within limits, the area not).
write("hundred-megapixels.png", blackPng(10_000, 10_000));
