import { and, asc, eq } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import type { Database } from "./database.ts";
import { authors, categories, pages, sections, tags } from "./schema.ts";
import type { AuthorRow, CategoryRow, PageRow, SectionRow, TagRow } from "./schema.ts";

/** Every section in the order of the site's menus (a query, for the caller's batch). */
export function listSectionsQuery(db: Database) {
  return db.select().from(sections).orderBy(asc(sections.position), asc(sections.id));
}

export function listSections(db: Database): Promise<SectionRow[]> {
  return listSectionsQuery(db);
}

export function listCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.sectionId), asc(categories.id));
}

/** A section's categories (a query: `sectionId` may be a subquery, see `listing-page-queries.ts`). */
export function categoriesOfSectionQuery(db: Database, sectionId: number | SQL) {
  return db
    .select()
    .from(categories)
    .where(eq(categories.sectionId, sectionId))
    .orderBy(asc(categories.id));
}

export function listCategoriesOfSection(db: Database, sectionId: number): Promise<CategoryRow[]> {
  return categoriesOfSectionQuery(db, sectionId);
}

type Slug = string | Placeholder;

/** The row with `slug` (a query, for the caller's batch or a statement built once). */
export function sectionBySlugQuery(db: Database, slug: Slug) {
  return db.select().from(sections).where(eq(sections.slug, slug)).limit(1);
}

export function categoryBySlugQuery(db: Database, sectionId: number | SQL, slug: Slug) {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.sectionId, sectionId), eq(categories.slug, slug)))
    .limit(1);
}

export function authorBySlugQuery(db: Database, slug: Slug) {
  return db.select().from(authors).where(eq(authors.slug, slug)).limit(1);
}

export function tagBySlugQuery(db: Database, slug: Slug) {
  return db.select().from(tags).where(eq(tags.slug, slug)).limit(1);
}

export async function findSectionBySlug(
  db: Database,
  slug: string,
): Promise<SectionRow | undefined> {
  const rows = await sectionBySlugQuery(db, slug);
  return rows[0];
}

export async function findCategoryBySlug(
  db: Database,
  sectionId: number,
  slug: string,
): Promise<CategoryRow | undefined> {
  const rows = await categoryBySlugQuery(db, sectionId, slug);
  return rows[0];
}

export async function findAuthorBySlug(db: Database, slug: string): Promise<AuthorRow | undefined> {
  const rows = await authorBySlugQuery(db, slug);
  return rows[0];
}

export async function findTagBySlug(db: Database, slug: string): Promise<TagRow | undefined> {
  const rows = await tagBySlugQuery(db, slug);
  return rows[0];
}

export async function findPageBySlug(db: Database, slug: string): Promise<PageRow | undefined> {
  const rows = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return rows[0];
}
