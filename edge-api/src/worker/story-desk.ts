import type { Context } from "hono";
import type { StoryFields } from "../contract/newsroom-contract.ts";
import type { AuditRecord } from "../db/audit-queries.ts";
import type { Database } from "../db/database.ts";
import type { ArticleRow } from "../db/schema.ts";
import { findStoryRow, loadStoryParts, slugOwner } from "../db/story-queries.ts";
import { resolveStoryFields, type ResolvedFields } from "../db/story-field-queries.ts";
import {
  isRevisionRace,
  isSlugRace,
  writeStory,
  type StoryWrite,
} from "../db/story-write-queries.ts";
import { refusedLinks } from "../domain/inline-runs.ts";
import { revisionOf, toStory, toStoryFields, type StoryParts } from "../domain/story-fields.ts";
import { hasBeenLive, mayEdit, mayOpen, type Caller } from "../domain/story-status.ts";
import { ApiError } from "./api-errors.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * The story desk's steps shared by its routes: load a story the caller may open, check the
 * base revision, check fields against the database, write, and answer the story as it now is.
 */

type DeskContext = Context<AppEnv>;

export function callerOf(c: DeskContext): Caller {
  return { accountId: c.var.staff.accountId, role: c.var.staff.role };
}

export interface LoadedStory {
  row: ArticleRow;
  parts: StoryParts;
}

/** The story, or 404; 403 when a contributor opens someone else's. */
export async function loadStory(c: DeskContext, id: string): Promise<LoadedStory> {
  const { db } = c.var;
  const row = await findStoryRow(db, Number(id));
  if (!row) throw new ApiError("not_found", "There is no such story.");
  if (!mayOpen(row, callerOf(c))) {
    throw new ApiError("forbidden", "Contributors may open only the stories they wrote.");
  }
  return { row, parts: await loadStoryParts(db, row) };
}

export function requireEditable(c: DeskContext, row: ArticleRow): void {
  if (!mayEdit(row, callerOf(c), c.var.now)) {
    throw new ApiError(
      "forbidden",
      "Contributors may change their own stories only until they submit them.",
    );
  }
}

/** 409 `stale_revision` unless the write started from the revision the story shows. */
export function requireBase(row: ArticleRow, baseRevision: string): void {
  if (revisionOf(row) !== baseRevision) throw new ApiError("stale_revision");
}

/** Links first (422 `invalid_link`, naming it), then what the fields refer to (422). */
export async function checkFields(db: Database, fields: StoryFields): Promise<ResolvedFields> {
  const [refused] = refusedLinks(fields.body);
  if (refused !== undefined) {
    throw new ApiError(
      "invalid_link",
      `The link “${refused.slice(0, 100)}” cannot be used: links must start with http://, https://, mailto: or / (a page of this site).`,
      { field: "body" },
    );
  }
  const result = await resolveStoryFields(db, fields);
  if (!result.ok) throw new ApiError("invalid_story", result.message, { field: result.field });
  return result.resolved;
}

/** 409 `slug_taken` when another story has (or had) the slug. */
export async function requireFreeSlug(
  db: Database,
  slug: string,
  articleId: number | null,
): Promise<void> {
  const owner = await slugOwner(db, slug);
  if (owner && owner.articleId !== articleId) {
    throw new ApiError(
      "slug_taken",
      owner.current
        ? "Another story already has that slug."
        : "Another story used that slug before; its old address still leads to it.",
      { field: "slug" },
    );
  }
}

export function storySubject(id: number, headline: string): string {
  return `story ${id} “${headline.slice(0, 120)}”`;
}

/**
 * New fields for a story (a save or a restore): what the address change means for readers
 * (an old slug kept, `story.slug` audited when a live story's slug, section or category
 * moves), then the write. A save that changes nothing (an autosave of the same text) makes
 * no revision: the story stays at its base.
 */
export async function writeFields(
  c: DeskContext,
  story: LoadedStory,
  resolved: ResolvedFields,
  note: string,
  audits: AuditRecord[],
  options: { skipWhenUnchanged?: boolean } = {},
): Promise<void> {
  const { db, now, staff } = c.var;
  const { row, parts } = story;
  const before = toStoryFields(row, parts);
  const after = resolved.fields;
  const moved: Record<string, [string, string]> = {};
  for (const key of ["slug", "section", "category"] as const) {
    if (before[key] !== after[key]) moved[key] = [before[key], after[key]];
  }
  if (options.skipWhenUnchanged && sameFields(before, after)) return;
  const live = hasBeenLive(row, now);
  const allAudits = [...audits];
  if (live && Object.keys(moved).length > 0) {
    allAudits.push({
      at: now,
      actorId: staff.accountId,
      action: "story.slug",
      subject: storySubject(row.id, after.headline),
      detail: moved,
    });
  }
  await runWrite(db, {
    row,
    baseNumber: parts.revisionNumber,
    actorId: staff.accountId,
    now,
    note,
    resolved,
    currentFields: before,
    ...(live && moved.slug ? { oldSlug: row.slug } : {}),
    audits: allAudits,
  });
}

/**
 * Field by field, whatever the order of keys inside, and of tags (stored as a set, read back
 * by name): a save that changes nothing is none.
 */
function sameFields(a: StoryFields, b: StoryFields): boolean {
  const tagSet = (fields: StoryFields) => ({ ...fields, tags: [...fields.tags].sort() });
  const [x, y] = [tagSet(a), tagSet(b)];
  return (Object.keys(x) as (keyof StoryFields)[]).every(
    (key) => canonical(x[key]) === canonical(y[key]),
  );
}
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => x.localeCompare(y)))
      : inner,
  );
}

/** A write; a lost race for the revision is 409 `stale_revision`, for the slug `slug_taken`. */
export async function runWrite(db: Database, write: StoryWrite): Promise<void> {
  try {
    await writeStory(db, write);
  } catch (error) {
    if (isRevisionRace(error)) throw new ApiError("stale_revision");
    if (isSlugRace(error)) throw new ApiError("slug_taken", undefined, { field: "slug" });
    throw error;
  }
}

/** The story as it is now, for the caller. */
export async function storyAnswer(c: DeskContext, id: number) {
  const { db, now } = c.var;
  const row = await findStoryRow(db, id);
  if (!row) throw new ApiError("not_found", "There is no such story.");
  const parts = await loadStoryParts(db, row);
  return { story: toStory(row, parts, callerOf(c), now) };
}
