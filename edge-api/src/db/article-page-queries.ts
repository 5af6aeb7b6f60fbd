import { sql } from "drizzle-orm";
import { ARTICLE_LIVE_UPDATES } from "../contract/live-contract.ts";
import { newestPublishedDate, type EditionSchedule } from "../domain/edition-schedule.ts";
import { articleAtSlugQueries, articleIdAtSlug } from "./article-queries.ts";
import { newestPlacementQuery, tagsOfArticleQuery } from "./article-ref-queries.ts";
import { correctionsOfArticleQuery } from "./correction-queries.ts";
import { liveBlogQuery, liveUpdatesQuery } from "./live-queries.ts";
import { NOW_MS, preparedOnce } from "./prepared-batch.ts";
import { relatedQueries } from "./related-queries.ts";
import { articles } from "./schema.ts";

const SLUG = sql.placeholder("slug");
const NEWEST_DATE = sql.placeholder("newestDate");

/**
 * Every statement of an article page but its cards' references, built once per isolate and
 * starting from the slug (`articleIdAtSlug`), so they go to D1 in one batch: the article (at its
 * slug or a former one), its tags, print placement, corrections, live blog and newest updates,
 * and the candidates for its related articles. Filled per request with `slug`, `nowMs` and
 * `newestDate`.
 */
export const articlePageQueries = preparedOnce((db) => {
  const id = articleIdAtSlug(SLUG);
  const categoryId = sql`(SELECT ${articles.categoryId} FROM ${articles} WHERE ${articles.id} = ${id})`;
  const [current, old] = articleAtSlugQueries(db, SLUG);
  const [byTags, newestOfCategory] = relatedQueries(db, { id, categoryId }, NOW_MS);
  return [
    current.prepare(),
    old.prepare(),
    tagsOfArticleQuery(db, id).prepare(),
    newestPlacementQuery(db, id, { now: NOW_MS, newestDate: NEWEST_DATE }).prepare(),
    correctionsOfArticleQuery(db, id).prepare(),
    liveBlogQuery(db, id).prepare(),
    liveUpdatesQuery(db, id, { limit: ARTICLE_LIVE_UPDATES }).prepare(),
    byTags.prepare(),
    newestOfCategory.prepare(),
  ] as const;
});

/** The values of `articlePageQueries`' placeholders for one request. */
export function articlePageValues(slug: string, now: Date, schedule: EditionSchedule) {
  return { slug, nowMs: now.getTime(), newestDate: newestPublishedDate(now, schedule) };
}
