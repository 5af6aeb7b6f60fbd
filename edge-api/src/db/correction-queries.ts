import { and, asc, desc, eq, lt, or } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import { isVisibleById, listColumns } from "./article-queries.ts";
import { articleCorrections } from "./account-schema.ts";
import type { Database } from "./database.ts";
import { articles } from "./schema.ts";

/** Readers' corrections: an article's notes, and every note on a visible article. */

/** The corrections of one article, oldest first (a query, for the caller's batch). */
export function correctionsOfArticleQuery(db: Database, articleId: number | SQL) {
  return db
    .select({ text: articleCorrections.text, createdAt: articleCorrections.createdAt })
    .from(articleCorrections)
    .where(eq(articleCorrections.articleId, articleId))
    .orderBy(asc(articleCorrections.createdAt), asc(articleCorrections.id));
}

/**
 * Corrections on visible articles, newest first, keyset-paginated on (created_at, id): walks
 * `article_corrections_created_idx` and checks each article's visibility by primary key.
 */
export function listVisibleCorrections(
  db: Database,
  now: Date,
  after: ArticleCursor | undefined,
  limit: number,
) {
  return db
    .select({
      id: articleCorrections.id,
      text: articleCorrections.text,
      createdAt: articleCorrections.createdAt,
      article: listColumns,
    })
    .from(articleCorrections)
    .innerJoin(articles, eq(articles.id, articleCorrections.articleId))
    .where(
      and(
        // By primary key per correction, so the corrections' own index drives the walk.
        isVisibleById(now),
        after === undefined
          ? undefined
          : or(
              lt(articleCorrections.createdAt, after.publishedAt),
              and(
                eq(articleCorrections.createdAt, after.publishedAt),
                lt(articleCorrections.id, after.id),
              ),
            ),
      ),
    )
    .orderBy(desc(articleCorrections.createdAt), desc(articleCorrections.id))
    .limit(limit);
}
