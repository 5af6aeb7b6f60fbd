import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { BodyBlock } from "../contract/article-contract.ts";
import type { StoryFields } from "../contract/newsroom-contract.ts";
import { articleRevisions } from "../db/account-schema.ts";
import { auditInsert } from "../db/audit-queries.ts";
import { causeText, type Database } from "../db/database.ts";
import { importItems, legacyRedirects } from "../db/import-schema.ts";
import {
  articleAuthors,
  articleTags,
  articles,
  authors,
  categories,
  pages,
  sections,
  tags,
} from "../db/schema.ts";
import { mediaImageRef } from "../domain/media-image-ref.ts";
import {
  importPhotographs,
  type PhotographDownloads,
  type PhotographRequest,
  type PhotographResult,
} from "./import-images.ts";
import type { ImportNote } from "./import-model.ts";
import type { ImportPlan, PlannedArticle, SiteState } from "./import-plan.ts";

/**
 * Issue 18 (decision 0024): reads the site for the planner, and writes a plan. The taxonomy
 * (sections, categories, authors, tags) is one D1 batch; then posts go `batchSize` at a time,
 * each batch one D1 batch (a post with its revision, byline, tags, redirects and its
 * `import_items` row lands whole or not at all). Every row it makes is recorded in
 * `import_items`, so a second run of the same file plans nothing and writes nothing, and a run
 * that stopped half way continues where it stopped.
 */

/** Posts per D1 batch: about ten statements each, well within a batch's limits. */
export const IMPORT_BATCH_POSTS = 25;

export async function loadSiteState(db: Database, origin: string): Promise<SiteState> {
  const [sectionRows, categoryRows, authorRows, tagRows, articleRows, pageRows, itemRows] =
    await db.batch([
      db.select({ id: sections.id, slug: sections.slug, name: sections.name }).from(sections),
      db
        .select({ id: categories.id, sectionId: categories.sectionId, slug: categories.slug })
        .from(categories),
      db.select({ slug: authors.slug }).from(authors),
      db.select({ id: tags.id, slug: tags.slug }).from(tags),
      db.select({ slug: articles.slug }).from(articles),
      db.select({ slug: pages.slug }).from(pages),
      db
        .select({
          kind: importItems.kind,
          sourceId: importItems.sourceId,
          targetId: importItems.targetId,
        })
        .from(importItems)
        .where(eq(importItems.origin, origin)),
    ]);
  return {
    sections: sectionRows,
    categories: categoryRows,
    authorSlugs: new Set(authorRows.map((row) => row.slug)),
    tagIds: new Map(tagRows.map((row) => [row.slug, row.id])),
    articleSlugs: new Set(articleRows.map((row) => row.slug)),
    pageSlugs: new Set(pageRows.map((row) => row.slug)),
    imported: new Map(itemRows.map((row) => [`${row.kind}:${row.sourceId}`, row.targetId])),
  };
}

export interface ImportProgress {
  done: number;
  total: number;
}

export interface ImportOutcome {
  /** The plan's first `articles` stories and first `pages` pages were written. */
  articles: number;
  pages: number;
  redirects: number;
  /** Old paths that already answered for something else here: not taken over. */
  redirectsKept: string[];
  /** Photographs downloaded into the media library (not those an earlier run had). */
  photographs: number;
  /** Photographs kept at their old address, and why, by post. */
  notes: ImportNote[];
  /** False when `maxBatches` or `deadline` stopped it first: planned again, the rest is written. */
  complete: boolean;
}

/**
 * Thrown when writing stops part way (D1 refused a batch, or `onProgress` threw): what was
 * written before it stopped (whole batches only), with the error as its cause.
 */
export class ImportWriteError extends Error {
  // A field, not a parameter property: `npm run import` runs this file under Node's type
  // stripping, which refuses parameter properties.
  readonly written: ImportOutcome;

  constructor(written: ImportOutcome, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.written = written;
  }
}

/** How `writeImport` writes: `runImport` takes the same, beside `dryRun`. */
export interface WriteOptions {
  now: Date;
  actorId: string | null;
  /** How to download photographs; without it they stay at their old address, with a note. */
  images?: PhotographDownloads;
  batchSize?: number;
  /**
   * Batches of posts (stories, then pages) this call writes at most; all of them when absent.
   * A Worker's invocation has a CPU time and subrequest budget: a large import is written a
   * slice per call, and the next call (planned again) continues.
   */
  maxBatches?: number;
  /**
   * No batch starts after this time (the first always does): a slice ends in time even when
   * photographs download slowly (a Queue consumer has 15 minutes of wall-clock time).
   */
  deadline?: Date;
  /**
   * Photograph addresses this call downloads at most (counted as planned, an upper bound: some
   * may be in the library already). Each download is a fetch, an R2 put and a few Images calls,
   * so a Worker's subrequest budget bounds them too: a batch is cut short rather than pass it,
   * and the next call continues. Without it, every batch is `batchSize` posts.
   */
  maxDownloads?: number;
  /** After every batch; awaited, so a caller that must stop the import can throw. */
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
}

