import { createSeedRandom } from "../src/domain/seeded-random.ts";
import type { SeedRandom } from "../src/domain/seeded-random.ts";
import { seedTagNames } from "./seed-catalogue.ts";

/**
 * How the output of a real newsroom is spread: busy desks and quiet ones, a few tags on
 * every other story and a long tail of rare ones. Section shares follow `seedSections`' order;
 * tag popularity falls off as 1 / rank^0.9 over a fixed shuffle of the tags, so the most used
 * tag is on nearly half of the articles and the rarest on about one in a hundred.
 */
export const SECTION_WEIGHTS = [18, 14, 14, 12, 10, 12, 14, 6];
const TAG_POPULARITY_EXPONENT = 0.9;

/** Index picks with the given weights, as one cumulative table and a binary search. */
export function weightedIndex(weights: readonly number[]): (random: SeedRandom) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) cumulative.push((total += weight));
  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) > target) high = mid;
      else low = mid + 1;
    }
    return low;
  };
}

/** Tag ids by popularity: a shuffle of its own, so the order does not follow the catalogue. */
export function tagPicker(seed: number): (random: SeedRandom, count: number) => number[] {
  const ids = Array.from({ length: seedTagNames.length }, (_, i) => i + 1);
  const byRank = createSeedRandom(seed ^ 0x7a6).sample(ids, ids.length);
  const pickRank = weightedIndex(
    byRank.map((_, rank) => 1 / (rank + 1) ** TAG_POPULARITY_EXPONENT),
  );
  return (random, count) => {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(byRank[pickRank(random)] ?? 1);
    return [...chosen];
  };
}
