/**
 * Makes the demo's photographs (`seed/seed-photos.ts`) as JPEG files in
 * `.generated/seed-media/<id>.jpg`, offline, with sharp (the library Miniflare's Images binding
 * runs; it arrives with wrangler). A film-like grain over the drawn scene and a little blur make
 * them compress and scale like photographs. `generate-seed.ts` reads their sizes for the media
 * rows; the local stack puts them into R2 when it seeds (scripts/local-stack.ts).
 */
import { existsSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import {
  SEED_PHOTO_HEIGHT,
  SEED_PHOTO_WIDTH,
  seedPhotoSvg,
  seedPhotos,
} from "../seed/seed-photos.ts";

export const seedMediaDir = join(import.meta.dirname, "..", ".generated", "seed-media");

export function seedPhotoFile(id: string): string {
  return join(seedMediaDir, `${id}.jpg`);
}

/** Writes the files that are missing; returns each photograph's size in bytes. */
export async function generateSeedPhotos(): Promise<Map<string, number>> {
  mkdirSync(seedMediaDir, { recursive: true });
  const grain = await sharp({
    create: {
      width: SEED_PHOTO_WIDTH,
      height: SEED_PHOTO_HEIGHT,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 22 },
    },
  })
    .png()
    .toBuffer();
  const sizes = new Map<string, number>();
  for (const photo of seedPhotos) {
    const file = seedPhotoFile(photo.id);
    if (!existsSync(file)) {
      await sharp(Buffer.from(seedPhotoSvg(photo)))
        .blur(1.2)
        .composite([{ input: grain, blend: "soft-light" }])
        .jpeg({ quality: 84, mozjpeg: true })
        .toFile(file);
    }
    sizes.set(photo.id, statSync(file).size);
  }
  return sizes;
}

if (import.meta.main) {
  const sizes = await generateSeedPhotos();
  console.log(`${sizes.size} demo photographs in ${seedMediaDir}`);
}
