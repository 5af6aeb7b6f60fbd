/// <reference types="vite/client" />
import { reachableSources, sourcesFromGlob } from "shell/fragment-kit/import-walk";
import { describe, expect, it } from "vitest";

/**
 * Readers never load newsroom code (issue 13): the reader remote's `./fragment` module
 * (`src/client/fragment-entry.tsx`) and the reader's root must not reach `src/newsroom` through
 * any chain of imports. Sources are read through Vite's raw imports and walked by the kit.
 */

const sources = sourcesFromGlob(
  import.meta.glob(["/src/**/*.ts", "/src/**/*.tsx", "!/src/**/*.test.ts"], {
    query: "?raw",
    import: "default",
    eager: true,
  }) as Record<string, string>,
);

/** Every `src` file `entry` reaches through relative imports. */
const reachable = (entry: string) => reachableSources(sources, entry);

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
