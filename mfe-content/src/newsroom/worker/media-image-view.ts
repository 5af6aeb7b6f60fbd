import {
  mediaSrcset,
  mediaVariantPath,
  type MediaItem,
  type VariantUse,
} from "edge-api/contract/media";
import type { MediaImageView } from "../ui/media-views.ts";

/**
 * An `<img>` of one use of a library photograph, in JPEG (every browser shows it; the newsroom
 * needs no `<picture>`). `srcset` lists only the widths the use offers, at most `maxWidth`, so
 * the browser never asks for a width the API does not make; `src` is the smallest.
 */
export function mediaImage(
  media: MediaItem,
  use: VariantUse,
  sizes: string,
  maxWidth = Number.POSITIVE_INFINITY,
): MediaImageView {
  const offered = media.uses[use].widths;
  const widths = offered.filter((width) => width <= maxWidth);
  const kept = widths.length > 0 ? widths : offered.slice(0, 1);
  const { rect } = media.uses[use];
  return {
    src: mediaVariantPath(media, use, kept[0] ?? 320, "jpg"),
    srcset: mediaSrcset(
      { ...media, uses: { ...media.uses, [use]: { rect, widths: kept } } },
      use,
      "jpg",
    ),
    sizes,
    alt: media.alt,
    width: rect.width,
    height: rect.height,
  };
}
