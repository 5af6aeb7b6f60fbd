import { srcsetOf, type ImageRef } from "edge-api/contract/content";
import { isSameOriginPath } from "./same-origin-path.ts";

/** An image as a fragment's props carry it: the API's reference, checked. */
export type SiteImage = ImageRef;

const isSize = (n: number) => Number.isInteger(n) && n > 0 && n <= 10_000;

/**
 * Images are served by the API through the shell at a same-origin path. Anything else (an
 * absolute URL, a protocol-relative one, a bad size) is dropped rather than rendered, in every
 * fragment. Field by field, in the order props have always carried them.
 */
export function siteImageOf(image: ImageRef | null | undefined): SiteImage | null {
  if (!image || !isSameOriginPath(image.src)) return null;
  if (!isSize(image.width) || !isSize(image.height)) return null;
  return {
    src: image.src,
    alt: image.alt,
    width: image.width,
    height: image.height,
    caption: image.caption,
    credit: image.credit,
  };
}

/** A photograph's raster variants as ready `srcset` strings, for a `<picture>` (issue 16). */
export interface PhotoSrcsets {
  avif: string;
  webp: string;
  jpg: string;
}

/**
 * The AVIF, WebP and JPEG `srcset` of the use an image shows, listing exactly the widths it has
 * (the API lists only widths the photograph can give); null for an illustration. Fragments build
 * these in the Worker so their browser bundles only print strings.
 */
export function photoSrcsets(image: ImageRef | null | undefined): PhotoSrcsets | null {
  const media = image?.media;
  if (!media) return null;
  const srcset = (extension: "avif" | "webp" | "jpg") =>
    srcsetOf(media, media.use, media.widths, extension);
  return { avif: srcset("avif"), webp: srcset("webp"), jpg: srcset("jpg") };
}
