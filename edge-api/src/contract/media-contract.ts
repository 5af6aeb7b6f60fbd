import { z } from "zod";
import { InstantSchema } from "./contract-fields.ts";
import { PersonRefSchema } from "./newsroom-contract.ts";
import {
  srcsetOf,
  type CropUse,
  type VariantExtension,
  type VariantUse,
} from "./media-variants.ts";

// The variant constants and addresses live in media-variants.ts (no imports, so the article
// contract can use them too); re-exported here for the newsroom and the API.
export * from "./media-variants.ts";

/**
 * The media library (issue 16, decision 0022): photographs the newsroom uploads, their alt,
 * caption, credit, focal point and crops, and the addresses of the raster variants readers get.
 *
 * Upload: `POST /api/newsroom/media?alt=&caption=&credit=` with the image's bytes as the raw
 * body (any staff). Errors: `payload_too_large` 413 (over MAX_MEDIA_BYTES), `unsupported_media`
 * 415 (not JPEG, PNG, WebP or AVIF by its bytes), `invalid_media` 422 (too many pixels, a
 * damaged file, or a field that is not right, with `field`), `stale_revision` 409 on an edit.
 */

export const MEDIA_FORMATS = ["jpeg", "png", "webp", "avif"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** The largest upload, in bytes: a news photograph straight from a camera fits. */
export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;
/** The largest side and area an upload may have: beyond them, decoding costs too much memory. */
export const MAX_MEDIA_SIDE = 12_000;
export const MAX_MEDIA_PIXELS = 40_000_000;

export const MEDIA_ALT_MAX = 300;
export const MEDIA_CAPTION_MAX = 1000;
export const MEDIA_CREDIT_MAX = 200;

export const CROP_ASPECTS: Record<CropUse, readonly [number, number]> = {
  wide: [16, 9],
  square: [1, 1],
  portrait: [4, 5],
};

export const MediaRectSchema = z.strictObject({
  x: z.number().int().min(0).max(MAX_MEDIA_SIDE),
  y: z.number().int().min(0).max(MAX_MEDIA_SIDE),
  width: z.number().int().min(1).max(MAX_MEDIA_SIDE),
  height: z.number().int().min(1).max(MAX_MEDIA_SIDE),
});
export type MediaRect = z.infer<typeof MediaRectSchema>;

export const FocalPointSchema = z.strictObject({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type FocalPoint = z.infer<typeof FocalPointSchema>;

/** One use of a photograph as readers get it: its rectangle and the widths it is made at. */
export const MediaUseSchema = z.object({
  rect: MediaRectSchema,
  /** VARIANT_WIDTHS up to the rectangle's width (at least the smallest). */
  widths: z.array(z.number().int()),
});

export const MediaItemSchema = z.object({
  id: z.string(),
  format: z.enum(MEDIA_FORMATS),
  /** As displayed, after the EXIF orientation. */
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  alt: z.string(),
  caption: z.string(),
  credit: z.string(),
  focal: FocalPointSchema,
  /** The crops the newsroom set; null where the focal point decides. */
  crops: z.object({
    wide: MediaRectSchema.nullable(),
    square: MediaRectSchema.nullable(),
    portrait: MediaRectSchema.nullable(),
  }),
  /** What each use shows: the crop, or the largest rectangle of its aspect at the focal point. */
  uses: z.object({
    full: MediaUseSchema,
    wide: MediaUseSchema,
    square: MediaUseSchema,
    portrait: MediaUseSchema,
  }),
  /** Moves on every edit; variant addresses carry it, and an edit names the one it started from. */
  revision: z.number().int(),
  uploadedBy: PersonRefSchema.nullable(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaListSchema = z.object({
  items: z.array(MediaItemSchema),
  /** Pass back as `?cursor=` for the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type MediaList = z.infer<typeof MediaListSchema>;

const trimmed = (max: number) => z.string().trim().max(max);

/** The upload's fields, in the query string (the body is the image's bytes). */
export const MediaUploadQuerySchema = z.strictObject({
  alt: trimmed(MEDIA_ALT_MAX),
  caption: trimmed(MEDIA_CAPTION_MAX).optional(),
  credit: trimmed(MEDIA_CREDIT_MAX).optional(),
});

/** An edit: only what it names changes; a crop of null goes back to the focal point. */
export const MediaPatchBodySchema = z.strictObject({
  baseRevision: z.number().int().min(1),
  alt: trimmed(MEDIA_ALT_MAX).optional(),
  caption: trimmed(MEDIA_CAPTION_MAX).optional(),
  credit: trimmed(MEDIA_CREDIT_MAX).optional(),
  focal: FocalPointSchema.optional(),
  crops: z
    .strictObject({
      wide: MediaRectSchema.nullable().optional(),
      square: MediaRectSchema.nullable().optional(),
      portrait: MediaRectSchema.nullable().optional(),
    })
    .optional(),
});
export type MediaPatchBody = z.infer<typeof MediaPatchBodySchema>;

/**
 * A `srcset` for one use in one format: every width the use offers (`uses.<use>.widths`), so
 * the browser never picks a width the photograph does not have.
 */
export function mediaSrcset(
  media: Pick<MediaItem, "id" | "revision" | "uses">,
  use: VariantUse,
  extension: VariantExtension,
): string {
  return srcsetOf(media, use, media.uses[use].widths, extension);
}
