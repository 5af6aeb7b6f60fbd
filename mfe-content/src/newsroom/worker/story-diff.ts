import { diffLines, diffWordsWithSpace, type Change } from "diff";
import type { StoryFields } from "edge-api/contract/newsroom";
import { blocksToText } from "../body/lexical-blocks.ts";
import type { DiffPartView, FieldChangeView } from "../ui/newsroom-views.ts";

/**
 * What changed between two versions of a story, field by field, for the 409 page and the
 * revision history: short fields as a word diff, the body as a line diff of its text (one block
 * a line), lists of slugs and the lead image as their text. Unchanged fields are left out.
 */

const fieldLabels: ReadonlyArray<[keyof StoryFields, string]> = [
  ["headline", "Headline"],
  ["standfirst", "Standfirst"],
  ["body", "Body"],
  ["section", "Section"],
  ["category", "Category"],
  ["authors", "Authors"],
  ["tags", "Tags"],
  ["slug", "Slug"],
  ["seoTitle", "SEO title"],
  ["seoDescription", "SEO description"],
  ["leadImage", "Lead image"],
];

function asText(fields: StoryFields, field: keyof StoryFields): string {
  switch (field) {
    case "body":
      return blocksToText(fields.body);
    case "authors":
    case "tags":
      return fields[field].join(", ");
    case "leadImage": {
      const image = fields.leadImage;
      if (!image) return "";
      const which =
        image.mediaId !== undefined ? `Photograph ${image.mediaId}` : `Image ${image.imageId}`;
      return `${which}; alt: ${image.alt}; caption: ${image.caption}; credit: ${image.credit}`;
    }
    default:
      return fields[field];
  }
}

function parts(changes: Change[]): DiffPartView[] {
  return changes.map((change) => ({
    text: change.value,
    change: change.added ? "added" : change.removed ? "removed" : "same",
  }));
}

/** The text diff of `before` to `after` (lines for `lines`, else words). */
export function textDiff(before: string, after: string, lines = false): DiffPartView[] {
  return parts(lines ? diffLines(before, after) : diffWordsWithSpace(before, after));
}

export function storyChanges(before: StoryFields, after: StoryFields): FieldChangeView[] {
  const changes: FieldChangeView[] = [];
  for (const [field, label] of fieldLabels) {
    const a = asText(before, field);
    const b = asText(after, field);
    if (a === b) continue;
    changes.push({ field, label, parts: textDiff(a, b, field === "body") });
  }
  return changes;
}