export async function writeImport(
  db: Database,
  plan: ImportPlan,
  options: WriteOptions,
): Promise<ImportOutcome> {
  await writeTaxonomy(db, plan, options.now);
  const outcome: ImportOutcome = {
    articles: 0,
    pages: 0,
    redirects: 0,
    redirectsKept: [],
    photographs: 0,
    notes: [],
    complete: false,
  };
  const total = plan.articles.length + plan.pages.length;
  const size = options.batchSize ?? IMPORT_BATCH_POSTS;
  const maxBatches = options.maxBatches ?? Infinity;
  const deadline = options.deadline?.getTime() ?? Infinity;
  const maxDownloads = options.images ? (options.maxDownloads ?? Infinity) : Infinity;
  let batches = 0;
  let downloads = 0;
  const more = () =>
    batches === 0 || (batches < maxBatches && Date.now() < deadline && downloads < maxDownloads);
  /** Which of a written batch's old paths answer for this import now (the rest were taken). */
  const settle = async (posts: readonly { oldPaths: string[] }[]) => {
    const paths = posts.flatMap((post) => post.oldPaths);
    const answering = paths.length === 0 ? [] : await redirectsOf(db, plan.origin, paths);
    outcome.redirects += answering.length;
    outcome.redirectsKept.push(...paths.filter((path) => !answering.includes(path)));
  };
  // From here on the taxonomy is written: a stop reports it (and the batches before it) as made.
  try {
    const refs = await loadRefs(db, plan);
    for (let start = 0; start < plan.articles.length && more();) {
      const room = maxDownloads - downloads;
      const chunk = nextChunk(plan.articles, start, size, room, batches === 0);
      if (chunk.length === 0) break;
      await writeArticles(db, plan, chunk, refs, options, outcome);
      start += chunk.length;
      downloads += chunk.reduce((sum, article) => sum + photographCount(article), 0);
      batches += 1;
      outcome.articles += chunk.length;
      await settle(chunk);
      await options.onProgress?.({ done: outcome.articles, total });
    }
    for (let start = 0; start < plan.pages.length && more(); start += size) {
      const chunk = plan.pages.slice(start, start + size);
      await db.batch(pageStatements(db, plan, chunk, options.now) as [BatchItem<"sqlite">]);
      batches += 1;
      outcome.pages += chunk.length;
      await settle(chunk);
      await options.onProgress?.({ done: outcome.articles + outcome.pages, total });
    }
  } catch (error) {
    throw new ImportWriteError(outcome, error);
  }
  outcome.complete =
    outcome.articles === plan.articles.length && outcome.pages === plan.pages.length;
  return outcome;
}

/** The photograph addresses a story may download: its body's and its lead, each once. */
function photographCount(article: PlannedArticle): number {
  const urls = new Set(article.photographs.map((photograph) => photograph.url));
  if (article.lead) urls.add(article.lead.url);
  return urls.size;
}

/**
 * The next batch from `start`: up to `size` stories whose photographs fit in `room` downloads.
 * A story over the room goes alone when `overflowAlone` (a call's first batch), else it waits
 * for the next call.
 */
function nextChunk(
  planned: readonly PlannedArticle[],
  start: number,
  size: number,
  room: number,
  overflowAlone: boolean,
): PlannedArticle[] {
  const chunk: PlannedArticle[] = [];
  let photographs = 0;
  for (const article of planned.slice(start, start + size)) {
    const count = photographCount(article);
    if (photographs + count > room) {
      if (chunk.length === 0 && overflowAlone) chunk.push(article);
      break;
    }
    chunk.push(article);
    photographs += count;
  }
  return chunk;
}

