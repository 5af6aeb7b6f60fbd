import { and, eq } from "drizzle-orm";
import { isVisibleArticle } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { articles, sections } from "./schema.ts";

/** The words on a published article's share card: its headline and its section's name. */
export async function findArticleCardWords(
  db: Database,
  slug: string,
  now: Date,
): Promise<{ headline: string; section: string } | undefined> {
  const rows = await db
    .select({ headline: articles.headline, section: sections.name })
    .from(articles)
    .innerJoin(sections, eq(sections.id, articles.sectionId))
    .where(and(eq(articles.slug, slug), isVisibleArticle(now)))
    .limit(1);
  return rows[0];
}
