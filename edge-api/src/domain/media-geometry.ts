import {
  CROP_ASPECTS,
  OG_HEIGHT,
  OG_WIDTH,
  VARIANT_WIDTHS,
  type CropUse,
  type FocalPoint,
  type MediaRect,
  type VariantUse,
} from "../contract/media-contract.ts";

/**
 * The rectangles a photograph's uses show, and how a variant is cut from them. All in the
 * photograph's displayed pixels (after its EXIF orientation).
 */

export interface ImageSize {
  width: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The largest rectangle of `aspect` (width : height) inside the image, centred on the focal
 * point as far as the image's edges allow.
 */
export function focalRect(
  image: ImageSize,
  [aspectWidth, aspectHeight]: readonly [number, number],
  focal: FocalPoint,
): MediaRect {
  const aspect = aspectWidth / aspectHeight;
  const wider = image.width / image.height > aspect;
  const width = wider ? Math.max(1, Math.round(image.height * aspect)) : image.width;
  const height = wider ? image.height : Math.max(1, Math.round(image.width / aspect));
  return {
    x: clamp(Math.round(focal.x * image.width - width / 2), 0, image.width - width),
    y: clamp(Math.round(focal.y * image.height - height / 2), 0, image.height - height),
    width,
    height,
  };
}

/** Why a crop cannot be used for `use`, or null when it can. */
export function cropProblem(crop: MediaRect, use: CropUse, image: ImageSize): string | null {
  if (crop.x + crop.width > image.width || crop.y + crop.height > image.height) {
    return `The ${use} crop (${crop.width} × ${crop.height} at ${crop.x}, ${crop.y}) goes outside the photograph, which is ${image.width} × ${image.height} pixels.`;
  }
  const [aspectWidth, aspectHeight] = CROP_ASPECTS[use];
  // One pixel of rounding either way: a 16:9 crop of an odd width cannot be exact.
  if (Math.abs(crop.height - (crop.width * aspectHeight) / aspectWidth) > 1) {
    return `The ${use} crop must be ${aspectWidth}:${aspectHeight}; ${crop.width} × ${crop.height} is not.`;
  }
  return null;
}

/** What a use shows: the whole photograph, its crop, or the focal rectangle of its aspect. */
export function rectForUse(
  use: VariantUse | "og",
  image: ImageSize,
  focal: FocalPoint,
  crops: Record<CropUse, MediaRect | null>,
): MediaRect {
  if (use === "full") return { x: 0, y: 0, width: image.width, height: image.height };
  if (use === "og") return focalRect(image, [OG_WIDTH, OG_HEIGHT], focal);
  return crops[use] ?? focalRect(image, CROP_ASPECTS[use], focal);
}

/** The variant widths offered for a rectangle: never wider than it (at least the smallest). */
export function widthsFor(rect: MediaRect): number[] {
  const fitting = VARIANT_WIDTHS.filter((width) => width <= rect.width);
  return fitting.length > 0 ? fitting : [VARIANT_WIDTHS[0]];
}

/** The size a variant is made at: the requested width, never enlarging the rectangle. */
export function outputSize(rect: MediaRect, requestedWidth: number): ImageSize {
  const width = Math.min(requestedWidth, rect.width);
  return { width, height: Math.max(1, Math.round((rect.height * width) / rect.width)) };
}

export type Gravity = "left" | "right" | "top" | "bottom";

/** One call of the Images binding: fit `cover` into this box, keeping the `gravity` side. */
export interface CoverStep {
  width: number;
  height: number;
  gravity: Gravity | "center";
}

/**
 * How to cut `rect` out of the image and scale it to `output` with only `fit: "cover"` and a
 * side gravity, which Cloudflare Images and Miniflare's local binding both do the same way
 * (the local binding ignores `trim` and a gravity point, decision 0022). Each step trims one
 * side at scale 1 (a cover box as high as the image and narrower keeps the gravity side
 * without resizing); the last trim also scales, since covering `output` from a box only wider
 * than the rectangle (or only higher) scales by the rectangle's height (width) and cuts the
 * rest from the far side. No trim at all is one plain resize.
 */
export function coverSteps(image: ImageSize, rect: MediaRect, output: ImageSize): CoverStep[] {
  let width = image.width;
  let height = image.height;
  const steps: CoverStep[] = [];
  const trim = (next: ImageSize, gravity: Gravity) => {
    width = next.width;
    height = next.height;
    steps.push({ ...next, gravity });
  };
  if (rect.x > 0) trim({ width: width - rect.x, height }, "right");
  if (rect.x + rect.width < image.width) trim({ width: rect.width, height }, "left");
  if (rect.y > 0) trim({ width, height: height - rect.y }, "bottom");
  if (rect.y + rect.height < image.height) trim({ width, height: rect.height }, "top");
  const last = steps.pop();
  return [...steps, { ...output, gravity: last?.gravity ?? "center" }];
}
