import type { BodyBlock, ImageRef } from "../contract/article-contract.ts";
import { mediaVariantPath, type VariantUse } from "../contract/media-variants.ts";
import type { MediaRow } from "../db/media-schema.ts";
import { rectForUse, widthsFor } from "./media-geometry.ts";
import { cropsOf } from "./media-shaping.ts";

/**
 * A photograph from the media library as an `ImageRef` (issue 16, decision 0022): the one
 * builder for a lead (`wide`, on cards and the article) and a body photograph (`full`). Built
 * from the library row every time a story is saved and again when it is served, so a new
 * focal point, crop or revision shows without re-saving the story.
 */

/** The widest JPEG fallback a page starts from: `src` for browsers that ignore `srcset`. */
export const FALLBACK_MAX_WIDTH = 960;

/** The story's own words for the photograph; an empty or absent one is the photograph's. */
export interface ImageWords {
  alt?: string | null;
  caption?: string | null;
  credit?: string | null;
}

export type PhotographUse = Extract<VariantUse, "full" | "wide">;

/** The largest width not above `FALLBACK_MAX_WIDTH`, else the smallest the use offers. */
export function fallbackWidth(widths: readonly number[]): number {
  const fitting = widths.filter((width) => width <= FALLBACK_MAX_WIDTH);
  return fitting.length > 0 ? Math.max(...fitting) : Math.min(...widths);
}

export function mediaImageRef(row: MediaRow, use: PhotographUse, words: ImageWords = {}): ImageRef {
  const rect = rectForUse(use, row, { x: row.focalX, y: row.focalY }, cropsOf(row));
  const widths = widthsFor(rect);
  const pick = (own: string | null | undefined, library: string) => (own ? own : library);
  return {
    src: mediaVariantPath(row, use, fallbackWidth(widths), "jpg"),
    alt: pick(words.alt, row.alt),
    caption: pick(words.caption, row.caption),
    credit: pick(words.credit, row.credit),
    width: rect.width,
    height: rect.height,
    media: { id: row.id, revision: row.revision, use, widths },
  };
}

/** The ids of the photographs a body's image blocks name, each once. */
export function bodyPhotographIds(body: readonly unknown[]): string[] {
  const ids = new Set<string>();
  for (const block of body) {
    const id = namedPhotograph(block);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/** The photograph id an image block names (`image.media.id`), or null for anything else. */
export function namedPhotograph(block: unknown): string | null {
  if (typeof block !== "object" || block === null) return null;
  const { type, image } = block as { type?: unknown; image?: unknown };
  if (type !== "image" || typeof image !== "object" || image === null) return null;
  const media = (image as { media?: unknown }).media;
  if (typeof media !== "object" || media === null) return null;
  const id = (media as { id?: unknown }).id;
  return typeof id === "string" ? id : null;
}

/**
 * The body with each photograph block rebuilt from its current library row (the block's own
 * words kept); a block whose photograph is not in `library` is dropped. Other blocks as they are.
 */
export function withCurrentPhotographs(
  body: readonly BodyBlock[],
  library: ReadonlyMap<string, MediaRow>,
): BodyBlock[] {
  return body.flatMap((block): BodyBlock[] => {
    if (block.type !== "image" || !block.image.media) return [block];
    const row = library.get(block.image.media.id);
    return row ? [{ type: "image", image: mediaImageRef(row, "full", block.image) }] : [];
  });
}
