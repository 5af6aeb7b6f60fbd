import type { z } from "zod";
import type {
  DeskAuthorSchema,
  DeskCategorySchema,
  DeskImageSchema,
  DeskSectionSchema,
  DeskTagSchema,
} from "../contract/newsroom-contract.ts";
import type { AuthorRow, CategoryRow, ImageRow, SectionRow, TagRow } from "../db/schema.ts";
import { imagePath } from "./image-shaping.ts";

/** The site's map as the story desk's pickers and screens see it (ids as strings). */

export type DeskSection = z.infer<typeof DeskSectionSchema>;
export type DeskCategory = z.infer<typeof DeskCategorySchema>;
export type DeskAuthor = z.infer<typeof DeskAuthorSchema>;
export type DeskTag = z.infer<typeof DeskTagSchema>;
export type DeskImage = z.infer<typeof DeskImageSchema>;

export function toDeskCategory(row: CategoryRow): DeskCategory {
  return { id: String(row.id), slug: row.slug, name: row.name };
}

export function toDeskSection(row: SectionRow, categories: readonly CategoryRow[]): DeskSection {
  return {
    id: String(row.id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    position: row.position,
    categories: categories.filter((category) => category.sectionId === row.id).map(toDeskCategory),
  };
}

export function toDeskAuthor(row: AuthorRow): DeskAuthor {
  return { id: String(row.id), slug: row.slug, name: row.name, jobTitle: row.title, bio: row.bio };
}

export function toDeskTag(row: TagRow): DeskTag {
  return { id: String(row.id), slug: row.slug, name: row.name, description: row.description };
}

export function toDeskImage(row: ImageRow): DeskImage {
  return {
    id: row.id,
    src: imagePath(row.id),
    alt: row.alt,
    caption: row.caption,
    credit: row.credit,
    width: row.width,
    height: row.height,
  };
}
