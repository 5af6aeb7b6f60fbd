/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * Readers never load newsroom code (issue 13): the reader remote's `./fragment` module
 * (`src/client/fragment-entry.tsx`) and the reader's root must not reach `src/newsroom` through
 * any chain of imports. Sources are read through Vite's raw imports and walked here.
 */

const raw = import.meta.glob(["/src/**/*.ts", "/src/**/*.tsx", "!/src/**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** `src`-relative path -> source text. */
const sources = new Map(
  Object.entries(raw).map(([key, text]) => [key.replace(/^\/src\//, ""), text]),
);

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

/** Every `src` file `entry` reaches through relative imports. */
function reachable(entry: string): Set<string> {
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

describe("the reader bundle", () => {
  it("never imports src/newsroom", () => {
    for (const entry of ["client/fragment-entry.tsx", "ui/fragment-app.tsx"]) {
      const files = [...reachable(entry)];
      expect(files.length).toBeGreaterThan(5);
      expect(files.filter((file) => file.startsWith("newsroom/"))).toEqual([]);
    }
  });

  it("is checked by a walk that does find the newsroom from its own entry", () => {
    const files = reachable("client/newsroom-entry.tsx");
    expect(files.has("newsroom/ui/story-editor-page.tsx")).toBe(true);
    expect(files.has("ui/article-page.tsx")).toBe(true);
  });
});
