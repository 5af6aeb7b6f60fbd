import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";

/**
 * The media library (issue 16, decision 0022): one row per uploaded photograph. The bytes live
 * in R2 (`MEDIA`: the original under `r2_key`, generated variants under `variants/<id>/…`),
 * never in D1; this row is what the newsroom edits. The table moves the content version
 * (triggers in its migration): a variant's address carries the row's revision, so a new focal
 * point or crop must re-render the pages that show it.
 */

export const mediaFormats = ["jpeg", "png", "webp", "avif"] as const;

/** MAX_MEDIA_SIDE of src/domain/media-limits.ts: a larger upload is refused before storing. */
const MAX_SIDE = sql.raw("12000");

interface CropSql {
  x: SQLiteColumn;
  y: SQLiteColumn;
  width: SQLiteColumn;
  height: SQLiteColumn;
}

/** A crop is four columns, all set or all null, inside the image; its aspect is checked in code. */
function cropInside(crop: CropSql, image: { width: SQLiteColumn; height: SQLiteColumn }): SQL {
  return sql`(${crop.x} IS NULL AND ${crop.y} IS NULL AND ${crop.width} IS NULL AND ${crop.height} IS NULL) OR (${crop.x} >= 0 AND ${crop.y} >= 0 AND ${crop.width} >= 1 AND ${crop.height} >= 1 AND ${crop.x} + ${crop.width} <= ${image.width} AND ${crop.y} + ${crop.height} <= ${image.height})`;
}

export const media = sqliteTable(
  "media",
  {
    /** 32 random hex digits: a variant's address never lets anyone walk the library. */
    id: text("id").primaryKey(),
    r2Key: text("r2_key").notNull().unique(),
    format: text("format", { enum: mediaFormats }).notNull(),
    /** As displayed: after the EXIF orientation is applied. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    alt: text("alt").notNull(),
    caption: text("caption").notNull().default(""),
    credit: text("credit").notNull().default(""),
    /** The point to keep when a use crops the photograph, 0..1 from the left and the top. */
    focalX: real("focal_x").notNull().default(0.5),
    focalY: real("focal_y").notNull().default(0.5),
    /** Optional crops in displayed pixels: 16:9 (wide), 1:1 (square), 4:5 (portrait). */
    cropWideX: integer("crop_wide_x"),
    cropWideY: integer("crop_wide_y"),
    cropWideWidth: integer("crop_wide_width"),
    cropWideHeight: integer("crop_wide_height"),
    cropSquareX: integer("crop_square_x"),
    cropSquareY: integer("crop_square_y"),
    cropSquareWidth: integer("crop_square_width"),
    cropSquareHeight: integer("crop_square_height"),
    cropPortraitX: integer("crop_portrait_x"),
    cropPortraitY: integer("crop_portrait_y"),
    cropPortraitWidth: integer("crop_portrait_width"),
    cropPortraitHeight: integer("crop_portrait_height"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** Moves by one on every edit; an edit from another revision is 409. */
    revision: integer("revision").notNull().default(1),
  },
  (table) => [
    // The library lists newest first, keyset on (created_at, id).
    index("media_created_idx").on(table.createdAt, table.id),
    check("media_format_known", sql`${table.format} IN ('jpeg', 'png', 'webp', 'avif')`),
    check(
      "media_size_sane",
      sql`${table.width} BETWEEN 1 AND ${MAX_SIDE} AND ${table.height} BETWEEN 1 AND ${MAX_SIDE} AND ${table.bytes} >= 1`,
    ),
    check(
      "media_focal_range",
      sql`${table.focalX} BETWEEN 0 AND 1 AND ${table.focalY} BETWEEN 0 AND 1`,
    ),
    check(
      "media_crop_wide_inside",
      cropInside(
        {
          x: table.cropWideX,
          y: table.cropWideY,
          width: table.cropWideWidth,
          height: table.cropWideHeight,
        },
        table,
      ),
    ),
    check(
      "media_crop_square_inside",
      cropInside(
        {
          x: table.cropSquareX,
          y: table.cropSquareY,
          width: table.cropSquareWidth,
          height: table.cropSquareHeight,
        },
        table,
      ),
    ),
    check(
      "media_crop_portrait_inside",
      cropInside(
        {
          x: table.cropPortraitX,
          y: table.cropPortraitY,
          width: table.cropPortraitWidth,
          height: table.cropPortraitHeight,
        },
        table,
      ),
    ),
    check("media_revision_positive", sql`${table.revision} >= 1`),
  ],
);
export type MediaRow = typeof media.$inferSelect;
