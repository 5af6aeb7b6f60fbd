import type { SeedData, SeedOptions } from "./seed-data.ts";
import { generateSeed } from "./seed-generator.ts";

/** The whole seed in memory, for tests and small datasets. */
export function collectSeed(options: SeedOptions): SeedData {
  const data: SeedData = {
    sections: [],
    categories: [],
    images: [],
    media: [],
    authors: [],
    tags: [],
    articles: [],
    articleAuthors: [],
    articleTags: [],
    pages: [],
    printEditions: [],
    printPages: [],
    printPlacements: [],
    liveBlogs: [],
    liveUpdates: [],
  };
  generateSeed(options, {
    add: (table, row) => {
      (data[table] as unknown[]).push(row);
    },
  });
  return data;
}
