import { and, desc, eq, lt, or } from "drizzle-orm";
import { isVisibleArticle, listColumns } from "./article-queries.ts";
import type { Database } from "./database.ts";
import { articles } from "./schema.ts";
import { savedArticles } from "./account-schema.ts";
import type { ArticleListRow } from "./schema.ts";

/** `GET /api/account/saved` lists the newest 200; the export has them all. */
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

/**
 * Whether the account saved the visible article `slug`; undefined when there is no such
 * visible article. The shell asks on every signed-in article view, so it is one query: the
 * slug's unique index, then the saved row's primary key (`saved-article-queries.test.ts`).
 */
export function savedStateQuery(db: Database, userId: string, slug: string, now: Date) {
  return db
    .select({ savedAt: savedArticles.savedAt })
    .from(articles)
    .leftJoin(
      savedArticles,
      and(eq(savedArticles.articleId, articles.id), eq(savedArticles.userId, userId)),
    )
    .where(and(eq(articles.slug, slug), isVisibleArticle(now)))
    .limit(1);
}

export async function findSavedState(
  db: Database,
  userId: string,
  slug: string,
  now: Date,
): Promise<boolean | undefined> {
  const [row] = await savedStateQuery(db, userId, slug, now);
  return row === undefined ? undefined : row.savedAt !== null;
}

export type SavedArticleRow = ArticleListRow & { savedAt: Date };

/** Where a page of saved articles ends: the next page starts after it. */
export type SavedKey = Pick<SavedArticleRow, "savedAt" | "id">;

/**
 * A page of the account's visible saved articles with when each was saved, newest saved
 * first, after `after` (keyset on the `saved_articles_user_saved_idx` order, never OFFSET).
 */
export function listSavedArticlesPage(
  db: Database,
  userId: string,
  now: Date,
  limit: number,
  after?: SavedKey,
): Promise<SavedArticleRow[]> {
  const older = after
    ? or(
        lt(savedArticles.savedAt, after.savedAt),
        and(eq(savedArticles.savedAt, after.savedAt), lt(savedArticles.articleId, after.id)),
      )
    : undefined;
  return db
    .select({ ...listColumns, savedAt: savedArticles.savedAt })
    .from(savedArticles)
    .innerJoin(articles, eq(articles.id, savedArticles.articleId))
    .where(and(eq(savedArticles.userId, userId), isVisibleArticle(now), older))
    .orderBy(desc(savedArticles.savedAt), desc(savedArticles.articleId))
    .limit(limit);
}

export async function findArticleIdBySlug(db: Database, slug: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.slug, slug))
    .limit(1);
  return rows[0]?.id;
}
