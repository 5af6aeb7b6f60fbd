import { Hono } from "hono";
import { z } from "zod";
import { findImageById } from "../../db/image-queries.ts";
import { PLACEHOLDER_PORTRAIT, PLACEHOLDER_PORTRAIT_FILE } from "../../domain/image-shaping.ts";
import { renderImageSvg } from "../../domain/image-svg.ts";
import type { SvgImageSpec } from "../../domain/image-svg.ts";
import { notFound } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { noQuerySchema, validate } from "../request-validation.ts";

const IMAGE_FILE = /^([1-9]\d{0,11})\.svg$/;
const fileParam = z.strictObject({ file: z.string().max(32) });

/** An image is immutable: its id never points at different pixels. */
const SVG_HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  "cache-control": "public, max-age=31536000, immutable",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  "x-content-type-options": "nosniff",
};

/** Served at `/images/<id>.svg`, outside `/api`: the shell forwards `/images/*` unchanged. */
export const imageRoutes = new Hono<AppEnv>().get(
  "/:file",
  validate("param", fileParam),
  validate("query", noQuerySchema),
  async (c) => {
    const file = c.req.valid("param").file;
    let spec: SvgImageSpec | undefined;
    if (file === PLACEHOLDER_PORTRAIT_FILE) {
      spec = { ...PLACEHOLDER_PORTRAIT, alt: "Portrait" };
    } else {
      const id = IMAGE_FILE.exec(file)?.[1];
      const row = id === undefined ? undefined : await findImageById(c.var.db, Number(id));
      if (row) spec = row;
    }
    if (!spec) throw notFound("Image");
    return c.body(renderImageSvg(spec), 200, SVG_HEADERS);
  },
);
