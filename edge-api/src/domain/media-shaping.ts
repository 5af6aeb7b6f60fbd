import {
  CROP_USES,
  VARIANT_USES,
  type CropUse,
  type MediaItem,
  type MediaRect,
} from "../contract/media-contract.ts";
import type { MediaRow } from "../db/media-schema.ts";
import { rectForUse, widthsFor } from "./media-geometry.ts";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "./opaque-cursor.ts";

/** A row of the library with who uploaded it (null once their account is gone). */
export interface MediaWithUploader {
  row: MediaRow;
  uploader: { id: string; displayName: string } | null;
}

/** The four columns of each crop, in x, y, width, height order. */
export const CROP_COLUMNS = {
  wide: ["cropWideX", "cropWideY", "cropWideWidth", "cropWideHeight"],
  square: ["cropSquareX", "cropSquareY", "cropSquareWidth", "cropSquareHeight"],
  portrait: ["cropPortraitX", "cropPortraitY", "cropPortraitWidth", "cropPortraitHeight"],
} as const satisfies Record<CropUse, readonly (keyof MediaRow)[]>;

export function cropOf(row: MediaRow, use: CropUse): MediaRect | null {
  const [x, y, width, height] = CROP_COLUMNS[use].map((column) => row[column]);
  if (x == null || y == null || width == null || height == null) return null;
  return { x, y, width, height };
}

export function cropsOf(row: MediaRow): Record<CropUse, MediaRect | null> {
  return Object.fromEntries(CROP_USES.map((use) => [use, cropOf(row, use)])) as Record<
    CropUse,
    MediaRect | null
  >;
}

export function toMediaItem({ row, uploader }: MediaWithUploader): MediaItem {
  const crops = cropsOf(row);
  const focal = { x: row.focalX, y: row.focalY };
  const uses = Object.fromEntries(
    VARIANT_USES.map((use) => {
      const rect = rectForUse(use, row, focal, crops);
      return [use, { rect, widths: widthsFor(rect) }];
    }),
  ) as MediaItem["uses"];
  return {
    id: row.id,
    format: row.format,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    focal,
    crops,
    uses,
    revision: row.revision,
    uploadedBy: uploader,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function encodeMediaCursor(position: { createdAt: Date; id: string }): string {
  return encodeOpaqueCursor(`${position.createdAt.getTime()}:${position.id}`);
}

export function decodeMediaCursor(value: string): { createdAt: Date; id: string } | null {
  const raw = decodeOpaqueCursor(value, 80);
  const match = raw === null ? null : /^(\d{1,15}):([0-9a-f]{32})$/.exec(raw);
  if (!match?.[1] || !match[2]) return null;
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
