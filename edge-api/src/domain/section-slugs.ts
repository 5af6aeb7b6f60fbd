import siteRoutes from "../contract/site-routes.generated.json" with { type: "json" };

/**
 * Which words can be a section slug. A section is the first segment of its pages' addresses,
 * so it can never be a word the edge routes elsewhere: a static route of the shell's route
 * table, an API or asset prefix, a file at the site root. That list is derived from the
 * shell's table (`npm run generate:site-routes` writes `site-routes.generated.json`, CI checks
 * it is current), so a new top-level route needs no migration here (decision 0011).
 */
export const reservedSectionSlugs: ReadonlySet<string> = new Set(siteRoutes.reservedSectionSlugs);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

export type SectionSlugProblem = "reserved" | "malformed";

export function checkSectionSlug(
  slug: string,
  reserved: ReadonlySet<string> = reservedSectionSlugs,
): SectionSlugProblem | null {
  if (slug.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(slug)) return "malformed";
  if (reserved.has(slug)) return "reserved";
  return null;
}
