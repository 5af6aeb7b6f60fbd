import { sitemapPaths } from "./sitemap-xml.ts";

/** Pages no crawler should index: search results, account pages and the shell's internals. */
export const DISALLOWED_PATHS = [
  "/search",
  "/login",
  "/sign-up",
  "/profile",
  "/forgot-password",
  "/reset-password",
  "/_edge/",
] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL(sitemapPaths.index, origin).href}`,
    "",
  ].join("\n");
}
