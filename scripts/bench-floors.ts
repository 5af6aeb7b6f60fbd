/**
 * Body floors of `npm run bench`: Workers that only answer a body of N KB, the most a cached
 * page of that size could do on this runtime. Each cached page is held against the floor whose
 * size is nearest its own; a page with none within `FLOOR_TOLERANCE` gets a floor of its size.
 */

/** The floors the stack always has: about an article page and about the home page. */
export const STANDING_FLOOR_KB = [28, 55] as const;

/** How far (as a share of the page's size) a floor may be from a page and still be its floor. */
export const FLOOR_TOLERANCE = 0.2;

/** A page's body size in KB (1,000 bytes, as the floors count), at least 1. */
export function kilobytes(bytes: number): number {
  return Math.max(1, Math.round(bytes / 1000));
}

/** The floor (in KB) nearest `kb`, by difference relative to the page; undefined when none. */
export function nearestFloor(kb: number, floors: readonly number[]): number | undefined {
  let best: number | undefined;
  for (const floor of floors) {
    if (best === undefined || Math.abs(floor - kb) < Math.abs(best - kb)) best = floor;
  }
  return best;
}

/**
 * The floors to measure for pages of these sizes: the standing ones, and one of a page's own
 * size for each page with no floor within the tolerance (smallest pages first, so a new floor
 * also serves the slightly larger pages near it). Sorted, without repeats.
 */
export function floorsFor(
  pageKbs: readonly number[],
  standing: readonly number[] = STANDING_FLOOR_KB,
): number[] {
  const floors = [...standing];
  for (const kb of [...pageKbs].sort((a, b) => a - b)) {
    const near = nearestFloor(kb, floors);
    if (near === undefined || Math.abs(near - kb) > FLOOR_TOLERANCE * kb) floors.push(kb);
  }
  return [...new Set(floors)].sort((a, b) => a - b);
}

/** The target name of the body floor of `kb` KB. */
export function floorName(kb: number): string {
  return `floor: ${kb} KB body`;
}
