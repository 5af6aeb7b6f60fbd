/**
 * The source files an entry reaches through relative imports (issue 13: readers never load
 * newsroom code). Fragments' tests read their `src` as text (Vite's `?raw` glob) and check that
 * the readers' `./fragment` entry never reaches `src/newsroom`; the walk is shared here so every
 * fragment with newsroom screens checks it the same way.
 */

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null; // a package: another team's or a library
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/** `src`-relative paths (`client/fragment-entry.tsx`) of every file `entry` reaches. */
export function reachableSources(sources: ReadonlyMap<string, string>, entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() ?? "";
    if (seen.has(file)) continue;
    seen.add(file);
    const text = sources.get(file);
    if (text === undefined) throw new Error(`cannot read ${file}`);
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(file, match[1] ?? "");
      if (target !== null && sources.has(target)) queue.push(target);
    }
  }
  return seen;
}

/** `/src/…` keys of a `?raw` glob as `src`-relative paths. */
export function sourcesFromGlob(raw: Readonly<Record<string, string>>): Map<string, string> {
  return new Map(Object.entries(raw).map(([key, text]) => [key.replace(/^\/src\//, ""), text]));
}