/** Sections, categories, authors and tags the plan makes, with their `import_items`, at once. */
async function writeTaxonomy(db: Database, plan: ImportPlan, now: Date): Promise<void> {
  const statements: BatchItem<"sqlite">[] = [];
  for (const section of plan.newSections) {
    statements.push(
      db
        .insert(sections)
        .values({
          slug: section.slug,
          name: section.name,
          position: sql`(SELECT coalesce(max(${sections.position}), 0) + 1 FROM ${sections})`,
        })
        .onConflictDoNothing(),
    );
  }
  for (const category of plan.newCategories) {
    statements.push(
      db.insert(categories).select(
        sql`SELECT NULL, s.id, ${category.slug}, ${category.name}, ''
          FROM ${sections} s WHERE s.slug = ${category.section}
          AND NOT EXISTS (SELECT 1 FROM ${categories} c WHERE c.section_id = s.id AND c.slug = ${category.slug})`,
      ),
    );
  }
  for (const author of plan.newAuthors) {
    statements.push(
      db
        .insert(authors)
        .values({ slug: author.slug, name: author.name, title: author.title, bio: author.bio }),
      itemBySlug(
        db,
        plan.origin,
        "author",
        author.sourceId,
        now,
        sql`(SELECT id FROM ${authors} WHERE slug = ${author.slug})`,
      ),
    );
  }
  for (const tag of plan.newTags) {
    statements.push(
      db
        .insert(tags)
        .values({ slug: tag.slug, name: tag.name, description: tag.description })
        .onConflictDoNothing(),
      itemBySlug(
        db,
        plan.origin,
        "tag",
        tag.sourceId,
        now,
        sql`(SELECT id FROM ${tags} WHERE slug = ${tag.slug})`,
      ),
    );
  }
  for (const tag of plan.existingTags) {
    statements.push(itemBySlug(db, plan.origin, "tag", tag.sourceId, now, sql`${tag.id}`));
  }
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">]);
}

function itemBySlug(
  db: Database,
  origin: string,
  kind: "author" | "tag",
  sourceId: string,
  now: Date,
  target: ReturnType<typeof sql>,
) {
  return db
    .insert(importItems)
    .select(
      sql`SELECT ${origin}, ${kind}, ${sourceId}, ${target}, ${now.getTime()} WHERE ${target} IS NOT NULL`,
    )
    .onConflictDoNothing();
}

interface Refs {
  authorBySource: Map<string, { id: number; slug: string }>;
  tagBySource: Map<string, { id: number; slug: string }>;
  placeIds: Map<string, { sectionId: number; categoryId: number }>;
}

/** Ids of what the posts refer to, after the taxonomy is written. */
async function loadRefs(db: Database, plan: ImportPlan): Promise<Refs> {
  const [items, sectionRows, categoryRows] = await db.batch([
    db
      .select({
        kind: importItems.kind,
        sourceId: importItems.sourceId,
        targetId: importItems.targetId,
      })
      .from(importItems)
      .where(
        and(eq(importItems.origin, plan.origin), inArray(importItems.kind, ["author", "tag"])),
      ),
    db.select({ id: sections.id, slug: sections.slug }).from(sections),
    db
      .select({ id: categories.id, sectionId: categories.sectionId, slug: categories.slug })
      .from(categories),
  ]);
  const authorIds = items.filter((item) => item.kind === "author").map((item) => item.targetId);
  const tagIds = items.filter((item) => item.kind === "tag").map((item) => item.targetId);
  const [authorRows, tagRows] = await db.batch([
    db
      .select({ id: authors.id, slug: authors.slug })
      .from(authors)
      .where(inArray(authors.id, [0, ...authorIds])),
    db
      .select({ id: tags.id, slug: tags.slug })
      .from(tags)
      .where(inArray(tags.id, [0, ...tagIds])),
  ]);
  const authorById = new Map(authorRows.map((row) => [row.id, row]));
  const tagById = new Map(tagRows.map((row) => [row.id, row]));
  const authorBySource = new Map<string, { id: number; slug: string }>();
  const tagBySource = new Map<string, { id: number; slug: string }>();
  for (const item of items) {
    const row = item.kind === "author" ? authorById.get(item.targetId) : tagById.get(item.targetId);
    if (row) (item.kind === "author" ? authorBySource : tagBySource).set(item.sourceId, row);
  }
  const sectionSlugById = new Map(sectionRows.map((row) => [row.id, row.slug]));
  const placeIds = new Map<string, { sectionId: number; categoryId: number }>();
  for (const category of categoryRows) {
    const section = sectionSlugById.get(category.sectionId);
    if (section !== undefined) {
      placeIds.set(`${section}/${category.slug}`, {
        sectionId: category.sectionId,
        categoryId: category.id,
      });
    }
  }
  return { authorBySource, tagBySource, placeIds };
}

