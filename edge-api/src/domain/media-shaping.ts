import {
  CROP_USES,
  VARIANT_USES,
  type CropUse,
  type MediaItem,
  type MediaRect,
} from "../contract/media-contract.ts";
import type { MediaWithUploader } from "../db/media-queries.ts";
import { cropOf } from "../db/media-queries.ts";
import type { MediaRow } from "../db/media-schema.ts";
import { useRect, widthsFor } from "./media-geometry.ts";
import { decodeOpaqueCursor, encodeOpaqueCursor } from "./opaque-cursor.ts";

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
      const rect = useRect(use, row, focal, crops);
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
