import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { StoryFields } from "../contract/newsroom-contract.ts";
import type { ResolvedFields } from "./story-field-queries.ts";
import { auditInsert, auditInsertWhen, type AuditRecord } from "./audit-queries.ts";
import { causeText, type Database } from "./database.ts";
import {
  articleCorrections,
  articleRevisions,
  articleSlugHistory,
  storyPreviews,
} from "./account-schema.ts";
import { articleAuthors, articles, articleTags } from "./schema.ts";
import type { ArticleRow } from "./schema.ts";

/**
 * The story desk's writes. Each write is ONE `db.batch` (a transaction in D1): the article row,
 * its link tables, a new revision and the audit entry land together or not at all.
 *
 * No lost edits: every write names its base revision. The handler refuses a stale base
 * before it writes (409), and two writes racing from the same base cannot both win: each
 * inserts revision number base+1, which `article_revisions_article_number_unique` lets only
 * one of them do (the other's whole batch rolls back), and the row update itself is
 * conditional (`WHERE current_revision_id IS base`).
 */

/** The article columns a story's fields set. */
function fieldColumns(resolved: ResolvedFields) {
  const { fields } = resolved;
  return {
    slug: fields.slug,
    sectionId: resolved.sectionId,
    categoryId: resolved.categoryId,
    headline: fields.headline,
    standfirst: fields.standfirst,
    body: JSON.stringify(fields.body),
    leadImageId: fields.leadImage?.imageId ?? null,
    leadMediaId: fields.leadImage?.mediaId ?? null,
    leadImageAlt: fields.leadImage?.alt ?? null,
    leadImageCaption: fields.leadImage?.caption ?? null,
    leadImageCredit: fields.leadImage?.credit ?? null,
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
  };
}

function linkStatements(db: Database, articleId: number, resolved: ResolvedFields) {
  const statements: BatchItem<"sqlite">[] = [
    db.delete(articleAuthors).where(eq(articleAuthors.articleId, articleId)),
    db.delete(articleTags).where(eq(articleTags.articleId, articleId)),
  ];
  if (resolved.authorIds.length > 0) {
    statements.push(
      db
        .insert(articleAuthors)
        .values(
          resolved.authorIds.map((authorId, position) => ({ articleId, authorId, position })),
        ),
    );
  }
  if (resolved.tagIds.length > 0) {
    statements.push(
      db.insert(articleTags).values(resolved.tagIds.map((tagId) => ({ articleId, tagId }))),
    );
  }
  return statements;
}

/** True when a failed batch lost the race for a revision number (a stale write). */
export function isRevisionRace(error: unknown): boolean {
  return /UNIQUE constraint failed: article_revisions/.test(causeText(error));
}
/** True when a failed batch hit a slug another story took meanwhile. */
export function isSlugRace(error: unknown): boolean {
  return /UNIQUE constraint failed: (articles\.slug|article_slug_history\.slug)/.test(
    causeText(error),
  );
}

export interface NewStory {
  resolved: ResolvedFields;
  actorId: string;
  now: Date;
  audit: (articleId: number) => AuditRecord;
}

/** Creates a draft with revision 1; answers its id. The id is taken as max + 1 (a race retries). */
export async function insertStory(db: Database, story: NewStory): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const [{ next } = { next: 1 }] = await db
      .select({ next: sql<number>`coalesce(max(${articles.id}), 0) + 1` })
      .from(articles);
    try {
      await db.batch([
        db.insert(articles).values({
          id: next,
          ...fieldColumns(story.resolved),
          status: "draft",
          publishedAt: null,
          createdAt: story.now,
          createdBy: story.actorId,
          updatedAt: story.now,
          updatedBy: story.actorId,
        }),
        db.insert(articleRevisions).values({
          articleId: next,
          number: 1,
          fields: JSON.stringify(story.resolved.fields),
          note: "Created",
          createdAt: story.now,
          createdBy: story.actorId,
        }),
        db
          .update(articles)
          .set({ currentRevisionId: revisionIdOf(next, 1) })
          .where(eq(articles.id, next)),
        ...linkStatements(db, next, story.resolved),
        auditInsert(db, story.audit(next)),
      ]);
      return next;
    } catch (error) {
      if (attempt < 3 && /UNIQUE constraint failed: articles\.id/.test(causeText(error))) continue;
      throw error;
    }
  }
}

const revisionIdOf = (articleId: number, number: number) =>
  sql`(SELECT ${articleRevisions.id} FROM ${articleRevisions} WHERE ${articleRevisions.articleId} = ${articleId} AND ${articleRevisions.number} = ${number})`;

