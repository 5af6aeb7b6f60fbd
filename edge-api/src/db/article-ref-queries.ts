import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { PrintPlacementRef } from "../contract/article-contract.ts";
import { groupAuthorsByArticle, indexById } from "../domain/article-shaping.ts";
import type { CardRefs } from "../domain/article-shaping.ts";
import { printPageLabel } from "../domain/edition-shaping.ts";
import type { Database } from "./database.ts";
import { preparedOnce, runPrepared } from "./prepared-batch.ts";
import { isPublished, type ReaderWindowQuery } from "./edition-queries.ts";
import { media } from "./media-schema.ts";
import {
  articleAuthors,
  articleTags,
  authors,
  categories,
  images,
  printEditions,
  printPages,
  printPlacements,
  sections,
  tags,
} from "./schema.ts";
import type { ArticleListRow } from "./schema.ts";

/**
 * Library photographs by id (a query, for the caller's batch): the story desk's lookup of
 * what a story names and the cards' and article page's. By primary key; binds each id.
 */
export function photographsQuery(db: Database, ids: readonly string[]) {
  return db
    .select()
    .from(media)
    .where(inArray(media.id, ids.length > 0 ? [...ids] : [""]));
}

function unique(values: readonly number[]): number[] {
  return [...new Set(values)];
}

/**
 * Sections, categories, authors and lead images (illustrations and photographs) of a page of
 * articles: one round trip. `bodyPhotographs`: an article page's body photographs (issue 16),
 * looked up in the same query as the lead photographs.
 */
/** `name`'s JSON array of ids as a list for `IN (…)`, so a statement takes any number of them. */
function idsIn(name: string): SQL {
  return sql`(SELECT value FROM json_each(${sql.placeholder(name)}))`;
}

/** Where each of a page's card references comes from: a list of ids for `IN (…)`. */
export interface CardRefIds {
  sectionIds: SQLWrapper;
  categoryIds: SQLWrapper;
  articleIds: SQLWrapper;
  imageIds: SQLWrapper;
  mediaIds: SQLWrapper;
}

/**
 * The bylines of some articles: each author's slug and name with the article and their place
 * in its byline (a query, for the caller's batch; `groupAuthorsByArticle` reads its rows).
 */
export function bylinesQuery(db: Database, articleIds: SQLWrapper | number[]) {
  return db
    .select({
      articleId: articleAuthors.articleId,
      position: articleAuthors.position,
      slug: authors.slug,
      name: authors.name,
    })
    .from(articleAuthors)
    .innerJoin(authors, eq(authors.id, articleAuthors.authorId))
    .where(inArray(articleAuthors.articleId, articleIds));
}

/**
 * The cards' references (sections, categories, authors, lead images and photographs) of the
 * ids in `ids`, for the caller's batch; `toCardRefs` reads their rows.
 */
export function cardRefStatements(db: Database, ids: CardRefIds) {
  return [
    db.select().from(sections).where(inArray(sections.id, ids.sectionIds)),
    db.select().from(categories).where(inArray(categories.id, ids.categoryIds)),
    bylinesQuery(db, ids.articleIds),
    db.select().from(images).where(inArray(images.id, ids.imageIds)),
    db.select().from(media).where(inArray(media.id, ids.mediaIds)),
  ] as const;
}

/**
 * The statements of `loadCardRefs`, built once per isolate (`prepared-batch.ts`): the ids go in
 * as JSON arrays, so the SQL text is the same whatever the page.
 */
export const cardRefQueries = preparedOnce((db) => {
  const [sectionRows, categoryRows, authorRows, imageRows, mediaRows] = cardRefStatements(db, {
    sectionIds: idsIn("sectionIds"),
    categoryIds: idsIn("categoryIds"),
    articleIds: idsIn("articleIds"),
    imageIds: idsIn("imageIds"),
    mediaIds: idsIn("mediaIds"),
  });
  return [
    sectionRows.prepare(),
    categoryRows.prepare(),
    authorRows.prepare(),
    imageRows.prepare(),
    mediaRows.prepare(),
  ] as const;
});

type CardRefRows = Awaited<ReturnType<typeof runPrepared<ReturnType<typeof cardRefQueries>>>>;

/** The rows of `cardRefStatements` (or `cardRefQueries`) as the cards' lookups. */
export function toCardRefs([
  sectionRows,
  categoryRows,
  authorRows,
  imageRows,
  mediaRows,
]: CardRefRows): CardRefs {
  return {
    sections: indexById(sectionRows),
    categories: indexById(categoryRows),
    authorsByArticle: groupAuthorsByArticle(authorRows),
    images: indexById(imageRows),
    media: new Map(mediaRows.map((row) => [row.id, row])),
  };
}

export async function loadCardRefs(
  db: Database,
  rows: readonly ArticleListRow[],
  bodyPhotographs: readonly string[] = [],
): Promise<CardRefs> {
  if (rows.length === 0) {
    return {
      sections: new Map(),
      categories: new Map(),
      authorsByArticle: new Map(),
      images: new Map(),
      media: new Map(),
    };
  }
  const imageIds = rows.flatMap((row) => (row.leadImageId === null ? [] : [row.leadImageId]));
  const mediaIds = [
    ...new Set([
      ...rows.flatMap((row) => (row.leadMediaId === null ? [] : [row.leadMediaId])),
      ...bodyPhotographs,
    ]),
  ];
  const refRows = await runPrepared(db, cardRefQueries(db), {
    sectionIds: JSON.stringify(unique(rows.map((row) => row.sectionId))),
    categoryIds: JSON.stringify(unique(rows.map((row) => row.categoryId))),
    articleIds: JSON.stringify(unique(rows.map((row) => row.id))),
    imageIds: JSON.stringify(unique(imageIds)),
    mediaIds: JSON.stringify(mediaIds),
  });
  return toCardRefs(refRows);
}

/** The article's tags by name (a query, for the caller's batch). */
export function tagsOfArticleQuery(db: Database, articleId: number | SQL) {
  return db
    .select({ id: tags.id, slug: tags.slug, name: tags.name, description: tags.description })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, articleId))
    .orderBy(tags.name);
}

/**
 * Where the article last appeared in print, in an edition readers may see in `window` (published
 * and out: never a planned one, and one published "now" before its date; a query for the
 * caller's batch; `toPlacementRef` reads its rows).
 */
export function newestPlacementQuery(
  db: Database,
  articleId: number | SQL,
  window: ReaderWindowQuery,
) {
  return db
    .select({
      date: printEditions.date,
      book: printPages.book,
      bookName: printPages.bookName,
      number: printPages.number,
    })
    .from(printPlacements)
    .innerJoin(printPages, eq(printPages.id, printPlacements.pageId))
    .innerJoin(printEditions, eq(printEditions.id, printPages.editionId))
    .where(and(eq(printPlacements.articleId, articleId), isPublished(window)))
    .orderBy(desc(printEditions.date), printPages.book, printPages.number)
    .limit(1);
}

export function toPlacementRef(
  rows: readonly { date: string; book: string; bookName: string; number: number }[],
): PrintPlacementRef | null {
  const row = rows[0];
  return row
    ? { editionDate: row.date, page: printPageLabel(row.book, row.number), book: row.bookName }
    : null;
}