/** Why a photograph stays at its old address when the import was given no way to fetch it. */
export const PHOTOGRAPHS_NOT_DOWNLOADED = "This import does not download photographs.";

/** The batch's photographs (body and lead, each address once) in the library, or why not. */
async function photographsOf(
  db: Database,
  plan: ImportPlan,
  chunk: readonly PlannedArticle[],
  options: WriteOptions,
): Promise<{ results: Map<string, PhotographResult>; downloaded: number }> {
  const requests: PhotographRequest[] = chunk.flatMap((article) => [
    ...article.photographs,
    ...(article.lead ? [article.lead] : []),
  ]);
  if (!options.images) {
    const kept: PhotographResult = { ok: false, reason: PHOTOGRAPHS_NOT_DOWNLOADED };
    return { results: new Map(requests.map((request) => [request.url, kept])), downloaded: 0 };
  }
  return importPhotographs(
    { ...options.images, db, actorId: options.actorId, now: options.now, origin: plan.origin },
    requests,
  );
}

/** A story's body and lead with its photographs from the library, and notes for the rest. */
interface Pictured {
  body: BodyBlock[];
  lead: StoryFields["leadImage"];
  notes: ImportNote[];
}

function pictured(article: PlannedArticle, results: Map<string, PhotographResult>): Pictured {
  const post = { sourceId: article.sourceId, title: article.headline };
  const notes: ImportNote[] = [];
  const body = [...article.body];
  for (const photograph of article.photographs) {
    const result = results.get(photograph.url);
    if (result?.ok) {
      const words = { alt: photograph.alt, caption: photograph.caption };
      body[photograph.blockIndex] = {
        type: "image",
        image: mediaImageRef(result.row, "full", words),
      };
    } else {
      const reason = result?.reason ?? PHOTOGRAPHS_NOT_DOWNLOADED;
      const detail = `${photograph.url} kept at its old address: ${reason}`;
      // One note an address: a photograph shown twice is one decision.
      if (!notes.some((note) => note.detail === detail)) {
        notes.push({ post, kind: "external-image", detail });
      }
    }
  }
  let lead: StoryFields["leadImage"] = null;
  if (article.lead) {
    const result = results.get(article.lead.url);
    if (result?.ok) {
      const { alt, caption } = article.lead;
      lead = { mediaId: result.row.id, alt, caption, credit: result.row.credit };
    } else {
      const reason = result?.reason ?? PHOTOGRAPHS_NOT_DOWNLOADED;
      notes.push({
        post,
        kind: "external-image",
        detail: `The feature image ${article.lead.url} is not the story's lead: ${reason}`,
      });
    }
  }
  return { body, lead, notes };
}

/**
 * One batch of articles, its photographs downloaded first; ids taken as max + 1 onwards (a
 * batch that meets a taken id retries). The photographs' counts and notes go to `outcome` once
 * the batch is written.
 */
async function writeArticles(
  db: Database,
  plan: ImportPlan,
  chunk: readonly PlannedArticle[],
  refs: Refs,
  options: WriteOptions,
  outcome: Pick<ImportOutcome, "photographs" | "notes">,
): Promise<void> {
  const { results, downloaded } = await photographsOf(db, plan, chunk, options);
  const prepared = chunk.map((article) => ({ article, pictures: pictured(article, results) }));
  for (let attempt = 0; ; attempt++) {
    const [{ next } = { next: 1 }] = await db
      .select({ next: sql<number>`coalesce(max(${articles.id}), 0) + 1` })
      .from(articles);
    const statements = prepared.flatMap(({ article, pictures }, index) =>
      articleStatements(db, plan.origin, article, next + index, refs, options, pictures),
    );
    statements.push(
      auditInsert(db, {
        at: options.now,
        actorId: options.actorId,
        action: "import.batch",
        subject: `${chunk.length} stories from ${plan.origin}`,
        detail: { stories: chunk.map((article) => article.slug) },
      }),
    );
    try {
      await db.batch(statements as [BatchItem<"sqlite">]);
      outcome.photographs += downloaded;
      outcome.notes.push(...prepared.flatMap(({ pictures }) => pictures.notes));
      return;
    } catch (error) {
      if (attempt < 3 && /UNIQUE constraint failed: articles\.id/.test(causeText(error))) continue;
      throw error;
    }
  }
}

