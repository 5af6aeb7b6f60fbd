/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

/**
 * The browser's reader bundle carries no copy of the site's route table (issue 15): every
 * address a reader page links to is built on the server with `hrefFor` and handed over in the
 * view props. Importing `shell/contract/addresses` in `src/ui` or `src/client` put the whole
 * table (about 3.6 KB raw, 0.9 KB of the article page's 120 KB gzip budget) into the remote.
 */
const sources = import.meta.glob(
  ["/src/ui/**/*.ts", "/src/ui/**/*.tsx", "/src/client/**/*.tsx", "!/src/**/*.test.ts"],
  { query: "?raw", import: "default", eager: true },
) as Record<string, string>;

describe("the reader bundle's addresses", () => {
  it("come from the view props, never from shell/contract/addresses", () => {
    const files = Object.keys(sources);
    expect(files).toContain("/src/ui/article-page.tsx");
    const importing = files.filter((file) =>
      /from\s*["']shell\/contract\/addresses["']/.test(sources[file] ?? ""),
    );
    expect(importing).toEqual([]);
  });
});
