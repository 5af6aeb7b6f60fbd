import type { PersonRef, Story, StoryFields, StorySummary } from "../contract/newsroom-contract.ts";
import { StoryFieldsSchema } from "../contract/newsroom-contract.ts";
import type { MediaRow } from "../db/media-schema.ts";
import type { ArticleRow, CategoryRow, ImageRow, SectionRow } from "../db/schema.ts";
import { parseStoredBody } from "./body-blocks.ts";
import { storyPermissions, storyStatus, type Caller } from "./story-status.ts";

/**
 * Shaping between stored rows and the story desk's answers. A story's fields are read from
 * the article row and its links (the truth readers see), so a seeded article that has no
 * revision yet opens like any other; its revision is "0" until the first write from the desk.
 */

export const NO_REVISION = "0";

/** Everything a story's fields and answer refer to (`loadStoryParts` reads it in one go). */
export interface StoryParts {
  section: SectionRow | undefined;
  category: CategoryRow | undefined;
  /** In byline order. */
  authors: { slug: string; name: string }[];
  tags: string[];
  image: ImageRow | null;
  /** The lead photograph from the media library (issue 16), when the lead is one. */
  leadMedia: MediaRow | null;
  /** Oldest first. */
  corrections: { id: number; text: string; createdAt: Date; createdBy: string | null }[];
  /** The current revision's number; 0 when the story has none yet. */
  revisionNumber: number;
  /** Display names by account id, for the people the story names. */
  people: ReadonlyMap<string, string>;
}

/** What the desk's list reads of a story. */
export type StoryListRow = Pick<
  ArticleRow,
  | "id"
  | "headline"
  | "sectionId"
  | "status"
  | "publishedAt"
  | "submittedAt"
  | "unpublishedAt"
  | "createdBy"
  | "updatedAt"
  | "updatedBy"
>;

/** The revision a story shows, as every write must name it (`baseRevision`). */
export function revisionOf(row: Pick<ArticleRow, "currentRevisionId">): string {
  return row.currentRevisionId === null ? NO_REVISION : String(row.currentRevisionId);
}

export function personRef(
  id: string | null,
  people: ReadonlyMap<string, string>,
): PersonRef | null {
  if (id === null) return null;
  const displayName = people.get(id);
  return displayName === undefined ? null : { id, displayName };
}

/** The lead as the desk edits it: an illustration or a photograph, with the story's words. */
function leadImageFields(row: ArticleRow, parts: StoryParts): StoryFields["leadImage"] {
  const lead = parts.leadMedia ?? parts.image;
  if (!lead) return null;
  return {
    ...(parts.leadMedia ? { mediaId: parts.leadMedia.id } : { imageId: (lead as ImageRow).id }),
    alt: row.leadImageAlt ?? lead.alt,
    caption: row.leadImageCaption ?? lead.caption,
    credit: row.leadImageCredit ?? lead.credit,
  };
}

export function toStoryFields(row: ArticleRow, parts: StoryParts): StoryFields {
  return {
    headline: row.headline,
    standfirst: row.standfirst,
    body: parseStoredBody(row.body),
    section: parts.section?.slug ?? "",
    category: parts.category?.slug ?? "",
    authors: parts.authors.map((author) => author.slug),
    tags: parts.tags,
    slug: row.slug,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    leadImage: leadImageFields(row, parts),
  };
}

export function toStory(row: ArticleRow, parts: StoryParts, caller: Caller, now: Date): Story {
  const status = storyStatus(row, now);
  const live = status === "published" || status === "scheduled";
  return {
    id: String(row.id),
    revision: revisionOf(row),
    status,
    fields: toStoryFields(row, parts),
    publishedAt: live && row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: (row.createdAt ?? row.updatedAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: personRef(row.createdBy, parts.people),
    updatedBy: personRef(row.updatedBy, parts.people),
    corrections: parts.corrections.map((correction) => ({
      id: String(correction.id),
      at: correction.createdAt.toISOString(),
      text: correction.text,
      by: personRef(correction.createdBy, parts.people),
    })),
    can: storyPermissions(row, caller, now),
  };
}

export function toStorySummary(
  row: StoryListRow,
  refs: {
    sections: readonly { id: number; slug: string; name: string }[];
    byline: readonly { articleId: number; slug: string; name: string }[];
    people: ReadonlyMap<string, string>;
  },
  now: Date,
): StorySummary {
  const section = refs.sections.find((candidate) => candidate.id === row.sectionId);
  const status = storyStatus(row, now);
  const live = status === "published" || status === "scheduled";
  return {
    id: String(row.id),
    headline: row.headline,
    status,
    section: { slug: section?.slug ?? "", name: section?.name ?? "" },
    authors: refs.byline
      .filter((author) => author.articleId === row.id)
      .map(({ slug, name }) => ({ slug, name })),
    publishedAt: live && row.publishedAt ? row.publishedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: personRef(row.updatedBy, refs.people),
  };
}

/** A stored revision's fields (JSON written by the desk), or null when unreadable. */
export function parseRevisionFields(json: string): StoryFields | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const result = StoryFieldsSchema.safeParse(parsed);
  if (!result.success) return null;
  return { ...result.data, body: parseStoredBody(JSON.stringify(result.data.body)) };
}
