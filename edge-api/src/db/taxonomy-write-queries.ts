import { and, asc, desc, eq, ne, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AuthorBodySchema, TagBodySchema } from "../contract/newsroom-contract.ts";
import type { z } from "zod";
import { auditInsert, type AuditRecord } from "./audit-queries.ts";
import type { Database } from "./database.ts";
import { containsText } from "./text-contains.ts";
import { authors, categories, images, sections, tags } from "./schema.ts";

/**
 * The newsroom's side of the site's map: everything the story editor's pickers need, the
 * lead images to choose from, and the writes of sections, categories, authors and tags. Every
 * write goes in one batch with its audit entry; the content version moves by the triggers of
 * migration 0005 on these tables.
 */

export async function loadDeskTaxonomy(db: Database) {
  const [sectionRows, categoryRows, authorRows, tagRows] = await db.batch([
    db.select().from(sections).orderBy(asc(sections.position), asc(sections.id)),
    db.select().from(categories).orderBy(asc(categories.name), asc(categories.id)),
    db.select().from(authors).orderBy(asc(authors.name), asc(authors.id)),
    db.select().from(tags).orderBy(asc(tags.name), asc(tags.id)),
  ]);
  return { sectionRows, categoryRows, authorRows, tagRows };
}

/** Lead images, newest first; `q` matches words of the alt text or caption. */
export function listDeskImages(db: Database, q: string | undefined, limit: number) {
  const matches = q ? or(containsText(images.alt, q), containsText(images.caption, q)) : undefined;
  return db
    .select()
    .from(images)
    .where(and(eq(images.kind, "lead"), matches))
    .orderBy(desc(images.id))
    .limit(limit);
}

/** Runs `statement` and its audit entry together; answers the statement's rows. */
export async function withAudit<T>(
  db: Database,
  statement: BatchItem<"sqlite"> & PromiseLike<T>,
  audit: AuditRecord,
): Promise<T> {
  const [rows] = await db.batch([statement, auditInsert(db, audit)]);
  return rows as T;
}

export function findSectionById(db: Database, id: number) {
  return db.select().from(sections).where(eq(sections.id, id)).limit(1);
}
export function findCategoryById(db: Database, id: number) {
  return db.select().from(categories).where(eq(categories.id, id)).limit(1);
}
export function findAuthorById(db: Database, id: number) {
  return db.select().from(authors).where(eq(authors.id, id)).limit(1);
}
export function findTagById(db: Database, id: number) {
  return db.select().from(tags).where(eq(tags.id, id)).limit(1);
}

/** Is a slug used by another row (`except` is the row being edited)? */
export async function sectionSlugTaken(db: Database, slug: string, except?: number) {
  const rows = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.slug, slug), except === undefined ? undefined : ne(sections.id, except)))
    .limit(1);
  return rows.length > 0;
}
export async function categorySlugTaken(
  db: Database,
  sectionId: number,
  slug: string,
  except?: number,
) {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.sectionId, sectionId),
        eq(categories.slug, slug),
        except === undefined ? undefined : ne(categories.id, except),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
export async function authorSlugTaken(db: Database, slug: string, except?: number) {
  const rows = await db
    .select({ id: authors.id })
    .from(authors)
    .where(and(eq(authors.slug, slug), except === undefined ? undefined : ne(authors.id, except)))
    .limit(1);
  return rows.length > 0;
}
export async function tagSlugTaken(db: Database, slug: string, except?: number) {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.slug, slug), except === undefined ? undefined : ne(tags.id, except)))
    .limit(1);
  return rows.length > 0;
}

export function categoryInsert(db: Database, sectionId: number, slug: string, name: string) {
  return db.insert(categories).values({ sectionId, slug, name }).returning();
}
export function categoryUpdate(db: Database, id: number, slug: string, name: string) {
  return db.update(categories).set({ slug, name }).where(eq(categories.id, id)).returning();
}

type AuthorBody = z.infer<typeof AuthorBodySchema>;
export function authorInsert(db: Database, body: AuthorBody) {
  return db
    .insert(authors)
    .values({ slug: body.slug, name: body.name, title: body.jobTitle, bio: body.bio })
    .returning();
}
export function authorUpdate(db: Database, id: number, body: AuthorBody) {
  return db
    .update(authors)
    .set({ slug: body.slug, name: body.name, title: body.jobTitle, bio: body.bio })
    .where(eq(authors.id, id))
    .returning();
}

type TagBody = z.infer<typeof TagBodySchema>;
export function tagInsert(db: Database, body: TagBody) {
  return db.insert(tags).values(body).returning();
}
export function tagUpdate(db: Database, id: number, body: TagBody) {
  return db.update(tags).set(body).where(eq(tags.id, id)).returning();
}

/** New positions 1, 2, 3… in the order given, with the audit entry, in one batch. */
export async function reorderSections(db: Database, ids: readonly number[], audit: AuditRecord) {
  const statements: BatchItem<"sqlite">[] = ids.map((id, index) =>
    db
      .update(sections)
      .set({ position: index + 1 })
      .where(eq(sections.id, id)),
  );
  statements.push(auditInsert(db, audit));
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
