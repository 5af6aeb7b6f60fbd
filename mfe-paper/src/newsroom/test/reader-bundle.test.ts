/// <reference types="vite/client" />
import { reachableSources, sourcesFromGlob } from "shell/fragment-kit/import-walk";
import { describe, expect, it } from "vitest";

/**
 * Readers never load the print desk's code (issue 17): the reader remote's `./fragment` module
 * (`src/client/fragment-entry.tsx`), the readers' root and the Worker's reader routes must not
 * reach `src/newsroom` through any chain of imports. The shell's `./newsroom` loading and
 * `scripts/js-budget-newsroom.ts` (every remote's `./newsroom` expose) check the built side.
 */

const sources = sourcesFromGlob(
  import.meta.glob(["/src/**/*.ts", "/src/**/*.tsx", "!/src/**/*.test.ts", "!/src/**/*.test.tsx"], {
    query: "?raw",
    import: "default",
    eager: true,
  }) as Record<string, string>,
);

describe("the paper's reader bundle", () => {
  it("never imports src/newsroom", () => {
    for (const entry of ["client/fragment-entry.tsx", "ui/fragment-app.tsx"]) {
      const files = [...reachableSources(sources, entry)];
      expect(files.length).toBeGreaterThan(5);
      expect(files.filter((file) => file.startsWith("newsroom/"))).toEqual([]);
    }
  });

  it("is checked by a walk that does find the print desk from its own entry", () => {
    const files = reachableSources(sources, "client/newsroom-entry.tsx");
    expect(files.has("newsroom/ui/print-edition-page.tsx")).toBe(true);
  });
});
