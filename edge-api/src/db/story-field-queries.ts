import { and, eq, inArray } from "drizzle-orm";
import type { StoryFields } from "../contract/newsroom-contract.ts";
import { sanitizeBody } from "../domain/body-blocks.ts";
import { bodyPhotographIds, withCurrentPhotographs } from "../domain/media-image-ref.ts";
import type { Database } from "./database.ts";
import { photographsQuery } from "./article-ref-queries.ts";
import { authors, categories, images, sections, tags } from "./schema.ts";

/** Distinct photographs one body may show (one lookup binds each id: D1 allows 100). */
export const MAX_BODY_PHOTOGRAPHS = 50;

/** A story's fields with everything they name looked up: what a write stores. */
export interface ResolvedFields {
  fields: StoryFields;
  sectionId: number;
  categoryId: number;
  authorIds: number[];
  tagIds: number[];
}

export type FieldProblem = { field: keyof StoryFields; message: string };

/**
 * Looks up what the fields name; the first field that names nothing is the problem. Every
 * photograph named (the lead and the body's) is looked up in one query; the body's photograph
 * blocks are rebuilt from the library (`media-image-ref.ts`), keeping the story's own words.
 */
export async function resolveStoryFields(
  db: Database,
  fields: StoryFields,
): Promise<{ ok: true; resolved: ResolvedFields } | ({ ok: false } & FieldProblem)> {
  const bodyPhotographs = bodyPhotographIds(fields.body);
  if (bodyPhotographs.length > MAX_BODY_PHOTOGRAPHS) {
    return {
      ok: false,
      field: "body",
      message: `A story can show at most ${MAX_BODY_PHOTOGRAPHS} different photographs in its body.`,
    };
  }
  const leadPhotograph = fields.leadImage?.mediaId;
  const photographIds = [
    ...new Set([...bodyPhotographs, ...(leadPhotograph ? [leadPhotograph] : [])]),
  ];
  const [sectionRows, categoryRows, authorRows, tagRows, imageRows, mediaRows] = await db.batch([
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
    photographsQuery(db, photographIds),
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
  if (fields.leadImage?.imageId !== undefined && !imageRows[0]) {
    return { ok: false, field: "leadImage", message: "That lead image does not exist." };
  }
  const library = new Map(mediaRows.map((row) => [row.id, row]));
  if (leadPhotograph && !library.has(leadPhotograph)) {
    return {
      ok: false,
      field: "leadImage",
      message: "That photograph is not in the media library.",
    };
  }
  const missing = bodyPhotographs.find((id) => !library.has(id));
  if (missing !== undefined) {
    return {
      ok: false,
      field: "body",
      message: `The photograph ${missing} in the body is not in the media library.`,
    };
  }
  const body = withCurrentPhotographs(fields.body, library);
  const uncredited = body.find(
    (block) => block.type === "image" && block.image.media && !block.image.credit.trim(),
  );
  if (uncredited?.type === "image") {
    return {
      ok: false,
      field: "body",
      message: `The photograph “${uncredited.image.alt.slice(0, 100)}” in the body needs a credit.`,
    };
  }
  const clean: StoryFields = {
    ...fields,
    authors: [...new Set(fields.authors)],
    tags: [...new Set(fields.tags)],
    body: sanitizeBody(body),
  };
  return {
    ok: true,
    resolved: { fields: clean, sectionId: section.id, categoryId: category.id, authorIds, tagIds },
  };
}
