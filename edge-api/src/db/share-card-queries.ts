import { and, eq, or, sql } from "drizzle-orm";
import { articleSlugHistory } from "./account-schema.ts";
import { isVisibleById } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { articles, sections } from "./schema.ts";

/**
 * The words on a published article's share card (its headline and its section's name) and its
 * current slug, found by its slug or one it had before (a renamed story's old card address
 * then moves to the new one, as its page does). One query: the slug's index OR the former
 * owner's primary key; the visibility test is by value (`isVisibleById`), so SQLite never walks
 * every visible article instead (share-card-queries.test.ts).
 */
export function articleCardWordsQuery(db: Database, slug: string, now: Date) {
  const formerOwner = sql`(SELECT ${articleSlugHistory.articleId} FROM ${articleSlugHistory} WHERE ${articleSlugHistory.slug} = ${slug})`;
  return db
    .select({ slug: articles.slug, headline: articles.headline, section: sections.name })
    .from(articles)
    .innerJoin(sections, eq(sections.id, articles.sectionId))
    .where(and(or(eq(articles.slug, slug), eq(articles.id, formerOwner)), isVisibleById(now)))
    .limit(1);
}

export async function findArticleCardWords(
  db: Database,
  slug: string,
  now: Date,
): Promise<{ slug: string; headline: string; section: string } | undefined> {
  return (await articleCardWordsQuery(db, slug, now))[0];
}