function articleStatements(
  db: Database,
  origin: string,
  article: PlannedArticle,
  id: number,
  refs: Refs,
  options: WriteOptions,
  pictures: Pictured,
): BatchItem<"sqlite">[] {
  const place = refs.placeIds.get(`${article.placedIn.section}/${article.placedIn.category}`);
  if (!place)
    throw new Error(`import: no ${article.placedIn.section}/${article.placedIn.category}`);
  const byline = article.authorSourceIds
    .map((sourceId) => refs.authorBySource.get(sourceId))
    .filter((row) => row !== undefined);
  const tagRows = [
    ...new Map(
      article.tagSourceIds
        .map((sourceId) => refs.tagBySource.get(sourceId))
        .filter((row) => row !== undefined)
        .map((row) => [row.id, row]),
    ).values(),
  ];
  const fields: StoryFields = {
    headline: article.headline,
    standfirst: article.standfirst,
    body: pictures.body,
    section: article.placedIn.section,
    category: article.placedIn.category,
    authors: byline.map((row) => row.slug),
    tags: tagRows.map((row) => row.slug),
    slug: article.slug,
    seoTitle: "",
    seoDescription: "",
    leadImage: pictures.lead,
  };
  const statements: BatchItem<"sqlite">[] = [
    db.insert(articles).values({
      id,
      slug: article.slug,
      sectionId: place.sectionId,
      categoryId: place.categoryId,
      headline: article.headline,
      standfirst: article.standfirst,
      body: JSON.stringify(pictures.body),
      // The lead photograph as the story desk saves one (story-write-queries.ts).
      leadMediaId: pictures.lead?.mediaId ?? null,
      leadImageAlt: pictures.lead?.alt ?? null,
      leadImageCaption: pictures.lead?.caption ?? null,
      leadImageCredit: pictures.lead?.credit ?? null,
      status: article.status,
      publishedAt: article.publishedAt,
      createdAt: article.createdAt,
      createdBy: options.actorId,
      updatedAt: article.updatedAt,
      updatedBy: options.actorId,
    }),
    db.insert(articleRevisions).values({
      articleId: id,
      number: 1,
      fields: JSON.stringify(fields),
      note: `Imported from ${origin}`,
      createdAt: options.now,
      createdBy: options.actorId,
    }),
    db
      .update(articles)
      .set({
        currentRevisionId: sql`(SELECT ${articleRevisions.id} FROM ${articleRevisions} WHERE ${articleRevisions.articleId} = ${id} AND ${articleRevisions.number} = 1)`,
      })
      .where(eq(articles.id, id)),
    db.insert(importItems).values({
      origin,
      kind: "post",
      sourceId: article.sourceId,
      targetId: id,
      importedAt: options.now,
    }),
  ];
  if (byline.length > 0) {
    statements.push(
      db
        .insert(articleAuthors)
        .values(byline.map((row, position) => ({ articleId: id, authorId: row.id, position }))),
    );
  }
  if (tagRows.length > 0) {
    statements.push(
      db.insert(articleTags).values(tagRows.map((row) => ({ articleId: id, tagId: row.id }))),
    );
  }
  for (const path of article.oldPaths) {
    statements.push(
      db
        .insert(legacyRedirects)
        .values({ path, articleId: id, origin, createdAt: options.now })
        .onConflictDoNothing(),
    );
  }
  return statements;
}

function pageStatements(
  db: Database,
  plan: ImportPlan,
  chunk: ImportPlan["pages"],
  now: Date,
): BatchItem<"sqlite">[] {
  return chunk.flatMap((page) => {
    const pageId = sql`(SELECT id FROM ${pages} WHERE slug = ${page.slug})`;
    return [
      db.insert(pages).values({
        slug: page.slug,
        title: page.title,
        body: JSON.stringify(page.body),
        updatedAt: page.updatedAt,
      }),
      db
        .insert(importItems)
        .select(sql`SELECT ${plan.origin}, 'page', ${page.sourceId}, ${pageId}, ${now.getTime()}`),
      ...page.oldPaths.map((path) =>
        db
          .insert(legacyRedirects)
          .select(sql`SELECT ${path}, NULL, ${pageId}, ${plan.origin}, ${now.getTime()}`)
          .onConflictDoNothing(),
      ),
    ];
  });
}

/** Which of `paths` now answer for this import (the rest belonged to something else). */
async function redirectsOf(
  db: Database,
  origin: string,
  paths: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < paths.length; start += 90) {
    const rows = await db
      .select({ path: legacyRedirects.path })
      .from(legacyRedirects)
      .where(
        and(
          eq(legacyRedirects.origin, origin),
          inArray(legacyRedirects.path, paths.slice(start, start + 90)),
        ),
      );
    found.push(...rows.map((row) => row.path));
  }
  return found;
}
