import { asc, desc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { articleAuthors, articleTags, authors, images, tags } from "./schema.ts";

/**
 * The authors' and tags' indexes (issue 15): each is one query that counts visible articles
 * per author or tag from the link table's own listing key. That key is the article's
 * `published_at` while it is published and null otherwise (kept by migration 0006's
 * triggers), so `published_at <= now` is the visibility rule without reading `articles`, and
 * the count walks the link table's covering index in author or tag order
 * (`listing-query-plans.test.ts`). Only authors and tags with a visible article are listed.
 */
function visibleArticleCounts(db: Database, now: Date, link: "authors" | "tags") {
  const [table, key] =
    link === "authors"
      ? [articleAuthors, articleAuthors.authorId]
      : [articleTags, articleTags.tagId];
  return db
    .select({
      ownerId: sql<number>`${key}`.as("owner_id"),
      articleCount: sql<number>`count(*)`.as("article_count"),
    })
    .from(table)
    .where(lte(table.publishedAt, now))
    .groupBy(key)
    .as("counts");
}

/** Authors with a visible article, by name, with their portrait image (null: none of their own). */
export function listAuthorsWithArticles(db: Database, now: Date) {
  const counts = visibleArticleCounts(db, now, "authors");
  return db
    .select({ author: authors, articleCount: counts.articleCount, portrait: images })
    .from(counts)
    .innerJoin(authors, eq(authors.id, counts.ownerId))
    .leftJoin(images, eq(images.id, authors.portraitImageId))
    .orderBy(asc(authors.name), asc(authors.slug));
}

/** Tags with a visible article, most used first, then by name. */
export function listTagsWithArticles(db: Database, now: Date) {
  const counts = visibleArticleCounts(db, now, "tags");
  return db
    .select({ tag: tags, articleCount: counts.articleCount })
    .from(counts)
    .innerJoin(tags, eq(tags.id, counts.ownerId))
    .orderBy(desc(counts.articleCount), asc(tags.name), asc(tags.slug));
}
