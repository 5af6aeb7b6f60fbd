import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { FRONT_PAGE_PER_SECTION, FRONT_PAGE_TOP_SLOTS } from "../contract/front-page-contract.ts";
import {
  listNewestPerSection,
  listVisibleArticles,
  listVisibleArticlesByIds,
  newestPerSectionIds,
} from "./article-queries.ts";
import { cardRefStatements } from "./article-ref-queries.ts";
import type { Database } from "./database.ts";
import { frontPage } from "./front-page-schema.ts";
import { frontPageQuery } from "./front-page-queries.ts";
import { NOW_MS, preparedOnce } from "./prepared-batch.ts";
import { articles, categories, sections } from "./schema.ts";
import { listSectionsQuery } from "./taxonomy-queries.ts";

/** How many of the newest stories `latest` lists after the lead and the top slots. */
export const HOME_LATEST_COUNT = 8;

/**
 * Every id the stored curation names, wherever it stands in its JSON (a superset of what
 * `curatedIds` reads from it: the route looks its rows up by the ids the curation really
 * places); none when it is not JSON, which the page reads as automatic.
 */
const curationIds = sql`(SELECT value FROM ${frontPage}, json_tree(CASE WHEN json_valid(${frontPage.curation}) THEN ${frontPage.curation} ELSE 'null' END) WHERE ${frontPage.id} = 1 AND type IN ('integer', 'real'))`;

/**
 * The front page in ONE D1 round trip (issue 19), built once per isolate and filled with the
 * request's `nowMs`: the curation's row, the newest stories, each section's newest, the
 * sections, the curated stories readers may see (their ids read from the curation in SQL, not
 * from an earlier round trip), and the cards' references of every story that may be shown (the
 * candidates' ids from the same listings again: a few dozen microseconds in SQLite against
 * about 0.6 ms of CPU for the round trip it saves). The references cover a few stories more than
 * the page shows; the cards look theirs up by id.
 */
export const homePageQueries = preparedOnce((db: Database) => {
  const newest = listVisibleArticles(db, {
    now: NOW_MS,
    filter: { kind: "all" },
    limit: 1 + FRONT_PAGE_TOP_SLOTS + HOME_LATEST_COUNT,
  });
  const perSection = listNewestPerSection(db, NOW_MS, FRONT_PAGE_PER_SECTION);
  const curated = listVisibleArticlesByIds(db, curationIds, NOW_MS);
  const newestIds = newest.as("newest");
  const perSectionIds = newestPerSectionIds(db, NOW_MS, FRONT_PAGE_PER_SECTION).as("per_section");
  const candidateIds = sql`SELECT ${newestIds.id} FROM ${newestIds} UNION ALL SELECT ${perSectionIds.id} FROM ${perSectionIds} UNION ALL SELECT value FROM ${curationIds}`;
  const ofCandidates = (column: SQLiteColumn) =>
    db
      .select({ value: column })
      .from(articles)
      .where(sql`${articles.id} IN (${candidateIds})`);
  // The sections' references are `listSectionsQuery`'s rows (every section is on the page): its
  // statement is not sent. Every category (a publication has a few dozen) costs less than
  // finding the candidates' again.
  const [, categoryRows, authorRows, imageRows, mediaRows] = cardRefStatements(db, {
    sectionIds: db.select({ id: sections.id }).from(sections),
    categoryIds: db.select({ id: categories.id }).from(categories),
    articleIds: sql`(${candidateIds})`,
    imageIds: ofCandidates(articles.leadImageId),
    mediaIds: ofCandidates(articles.leadMediaId),
  });
  return [
    frontPageQuery(db).prepare(),
    newest.prepare(),
    perSection.prepare(),
    listSectionsQuery(db).prepare(),
    curated.prepare(),
    categoryRows.prepare(),
    authorRows.prepare(),
    imageRows.prepare(),
    mediaRows.prepare(),
  ] as const;
});
