import type { ImageRef } from "edge-api/contract/content";
import { photoSrcsets, siteImageOf } from "shell/fragment-kit/images";
import type { ImageView, PictureView } from "../ui/content-views.ts";

/**
 * How wide each place shows its image (fragment.css), as `sizes`, so the browser picks the
 * smallest variant that fills it: on a 390 px phone at DPR 3 an article lead is about 334 CSS
 * px (1,002 device px, so the 1280 variant), on a desktop 800 px (the 960 at DPR 1).
 *
 * The page's column is the shell's main (at most 80rem, 1rem padding each side) less the
 * fragment's padding (3vw, between 0.75rem and 2rem): about `94vw - 2rem` on a phone or tablet,
 * and 74rem at most.
 */
const COLUMN = "calc(94vw - 2rem)";
export const IMAGE_SIZES = {
  /** `.c-figure--lead`: the column, at most 50rem. */
  articleLead: `(min-width: 56rem) 50rem, ${COLUMN}`,
  /** A body figure: the body's 65ch measure (at most about 45rem in the serif at 1.15rem). */
  body: `(min-width: 50rem) 45rem, ${COLUMN}`,
  /** The home lead card: from 60rem, the first of two columns (3fr of 5) beside its words. */
  homeLead: `(min-width: 82rem) 44rem, (min-width: 60rem) calc(56vw - 2rem), ${COLUMN}`,
  /** A section's or category's lead card: the whole column. */
  listingLead: `(min-width: 82rem) 74rem, ${COLUMN}`,
  /** `.c-author__portrait`. */
  authorPortrait: "8rem",
  /** `.c-index__portrait`. */
  indexPortrait: "4rem",
} as const;

export type ImagePlace = keyof typeof IMAGE_SIZES;

/**
 * An image for the place it is shown in: the kit's check (same-origin path, sane size), and for
 * a photograph its variants. An illustration stays one SVG.
 */
export function toImageViewAt(
  image: ImageRef | null | undefined,
  place: ImagePlace,
): ImageView | null {
  const view = siteImageOf(image);
  const srcsets = photoSrcsets(image);
  if (!view || !srcsets) return view;
  const picture: PictureView = { ...srcsets, sizes: IMAGE_SIZES[place] };
  return { ...view, picture };
}
