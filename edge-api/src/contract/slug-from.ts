/**
 * A slug proposed from a headline or a name: "Ports reopen after the storm" ->
 * "ports-reopen-after-the-storm" (lower-case letters, digits, single hyphens; at most `max`
 * characters, cut at a hyphen where it can be). The editor proposes it as the headline is typed
 * while the story has never been published; the server does the same for an empty slug, and
 * imports make their slugs with it. Plain code without zod: the newsroom's browser code uses it.
 */
export function slugFrom(text: string, max = 120): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > max / 3 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}