export interface StoryWrite {
  row: ArticleRow;
  /** The current revision's number (0 for a story with none yet). */
  baseNumber: number;
  actorId: string;
  now: Date;
  /** The revision's note: "Saved", "Published"… */
  note: string;
  /** New fields (a save or a restore); absent: the fields stay (a workflow step). */
  resolved?: ResolvedFields;
  /** The fields as they stand, stored as the revision when `resolved` is absent. */
  currentFields: StoryFields;
  /** Status columns a workflow step changes. */
  status?: Partial<Pick<ArticleRow, "status" | "publishedAt" | "submittedAt" | "unpublishedAt">>;
  /** A slug to keep as an old address (a live story's slug changed). */
  oldSlug?: string;
  audits: AuditRecord[];
}

/**
 * One write to an existing story: a new revision (number base+1), the row (conditional on the
 * base), links, old slug and audit entries, in one batch. A story that had no revision (a
 * seeded article) first gets revision 1 holding the fields it had, so the desk can go back.
 */
export async function writeStory(db: Database, write: StoryWrite): Promise<void> {
  const { row, now } = write;
  const fields = write.resolved?.fields ?? write.currentFields;
  let number = write.baseNumber + 1;
  const statements: BatchItem<"sqlite">[] = [];
  if (row.currentRevisionId === null && write.resolved) {
    statements.push(
      db.insert(articleRevisions).values({
        articleId: row.id,
        number,
        fields: JSON.stringify(write.currentFields),
        note: "As it was before the desk",
        createdAt: row.updatedAt,
        createdBy: null,
      }),
    );
    number += 1;
  }
  statements.push(
    db.insert(articleRevisions).values({
      articleId: row.id,
      number,
      fields: JSON.stringify(fields),
      note: write.note,
      createdAt: now,
      createdBy: write.actorId,
    }),
    db
      .update(articles)
      .set({
        ...(write.resolved ? fieldColumns(write.resolved) : {}),
        ...write.status,
        currentRevisionId: revisionIdOf(row.id, number),
        updatedAt: now,
        updatedBy: write.actorId,
      })
      .where(
        and(
          eq(articles.id, row.id),
          row.currentRevisionId === null
            ? isNull(articles.currentRevisionId)
            : eq(articles.currentRevisionId, row.currentRevisionId),
        ),
      ),
  );
  if (write.resolved) {
    statements.push(...linkStatements(db, row.id, write.resolved));
    // Taking back one of its own old slugs: it is the current address again.
    statements.push(
      db
        .delete(articleSlugHistory)
        .where(
          and(
            eq(articleSlugHistory.articleId, row.id),
            eq(articleSlugHistory.slug, write.resolved.fields.slug),
          ),
        ),
    );
  }
  if (write.oldSlug) {
    statements.push(
      db
        .insert(articleSlugHistory)
        .values({ slug: write.oldSlug, articleId: row.id, createdAt: now })
        .onConflictDoNothing(),
    );
  }
  for (const audit of write.audits) statements.push(auditInsert(db, audit));
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * A correction note and its audit entry (the content version moves: triggers), in one batch
 * whose statements both hold only while the story is still published at the revision the
 * editor corrected: a story unpublished or edited in the same instant takes neither. False when
 * nothing was written.
 */
export async function insertCorrection(
  db: Database,
  input: {
    articleId: number;
    revisionId: number | null;
    text: string;
    actorId: string;
    now: Date;
    audit: AuditRecord;
  },
): Promise<boolean> {
  const stillPublished = sql`EXISTS (SELECT 1 FROM articles WHERE id = ${input.articleId}
    AND status = 'published' AND current_revision_id IS ${input.revisionId})`;
  const at = input.now.getTime();
  // Every column in table order (a null id takes the next rowid).
  const [inserted] = await db.batch([
    db
      .insert(articleCorrections)
      .select(
        sql`SELECT NULL, ${input.articleId}, ${input.text}, ${at}, ${input.actorId} WHERE ${stillPublished}`,
      )
      .returning({ id: articleCorrections.id }),
    auditInsertWhen(db, input.audit, stillPublished),
  ]);
  return inserted.length === 1;
}

/** A preview link's row; the token itself is never stored. */
export async function insertPreview(
  db: Database,
  input: { tokenHash: string; articleId: number; actorId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(storyPreviews).values({
    tokenHash: input.tokenHash,
    articleId: input.articleId,
    createdBy: input.actorId,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
}
