import {
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from "drizzle-orm";
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { StoryStatus } from "../contract/newsroom-contract.ts";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import type { StoryListRow, StoryParts } from "../domain/story-fields.ts";
import { bylinesQuery } from "./article-ref-queries.ts";
import type { Database } from "./database.ts";
import { containsText } from "./text-contains.ts";
import { media } from "./media-schema.ts";
import {
  articleCorrections,
  articleRevisions,
  articleSlugHistory,
  storyPreviews,
  users,
} from "./account-schema.ts";
import {
  articleAuthors,
  articles,
  articleTags,
  authors,
  categories,
  images,
  sections,
  tags,
} from "./schema.ts";
import type { ArticleRow } from "./schema.ts";

/**
 * What the story desk reads: a story with everything its fields refer to, the desk's list,
 * revisions, and who people are. Writes are in `story-write-queries.ts`.
 */

export async function findStoryRow(db: Database, id: number): Promise<ArticleRow | undefined> {
  const rows = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return rows[0];
}

/** Everything a story's fields and answer refer to, in one round trip. */
export async function loadStoryParts(db: Database, row: ArticleRow): Promise<StoryParts> {
  const [section, category, byline, tagged, image, leadMedia, corrections, revision] =
    await db.batch([
      db.select().from(sections).where(eq(sections.id, row.sectionId)),
      db.select().from(categories).where(eq(categories.id, row.categoryId)),
      db
        .select({ slug: authors.slug, name: authors.name })
        .from(articleAuthors)
        .innerJoin(authors, eq(authors.id, articleAuthors.authorId))
        .where(eq(articleAuthors.articleId, row.id))
        .orderBy(asc(articleAuthors.position), asc(authors.id)),
      db
        .select({ slug: tags.slug })
        .from(articleTags)
        .innerJoin(tags, eq(tags.id, articleTags.tagId))
        .where(eq(articleTags.articleId, row.id))
        .orderBy(asc(tags.name)),
      db
        .select()
        .from(images)
        .where(eq(images.id, row.leadImageId ?? 0)),
      db
        .select()
        .from(media)
        .where(eq(media.id, row.leadMediaId ?? "")),
      db
        .select()
        .from(articleCorrections)
        .where(eq(articleCorrections.articleId, row.id))
        .orderBy(asc(articleCorrections.createdAt), asc(articleCorrections.id)),
      db
        .select({ number: articleRevisions.number })
        .from(articleRevisions)
        .where(eq(articleRevisions.id, row.currentRevisionId ?? 0)),
    ]);
  const people = await personNames(db, [
    row.createdBy,
    row.updatedBy,
    ...corrections.map((correction) => correction.createdBy),
  ]);
  return {
    section: section[0],
    category: category[0],
    authors: byline,
    tags: tagged.map((tag) => tag.slug),
    image: image[0] ?? null,
    leadMedia: leadMedia[0] ?? null,
    corrections,
    revisionNumber: revision[0]?.number ?? 0,
    people,
  };
}

/** Display names of accounts by id (an id that is gone has no name). */
export async function personNames(
  db: Database,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.displayName]));
}

/**
 * The SQL of a derived status (story-status.ts says the same in code). `statusKey` is the
 * status column, or `+status` when another access path must lead (`listStories`).
 */
export function statusCondition(
  status: StoryStatus,
  now: Date,
  statusKey: SQLWrapper = articles.status,
): SQL {
  const draft = eq(statusKey, "draft");
  switch (status) {
    case "scheduled":
      return and(eq(statusKey, "published"), gt(articles.publishedAt, now)) as SQL;
    case "published":
      // `+`: walk the status's index by last update, not every published article by time.
      return and(
        eq(statusKey, "published"),
        sql`+${articles.publishedAt} <= ${now.getTime()}`,
      ) as SQL;
    case "unpublished":
      return and(draft, isNotNull(articles.unpublishedAt)) as SQL;
    case "submitted":
      return and(draft, isNull(articles.unpublishedAt), isNotNull(articles.submittedAt)) as SQL;
    case "draft":
      return and(draft, isNull(articles.unpublishedAt), isNull(articles.submittedAt)) as SQL;
  }
}

export interface StoryListQuery {
  now: Date;
  /** Contributors see only the stories they created. */
  createdBy?: string | undefined;
  status?: StoryStatus | undefined;
  sectionId?: number | undefined;
  authorId?: number | undefined;
  /** Words of the headline, matched as a substring (`containsText`). */
  q?: string | undefined;
  /**
   * Few stories hold `q` (`fewHeadlinesHold`): find them through `article_headlines` and sort
   * them, instead of testing every headline along the list's index.
   */
  lookUpHeadlines?: boolean | undefined;
  /** Keyset position: (updatedAt, id) of the last story of the previous page. */
  after?: ArticleCursor | undefined;
  limit: number;
}

/**
 * Up to this many stories holding the headline words are looked up in the trigram index and
 * sorted (about 5 µs each at 100,000 articles); more, and walking the list's index finds a
 * page of them sooner (at least one headline in 100 holds them). Either way a filter costs at
 * most about 5 ms at 100,000, not a test of every headline (0.12 s for words none holds).
 */
export const HEADLINE_LOOKUP_LIMIT = 1_000;

/** `words` as one FTS5 phrase: with the trigram tokenizer, a substring of the headline. */
function headlinePhrase(words: string): string {
  return `"${words.replaceAll('"', '""')}"`;
}

