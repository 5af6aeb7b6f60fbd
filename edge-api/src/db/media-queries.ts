import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CropUse, MediaRect } from "../contract/media-contract.ts";
import { users } from "./account-schema.ts";
import { auditInsert, auditInsertWhen, type AuditRecord } from "./audit-queries.ts";
import type { Database } from "./database.ts";
import { containsText } from "./text-contains.ts";
import { CROP_COLUMNS, type MediaWithUploader } from "../domain/media-shaping.ts";
import { media, type MediaRow } from "./media-schema.ts";

/**
 * The media library's reads and writes. Search is `containsText` over alt, caption and credit (decision
 * 0022): a newsroom's library is thousands of rows, not millions, a search box wants parts of
 * words and names ("harb", "Reuters"), and FTS5 would add a shadow table and triggers for no
 * gain at that size.
 */

export const MEDIA_PAGE_SIZE = 30;

function selectWithUploader(db: Database) {
  return db
    .select({ row: media, uploaderId: users.id, uploaderName: users.displayName })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy));
}

function withUploader(found: {
  row: MediaRow;
  uploaderId: string | null;
  uploaderName: string | null;
}): MediaWithUploader {
  return {
    row: found.row,
    uploader:
      found.uploaderId === null
        ? null
        : { id: found.uploaderId, displayName: found.uploaderName ?? "" },
  };
}

export async function findMedia(db: Database, id: string): Promise<MediaWithUploader | null> {
  const [found] = await selectWithUploader(db).where(eq(media.id, id)).limit(1);
  return found ? withUploader(found) : null;
}

/** The row alone, for serving variants (no join). */
export async function findMediaRow(db: Database, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

export interface MediaKeyset {
  createdAt: Date;
  id: string;
}

/** A page of the library, newest first, after `before`; one row more than asked tells if more. */
export async function listMedia(
  db: Database,
  query: { q: string | undefined; before: MediaKeyset | null; limit: number },
): Promise<MediaWithUploader[]> {
  const words = query.q;
  const conditions: (SQL | undefined)[] = [
    words
      ? or(
          containsText(media.alt, words),
          containsText(media.caption, words),
          containsText(media.credit, words),
        )
      : undefined,
    query.before
      ? or(
          lt(media.createdAt, query.before.createdAt),
          and(eq(media.createdAt, query.before.createdAt), lt(media.id, query.before.id)),
        )
      : undefined,
  ];
  const rows = await selectWithUploader(db)
    .where(and(...conditions))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(query.limit + 1);
  return rows.map(withUploader);
}

export type { MediaWithUploader };

export type NewMedia = typeof media.$inferInsert;

/** Inserts the row and its audit entry together (with `alongside`, e.g. an import's record). */
export async function insertMedia(
  db: Database,
  row: NewMedia,
  audit: AuditRecord,
  alongside: BatchItem<"sqlite">[] = [],
): Promise<void> {
  await db.batch([db.insert(media).values(row), auditInsert(db, audit), ...alongside]);
}

export interface MediaEdit {
  alt?: string;
  caption?: string;
  credit?: string;
  focalX?: number;
  focalY?: number;
  crops?: Partial<Record<CropUse, MediaRect | null>>;
}

function cropValues(use: CropUse, crop: MediaRect | null): Partial<MediaRow> {
  const [x, y, width, height] = CROP_COLUMNS[use];
  return {
    [x]: crop?.x ?? null,
    [y]: crop?.y ?? null,
    [width]: crop?.width ?? null,
    [height]: crop?.height ?? null,
  };
}

/**
 * Applies an edit if the row is still at `baseRevision` (moving it by one), with its audit
 * entry in the same batch, written only when the row is at that revision; false
 * when another edit got there first.
 */
export async function updateMedia(
  db: Database,
  target: { id: string; baseRevision: number; now: Date },
  edit: MediaEdit,
  audit: AuditRecord,
): Promise<boolean> {
  const { crops, ...fields } = edit;
  // An edit names only what changes: a field left out stays as it is.
  const named = Object.entries(fields).filter(([, value]) => value !== undefined);
  const values: Partial<MediaRow> = { ...Object.fromEntries(named), updatedAt: target.now };
  for (const [use, crop] of Object.entries(crops ?? {}) as [CropUse, MediaRect | null][]) {
    Object.assign(values, cropValues(use, crop));
  }
  const atBase = sql`EXISTS (SELECT 1 FROM media WHERE id = ${target.id} AND revision = ${target.baseRevision})`;
  // The audit entry first, on the same condition as the update: both or neither.
  const [, updated] = await db.batch([
    auditInsertWhen(db, audit, atBase),
    db
      .update(media)
      .set({ ...values, revision: sql`${media.revision} + 1` })
      .where(and(eq(media.id, target.id), eq(media.revision, target.baseRevision)))
      .returning({ id: media.id }),
  ]);
  return updated.length === 1;
}
