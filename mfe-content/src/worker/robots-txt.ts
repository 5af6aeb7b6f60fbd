import { hrefFor, urlFor } from "shell/contract/addresses";

/**
 * Pages no crawler should index: search results, account pages, the newsroom and the shell's
 * internals.
 */
export const DISALLOWED_PATHS = [
  hrefFor("content.search"),
  hrefFor("account.login"),
  hrefFor("account.sign-up"),
  hrefFor("account.profile"),
  hrefFor("account.forgot-password"),
  hrefFor("account.reset-password"),
  // Every newsroom address (`/newsroom`, `/newsroom/…`): staff only, never indexed.
  hrefFor("content.newsroom"),
  // The shell's own prefix: not an address of the route table, so it is written here.
  "/_edge/",
] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${urlFor(origin, "content.sitemap-index")}`,
    "",
  ].join("\n");
}