/**
 * Do at most `HEADLINE_LOOKUP_LIMIT` headlines hold `words`? Counted in the trigram index
 * (`article_headlines`, migration 0025), stopping past the limit. Words under three
 * characters have no trigram: they are always tested along the index.
 */
export async function fewHeadlinesHold(db: Database, words: string): Promise<boolean> {
  if ([...words].length < 3) return false;
  const rows = await db.all<{ holding: number }>(sql`
    SELECT count(*) AS holding FROM (
      SELECT 1 FROM article_headlines WHERE article_headlines MATCH ${headlinePhrase(words)}
      LIMIT ${HEADLINE_LOOKUP_LIMIT + 1}
    )`);
  return (rows[0]?.holding ?? 0) <= HEADLINE_LOOKUP_LIMIT;
}

/** The headline filter: looked up by id in the trigram index, or tested row by row. */
function headlineCondition(words: string, lookUp: boolean): SQL {
  const holds = containsText(articles.headline, words);
  if (!lookUp) return holds;
  // The trigram match is the candidates (its case folding is wider than `containsText`'s);
  // the test keeps the answer exactly the substring's.
  return sql`${articles.id} IN (
    SELECT rowid FROM article_headlines WHERE article_headlines MATCH ${headlinePhrase(words)}
  ) AND ${holds}`;
}

/**
 * Newest updated first, walking `articles_updated_idx` (or the filter's); keyset-paginated on
 * (updated_at, id). With `lookUpHeadlines`, from the few stories the trigram index names.
 */
export function listStories(db: Database, query: StoryListQuery) {
  const lookUp = query.q !== undefined && (query.lookUpHeadlines ?? false);
  // Looking up: the trigram index's few ids must lead (by primary key), not a filter's index
  // walked end to end with each id probed (9 ms at 100,000 for `published` and words none
  // holds); unary `+` keeps the filters off their indexes.
  const key = (column: SQLWrapper): SQLWrapper => (lookUp ? sql`+${column}` : column);
  const conditions: (SQL | undefined)[] = [
    query.createdBy === undefined ? undefined : eq(key(articles.createdBy), query.createdBy),
    query.status === undefined
      ? undefined
      : statusCondition(query.status, query.now, key(articles.status)),
    query.sectionId === undefined ? undefined : eq(key(articles.sectionId), query.sectionId),
    query.authorId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(articleAuthors)
            .where(
              and(
                eq(articleAuthors.articleId, articles.id),
                eq(articleAuthors.authorId, query.authorId),
              ),
            ),
        ),
    query.q === undefined ? undefined : headlineCondition(query.q, lookUp),
    query.after === undefined
      ? undefined
      : or(
          lt(articles.updatedAt, query.after.publishedAt),
          and(eq(articles.updatedAt, query.after.publishedAt), lt(articles.id, query.after.id)),
        ),
  ];
  return db
    .select({
      id: articles.id,
      headline: articles.headline,
      sectionId: articles.sectionId,
      status: articles.status,
      publishedAt: articles.publishedAt,
      submittedAt: articles.submittedAt,
      unpublishedAt: articles.unpublishedAt,
      createdBy: articles.createdBy,
      updatedAt: articles.updatedAt,
      updatedBy: articles.updatedBy,
    })
    .from(articles)
    .where(and(...conditions))
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(query.limit);
}

/** Sections and bylines of a page of the desk's list: one round trip. */
export async function loadListRefs(db: Database, rows: readonly StoryListRow[]) {
  if (rows.length === 0) {
    return { sections: [], byline: [], people: new Map<string, string>() };
  }
  const [sectionRows, byline] = await db.batch([
    db
      .select({ id: sections.id, slug: sections.slug, name: sections.name })
      .from(sections)
      .where(inArray(sections.id, [...new Set(rows.map((row) => row.sectionId))])),
    bylinesQuery(
      db,
      rows.map((row) => row.id),
    ).orderBy(asc(articleAuthors.position)),
  ]);
  const people = await personNames(
    db,
    rows.map((row) => row.updatedBy),
  );
  return { sections: sectionRows, byline, people };
}

/** Is `slug` free for the story `articleId` (null: a new story)? Old slugs count as taken. */
export async function slugOwner(
  db: Database,
  slug: string,
): Promise<{ articleId: number; current: boolean } | null> {
  const [current, old] = await db.batch([
    db.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug)).limit(1),
    db
      .select({ id: articleSlugHistory.articleId })
      .from(articleSlugHistory)
      .where(eq(articleSlugHistory.slug, slug))
      .limit(1),
  ]);
  if (current[0]) return { articleId: current[0].id, current: true };
  if (old[0]) return { articleId: old[0].id, current: false };
  return null;
}

/** A story's revisions, newest first (without their fields). */
export function listRevisions(db: Database, articleId: number) {
  return db
    .select({
      id: articleRevisions.id,
      number: articleRevisions.number,
      createdAt: articleRevisions.createdAt,
      createdBy: articleRevisions.createdBy,
      note: articleRevisions.note,
    })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.number));
}

export async function findRevision(db: Database, articleId: number, id: number) {
  const rows = await db
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, id)))
    .limit(1);
  return rows[0];
}

/** The story a live preview link shows (null when unknown or expired). */
export async function findPreviewStory(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<ArticleRow | null> {
  const rows = await db
    .select({ article: articles })
    .from(storyPreviews)
    .innerJoin(articles, eq(articles.id, storyPreviews.articleId))
    .where(and(eq(storyPreviews.tokenHash, tokenHash), gt(storyPreviews.expiresAt, now)))
    .limit(1);
  return rows[0]?.article ?? null;
}
