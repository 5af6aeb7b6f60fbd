import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Database } from "./database.ts";
import { isVisibleArticle, listColumns, listVisibleArticlesByIds } from "./article-queries.ts";
import { articles } from "./schema.ts";
import type { ArticleListRow, ArticleRow } from "./schema.ts";

export const RELATED_COUNT = 4;

/** Newest visible articles of each of the article's tags that are weighed for relatedness. */
export const RELATED_CANDIDATES_PER_TAG = 50;

/**
 * Up to four visible articles related to `article`: those sharing the most tags first (newest
 * breaks ties) among the newest `RELATED_CANDIDATES_PER_TAG` of each of its tags, topped up
 * with the newest of its category. Returned newest first. Each tag's candidates come from its
 * `article_tags_tag_published_idx` walk, so the cost does not grow with the archive.
 */
export async function listRelatedArticles(
  db: Database,
  article: Pick<ArticleRow, "id" | "categoryId">,
  now: Date,
): Promise<ArticleListRow[]> {
  const ranked = await db.all<{ id: number }>(relatedByTagsSql(article.id, now));
  const rows = await listVisibleArticlesByIds(
    db,
    ranked.map((row) => row.id),
    now,
  );
  const rowsById = new Map(rows.map((row) => [row.id, row]));
  const byTags = ranked.flatMap((row) => rowsById.get(row.id) ?? []);
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

/** Ids of the best `RELATED_COUNT` by shared tags, newest first on ties (for its plan test). */
export function relatedByTagsSql(articleId: number, now: Date): SQL {
  return sql`
    SELECT t.article_id AS id
    FROM article_tags AS mine
    JOIN article_tags AS t ON t.rowid IN (
      SELECT c.rowid FROM article_tags AS c
      WHERE c.tag_id = mine.tag_id AND c.published_at <= ${now.getTime()} AND c.article_id <> ${articleId}
      ORDER BY c.published_at DESC, c.article_id DESC
      LIMIT ${RELATED_CANDIDATES_PER_TAG}
    )
    WHERE mine.article_id = ${articleId}
    GROUP BY t.article_id
    ORDER BY count(*) DESC, max(t.published_at) DESC, t.article_id DESC
    LIMIT ${RELATED_COUNT}
  `;
}
