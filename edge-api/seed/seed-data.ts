import type {
  articleAuthors,
  articles,
  articleTags,
  authors,
  categories,
  images,
  pages,
  printEditions,
  printPages,
  printPlacements,
  sections,
  tags,
} from "../src/db/schema.ts";
import type { liveBlogs, liveUpdates } from "../src/db/live-schema.ts";
import type { media } from "../src/db/media-schema.ts";

/** Rows to insert, keyed by table; each row type comes from the schema, not by hand. */
export interface SeedData {
  sections: (typeof sections.$inferInsert)[];
  categories: (typeof categories.$inferInsert)[];
  images: (typeof images.$inferInsert)[];
  media: (typeof media.$inferInsert)[];
  authors: (typeof authors.$inferInsert)[];
  tags: (typeof tags.$inferInsert)[];
  articles: (typeof articles.$inferInsert)[];
  articleAuthors: (typeof articleAuthors.$inferInsert)[];
  articleTags: (typeof articleTags.$inferInsert)[];
  pages: (typeof pages.$inferInsert)[];
  printEditions: (typeof printEditions.$inferInsert)[];
  printPages: (typeof printPages.$inferInsert)[];
  printPlacements: (typeof printPlacements.$inferInsert)[];
  liveBlogs: (typeof liveBlogs.$inferInsert)[];
  liveUpdates: (typeof liveUpdates.$inferInsert)[];
}

export type SeedTable = keyof SeedData;
export type SeedRow<Table extends SeedTable> = SeedData[Table][number];

/**
 * Where generated rows go, one at a time and in foreign-key order (an image before the
 * article that shows it). The SQL writer streams them to files; tests collect them.
 */
export interface SeedSink {
  add<Table extends SeedTable>(table: Table, row: SeedRow<Table>): void;
}

export interface SeedOptions {
  /** The publication date (`YYYY-MM-DD`) the seed is generated for; dates are relative to it. */
  today: string;
  /** Published articles to write (the default is the demo size). */
  articles?: number;
  /** PRNG seed: same seed, date and size give byte-identical output. */
  seed?: number;
  timeZone?: string;
  /** Local hour editions go to press (default 5, as edge-api's `EDITION_PUBLISH_HOUR`). */
  publishHour?: number;
  /**
   * The demo photographs' sizes in bytes by id, from the generated files
   * (`scripts/generate-seed-photos.ts`); without them (tests that write no files) a typical
   * photograph's size stands in.
   */
  photoBytes?: ReadonlyMap<string, number>;
}
