import { and, eq, inArray } from "drizzle-orm";
import type { StoryFields } from "../contract/newsroom-contract.ts";
import { sanitizeBody } from "../domain/body-blocks.ts";
import type { Database } from "./database.ts";
import { authors, categories, images, sections, tags } from "./schema.ts";

/** A story's fields with everything they name looked up: what a write stores. */
export interface ResolvedFields {
  fields: StoryFields;
  sectionId: number;
  categoryId: number;
  authorIds: number[];
  tagIds: number[];
}

export type FieldProblem = { field: keyof StoryFields; message: string };

/** Looks up what the fields name; the first field that names nothing is the problem. */
export async function resolveStoryFields(
  db: Database,
  fields: StoryFields,
): Promise<{ ok: true; resolved: ResolvedFields } | ({ ok: false } & FieldProblem)> {
  const [sectionRows, categoryRows, authorRows, tagRows, imageRows] = await db.batch([
    db.select().from(sections).where(eq(sections.slug, fields.section)).limit(1),
    db
      .select({ id: categories.id, sectionId: categories.sectionId, slug: categories.slug })
      .from(categories)
      .innerJoin(sections, eq(sections.id, categories.sectionId))
      .where(and(eq(sections.slug, fields.section), eq(categories.slug, fields.category))),
    db
      .select({ id: authors.id, slug: authors.slug })
      .from(authors)
      .where(inArray(authors.slug, fields.authors)),
    db
      .select({ id: tags.id, slug: tags.slug })
      .from(tags)
      .where(inArray(tags.slug, fields.tags.length > 0 ? fields.tags : [""])),
    db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.id, fields.leadImage?.imageId ?? 0)),
  ]);
  const section = sectionRows[0];
  if (!section) return { ok: false, field: "section", message: "There is no such section." };
  const category = categoryRows[0];
  if (!category) {
    return { ok: false, field: "category", message: `That category is not in ${section.name}.` };
  }
  const authorIds: number[] = [];
  for (const slug of new Set(fields.authors)) {
    const author = authorRows.find((row) => row.slug === slug);
    if (!author) return { ok: false, field: "authors", message: `No author profile “${slug}”.` };
    authorIds.push(author.id);
  }
  const tagIds: number[] = [];
  for (const slug of new Set(fields.tags)) {
    const tag = tagRows.find((row) => row.slug === slug);
    if (!tag) return { ok: false, field: "tags", message: `No tag “${slug}”.` };
    tagIds.push(tag.id);
  }
  if (fields.leadImage && !imageRows[0]) {
    return { ok: false, field: "leadImage", message: "That lead image does not exist." };
  }
  const clean: StoryFields = {
    ...fields,
    authors: [...new Set(fields.authors)],
    tags: [...new Set(fields.tags)],
    body: sanitizeBody(fields.body),
  };
  return {
    ok: true,
    resolved: { fields: clean, sectionId: section.id, categoryId: category.id, authorIds, tagIds },
  };
}
