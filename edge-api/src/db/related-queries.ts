import { and, desc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { isVisibleArticle, listColumns } from "./article-queries.ts";
import { articles, articleTags } from "./schema.ts";
import type { ArticleListRow, ArticleRow } from "./schema.ts";

export const RELATED_COUNT = 4;

/**
 * Up to four visible articles related to `article`: those sharing the most tags first (newest
 * breaks ties), topped up with the newest of its category. Returned newest first.
 */
export async function listRelatedArticles(
  db: Database,
  article: Pick<ArticleRow, "id" | "categoryId">,
  now: Date,
): Promise<ArticleListRow[]> {
  const shared = sql<number>`count(*)`;
  const byTags = await db
    .select(listColumns)
    .from(articleTags)
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .where(
      and(
        inArray(
          articleTags.tagId,
          db
            .select({ id: articleTags.tagId })
            .from(articleTags)
            .where(eq(articleTags.articleId, article.id)),
        ),
        ne(articleTags.articleId, article.id),
        isVisibleArticle(now),
      ),
    )
    .groupBy(articles.id)
    .orderBy(desc(shared), desc(articles.publishedAt), desc(articles.id))
    .limit(RELATED_COUNT);
  let related = byTags;
  if (related.length < RELATED_COUNT) {
    const fill = await db
      .select(listColumns)
      .from(articles)
      .where(
        and(
          eq(articles.categoryId, article.categoryId),
          notInArray(articles.id, [article.id, ...related.map((row) => row.id)]),
          isVisibleArticle(now),
        ),
      )
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(RELATED_COUNT - related.length);
    related = [...related, ...fill];
  }
  return related.sort(
    (a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id,
  );
}
