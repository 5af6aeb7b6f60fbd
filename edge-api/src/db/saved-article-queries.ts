import { and, desc, eq } from "drizzle-orm";
import { isVisibleArticle, listColumns } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { articles } from "./schema.ts";
import { savedArticles } from "./account-schema.ts";
import type { ArticleListRow } from "./schema.ts";

export const MAX_SAVED_LISTED = 200;

export async function saveArticle(
  db: Database,
  userId: string,
  articleId: number,
  now: Date,
): Promise<void> {
  await db.insert(savedArticles).values({ userId, articleId, savedAt: now }).onConflictDoNothing();
}

export async function unsaveArticle(db: Database, userId: string, articleId: number) {
  await db
    .delete(savedArticles)
    .where(and(eq(savedArticles.userId, userId), eq(savedArticles.articleId, articleId)));
}

/** Newest saved first; an article that is no longer visible is left out. */
export function listSavedArticles(
  db: Database,
  userId: string,
  now: Date,
): Promise<ArticleListRow[]> {
  return db
    .select(listColumns)
    .from(savedArticles)
    .innerJoin(articles, eq(articles.id, savedArticles.articleId))
    .where(and(eq(savedArticles.userId, userId), isVisibleArticle(now)))
    .orderBy(desc(savedArticles.savedAt), desc(savedArticles.articleId))
    .limit(MAX_SAVED_LISTED);
}

export async function findArticleIdBySlug(db: Database, slug: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.slug, slug))
    .limit(1);
  return rows[0]?.id;
}
