import type { ImageRow } from "../db/schema.ts";
import type { ImageRef } from "../contract/article-contract.ts";

/** Where the API serves an image: outside `/api`, because the shell forwards `/images/*`. */
export function imagePath(id: number): string {
  return `/images/${id}.svg`;
}

export function toImageRef(row: ImageRow): ImageRef {
  return {
    src: imagePath(row.id),
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    width: row.width,
    height: row.height,
  };
}

/** Served for an author without a portrait of their own (rows older than images). */
export const PLACEHOLDER_PORTRAIT_FILE = "portrait.svg";
export const PLACEHOLDER_PORTRAIT = {
  kind: "portrait",
  width: 400,
  height: 400,
  seed: 1,
  hue: 210,
} as const;

/** `credit` is the publication (the placeholder is its own drawing). */
export function placeholderPortrait(name: string, credit: string): ImageRef {
  return {
    src: `/images/${PLACEHOLDER_PORTRAIT_FILE}`,
    alt: `Portrait of ${name}`,
    caption: "",
    credit,
    width: PLACEHOLDER_PORTRAIT.width,
    height: PLACEHOLDER_PORTRAIT.height,
  };
}
