import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Database } from "./database.ts";
import { isVisibleArticle, isVisibleById, listColumns } from "./article-queries.ts";
import { articles } from "./schema.ts";
import { momentValue, type QueryMoment } from "./prepared-batch.ts";
import type { ArticleListRow } from "./schema.ts";

export const RELATED_COUNT = 4;

/** Newest visible articles of each of the article's tags that are weighed for relatedness. */
export const RELATED_CANDIDATES_PER_TAG = 50;

/**
 * The two queries behind an article's related articles, for the caller's batch: the best
 * `RELATED_COUNT` by shared tags among the newest `RELATED_CANDIDATES_PER_TAG` of each of its tags
 * (each tag's candidates come from its `article_tags_tag_published_idx` walk, so the cost does
 * not grow with the archive), and the newest of its category to top up with. `pickRelated`
 * reads their rows.
 */
export function relatedQueries(
  db: Database,
  article: { id: number | SQL; categoryId: number | SQL },
  now: QueryMoment,
) {
  const byTags = db
    .select(listColumns)
    .from(articles)
    .where(and(sql`${articles.id} IN (${relatedByTagsSql(article.id, now)})`, isVisibleById(now)));
  // Enough to top up with even when every article related by tags is among them.
  const newestOfCategory = db
    .select(listColumns)
    .from(articles)
    .where(
      and(
        eq(articles.categoryId, article.categoryId),
        ne(articles.id, article.id),
        isVisibleArticle(now),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(2 * RELATED_COUNT);
  return [byTags, newestOfCategory] as const;
}

/**
 * Up to four related articles from the rows of `relatedQueries`: those sharing the most tags,
 * topped up with the newest of the category. Returned newest first.
 */
export function pickRelated(
  byTags: readonly ArticleListRow[],
  newestOfCategory: readonly ArticleListRow[],
): ArticleListRow[] {
  const taken = new Set(byTags.map((row) => row.id));
  const fill = newestOfCategory
    .filter((row) => !taken.has(row.id))
    .slice(0, Math.max(0, RELATED_COUNT - byTags.length));
  return [...byTags, ...fill].sort(
    (a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id,
  );
}

/** Ids of the best `RELATED_COUNT` by shared tags, newest first on ties (for its plan test). */
export function relatedByTagsSql(articleId: number | SQL, now: QueryMoment): SQL {
  return sql`
    SELECT t.article_id AS id
    FROM article_tags AS mine
    JOIN article_tags AS t ON t.rowid IN (
      SELECT c.rowid FROM article_tags AS c
      WHERE c.tag_id = mine.tag_id AND c.published_at <= ${momentValue(now)} AND c.article_id <> ${articleId}
      ORDER BY c.published_at DESC, c.article_id DESC
      LIMIT ${RELATED_CANDIDATES_PER_TAG}
    )
    WHERE mine.article_id = ${articleId}
    GROUP BY t.article_id
    ORDER BY count(*) DESC, max(t.published_at) DESC, t.article_id DESC
    LIMIT ${RELATED_COUNT}
  `;
}
