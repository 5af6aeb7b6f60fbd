/**
 * Words that can never be a section slug, because the edge routes them elsewhere:
 * the shell's static routes, API and asset prefixes, and files at the site root.
 * The shell's tests check that every static route of its table is listed here.
 */
export const reservedSectionSlugs: readonly string[] = [
  "login",
  "sign-up",
  "forgot-password",
  "reset-password",
  "profile",
  "logout",
  "verify-email",
  "confirm-email",
  "todays-paper",
  "authors",
  "pages",
  "tags",
  "search",
  "feeds",
  "images",
  "sitemaps",
  "api",
  "_mf",
  "_shell",
  "_edge",
  "_fragment",
  "_dev",
  "favicon.ico",
  "robots.txt",
  "sitemap.xml",
];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

export type SectionSlugProblem = "reserved" | "malformed";

export function checkSectionSlug(slug: string): SectionSlugProblem | null {
  if (slug.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(slug)) return "malformed";
  if (reservedSectionSlugs.includes(slug)) return "reserved";
  return null;
}
