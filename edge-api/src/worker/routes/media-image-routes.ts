import { Hono } from "hono";
import { z } from "zod";
import {
  mediaFilePath,
  OG_HEIGHT,
  OG_WIDTH,
  VARIANT_WIDTHS,
  type MediaRect,
  type VariantUse,
} from "../../contract/media-contract.ts";
import { findMediaRow } from "../../db/media-queries.ts";
import type { MediaRow } from "../../db/media-schema.ts";
import { coverSteps, outputSize, rectForUse, type ImageSize } from "../../domain/media-geometry.ts";
import { cropsOf } from "../../domain/media-shaping.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { renderVariant, type VariantFormat } from "../media-images.ts";
import { validate } from "../request-validation.ts";
import { serveStoredImage } from "../stored-image.ts";

const VARIANT_FILE = /^(full|wide|square|portrait)-(\d{3,4})\.(avif|webp|jpg)$/;
const OG_FILE = `og-${OG_WIDTH}.jpg`;
const FORMATS: Record<string, VariantFormat> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

const params = z.strictObject({ id: z.string().regex(/^[0-9a-f]{32}$/), file: z.string().max(32) });
const query = z.strictObject({ v: z.string().max(12).optional() });

interface VariantSpec {
  use: VariantUse | "og";
  output: (rect: MediaRect) => ImageSize;
  format: VariantFormat;
}

function specOf(file: string): VariantSpec | null {
  if (file === OG_FILE) {
    return {
      use: "og",
      output: () => ({ width: OG_WIDTH, height: OG_HEIGHT }),
      format: "image/jpeg",
    };
  }
  const match = VARIANT_FILE.exec(file);
  const width = Number(match?.[2]);
  const format = FORMATS[match?.[3] ?? ""];
  if (!match || !format || !(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  return {
    use: match[1] as VariantUse,
    output: (rect) => outputSize(rect, width),
    format,
  };
}

const notFound = () => new ApiError("not_found", "There is no such image.");

/**
 * Raster variants of the media library's photographs, at
 * `/images/media/<id>/<use>-<width>.<avif|webp|jpg>?v=<revision>` and `…/og-1200.jpg?v=`
 * (outside `/api`: the shell forwards `/images/*`). Made once per revision through the Images
 * binding, kept in R2 under `variants/<id>/<revision>/`, then served from there.
 */
export const mediaImageRoutes = new Hono<AppEnv>().get(
  "/:id/:file",
  validate("param", params),
  validate("query", query),
  async (c) => {
    const { id, file } = c.req.valid("param");
    const spec = specOf(file);
    if (!spec) throw notFound();
    const row = await findMediaRow(c.var.db, id);
    if (!row) throw notFound();
    // An address from before the latest edit (or without a revision) moves to the current one.
    if (c.req.valid("query").v !== String(row.revision)) {
      return c.redirect(mediaFilePath({ id, revision: row.revision }, file), 302);
    }
    const key = `variants/${id}/${row.revision}/${file}`;
    const served = await serveStoredImage(c, key, spec.format, () => makeVariant(c.env, row, spec));
    if (!served) throw notFound();
    return served;
  },
);

async function makeVariant(
  env: Env,
  row: MediaRow,
  spec: VariantSpec,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const original = await env.MEDIA.get(row.r2Key);
  if (!original) return null;
  const rect = rectForUse(spec.use, row, { x: row.focalX, y: row.focalY }, cropsOf(row));
  const output = spec.output(rect);
  return renderVariant(env.IMAGES, original.body, coverSteps(row, rect, output), spec.format);
}
