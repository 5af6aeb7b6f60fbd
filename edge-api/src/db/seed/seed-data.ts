import type {
  articleAuthors,
  articles,
  articleTags,
  authors,
  categories,
  pages,
  printEditions,
  printPages,
  printPlacements,
  sections,
  tags,
} from "../schema.ts";

/** Rows to insert, keyed by table; each row type comes from the schema, not by hand. */
export interface SeedData {
  sections: (typeof sections.$inferInsert)[];
  categories: (typeof categories.$inferInsert)[];
  authors: (typeof authors.$inferInsert)[];
  tags: (typeof tags.$inferInsert)[];
  articles: (typeof articles.$inferInsert)[];
  articleAuthors: (typeof articleAuthors.$inferInsert)[];
  articleTags: (typeof articleTags.$inferInsert)[];
  pages: (typeof pages.$inferInsert)[];
  printEditions: (typeof printEditions.$inferInsert)[];
  printPages: (typeof printPages.$inferInsert)[];
  printPlacements: (typeof printPlacements.$inferInsert)[];
}

export interface SeedOptions {
  /** The moment the seed is generated for; every date is relative to it. */
  now: Date;
  /** PRNG seed: same seed and same `now` give byte-identical output. */
  seed?: number;
  timeZone?: string;
}
