/**
 * The addresses of a photograph's raster files and of the generated share cards (issue 16,
 * decision 0022). Shared by the API (which serves them), the content fragment (which writes
 * `<picture>`, `og:image` and JSON-LD with them) and the newsroom. No imports, so the article
 * contract and the media contract can both use it without a cycle.
 */

/** The uses a photograph is cropped for, each with its aspect (width : height). */
export const CROP_USES = ["wide", "square", "portrait"] as const;
export type CropUse = (typeof CROP_USES)[number];

/** `full` keeps the photograph's own aspect; the others crop it. */
export const VARIANT_USES = ["full", ...CROP_USES] as const;
export type VariantUse = (typeof VARIANT_USES)[number];
/** The only widths a variant is made at (never wider than the photograph or its crop). */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const;
export const VARIANT_EXTENSIONS = ["avif", "webp", "jpg"] as const;
export type VariantExtension = (typeof VARIANT_EXTENSIONS)[number];
/** The share image (`og:image`, `twitter:image`): always this size, JPEG. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** A photograph at a revision: enough to name any of its files. */
export interface MediaAt {
  id: string;
  revision: number;
}

/**
 * The address of one file of a photograph (`<use>-<width>.<ext>` or `og-1200.jpg`) at a
 * revision, through the shell, which forwards `/images/*`. The revision makes a new address
 * for every edit, so each address can be cached for a year.
 */
export function mediaFilePath(media: MediaAt, file: string): string {
  return `/images/media/${media.id}/${file}?v=${media.revision}`;
}

export function mediaVariantPath(
  media: MediaAt,
  use: VariantUse,
  width: number,
  extension: VariantExtension,
): string {
  return mediaFilePath(media, `${use}-${width}.${extension}`);
}

/** The 1200x630 JPEG for `og:image` and `twitter:image`. */
export function mediaOgPath(media: MediaAt): string {
  return mediaFilePath(media, `og-${OG_WIDTH}.jpg`);
}

/** A `srcset` listing the given widths of one use in one format. */
export function srcsetOf(
  media: MediaAt,
  use: VariantUse,
  widths: readonly number[],
  extension: VariantExtension,
): string {
  return widths
    .map((width) => `${mediaVariantPath(media, use, width, extension)} ${width}w`)
    .join(", ");
}

/**
 * A generated share card (1200x630 JPEG) for a page with no photograph: an article's card shows
 * its headline, a section's its name, the home page's the publication's name. `v` is a hash of
 * the words on the card and the card's design, so a new headline is a new address and every
 * address can be cached for a year; the API answers an old `v` with a redirect to the current.
 */
export type ShareCardTarget =
  | { kind: "article"; slug: string; title: string }
  | { kind: "section"; slug: string; title: string }
  | { kind: "home" };

/** Bump when the card's design changes, so every card gets a new address. */
export const SHARE_CARD_DESIGN = 1;

/** FNV-1a (32 bit) of the text, as 8 hex digits: a short, stable version for an address. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export function shareCardVersion(target: ShareCardTarget): string {
  const words = target.kind === "home" ? "" : target.title;
  return shortHash(`${SHARE_CARD_DESIGN}\n${target.kind}\n${words}`);
}

export function shareCardPath(target: ShareCardTarget): string {
  const file = target.kind === "home" ? "home.jpg" : `${target.kind}/${target.slug}.jpg`;
  return `/images/cards/${file}?v=${shareCardVersion(target)}`;
}
