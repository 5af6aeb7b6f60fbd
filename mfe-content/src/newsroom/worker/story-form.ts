import { z } from "zod";
import { BodyBlockSchema, type BodyBlock } from "edge-api/contract/content";
import {
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  StoryFieldsSchema,
  type Story,
  type StoryFields,
} from "edge-api/contract/newsroom";
import type { ProblemView, StoryFormValues } from "../ui/newsroom-views.ts";
import { slugFrom } from "edge-api/contract/slug-from";

/**
 * The story editor's form: urlencoded fields (one value a name, so each author and tag is its
 * own checkbox, `author:<slug>` and `tag:<slug>`) to the contract's `StoryFields`, with a
 * message next to each field that is wrong, and the other way for a story the API sent.
 */

export const AUTHOR_PREFIX = "author:";
export const TAG_PREFIX = "tag:";
/** The lead image select's value for a photograph (`media:<id>`); an illustration's is its number. */
export const MEDIA_PREFIX = "media:";

/** What the lead image select names: an illustration or a library photograph. */
export type LeadChoice = { imageId: number } | { mediaId: string };

const ILLUSTRATION_VALUE = /^[1-9][0-9]{0,9}$/;
const MEDIA_VALUE = /^media:([0-9a-f]{32})$/;

/** The select's value for a stored lead. */
export function leadValueOf(lead: { imageId?: number; mediaId?: string }): string {
  return lead.mediaId !== undefined ? `${MEDIA_PREFIX}${lead.mediaId}` : String(lead.imageId);
}

/** The lead the select's value names, or null when it names none (empty or malformed). */
export function leadChoiceOf(value: string): LeadChoice | null {
  const media = MEDIA_VALUE.exec(value);
  if (media?.[1]) return { mediaId: media[1] };
  return ILLUSTRATION_VALUE.test(value) ? { imageId: Number(value) } : null;
}

const BodySchema = z.array(BodyBlockSchema).max(400);

/** A slug proposed from a headline (the same rule the editor applies as it is typed). */
export const slugFromHeadline = (headline: string): string => slugFrom(headline);

function checked(form: Readonly<Record<string, string>>, prefix: string): string[] {
  return Object.keys(form)
    .filter((key) => key.startsWith(prefix) && key.length > prefix.length)
    .map((key) => key.slice(prefix.length));
}

const text = (form: Readonly<Record<string, string>>, name: string): string => form[name] ?? "";

export function formValues(form: Readonly<Record<string, string>>): StoryFormValues {
  return {
    headline: text(form, "headline"),
    standfirst: text(form, "standfirst"),
    section: text(form, "section"),
    category: text(form, "category"),
    authors: checked(form, AUTHOR_PREFIX),
    tags: checked(form, TAG_PREFIX),
    slug: text(form, "slug").trim(),
    seoTitle: text(form, "seoTitle"),
    seoDescription: text(form, "seoDescription"),
    leadImage: text(form, "leadImage"),
    leadImageAlt: text(form, "leadImageAlt"),
    leadImageCaption: text(form, "leadImageCaption"),
    leadImageCredit: text(form, "leadImageCredit"),
    newAuthorName: text(form, "newAuthorName").trim(),
    newAuthorJobTitle: text(form, "newAuthorJobTitle").trim(),
    newTags: text(form, "newTags"),
  };
}

export function valuesOfStory(fields: StoryFields): StoryFormValues {
  return {
    headline: fields.headline,
    standfirst: fields.standfirst,
    section: fields.section,
    category: fields.category,
    authors: fields.authors,
    tags: fields.tags,
    slug: fields.slug,
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
    leadImage: fields.leadImage ? leadValueOf(fields.leadImage) : "",
    leadImageAlt: fields.leadImage?.alt ?? "",
    leadImageCaption: fields.leadImage?.caption ?? "",
    leadImageCredit: fields.leadImage?.credit ?? "",
    newAuthorName: "",
    newAuthorJobTitle: "",
    newTags: "",
  };
}

export const emptyValues: StoryFormValues = {
  headline: "",
  standfirst: "",
  section: "",
  category: "",
  authors: [],
  tags: [],
  slug: "",
  seoTitle: "",
  seoDescription: "",
  leadImage: "",
  leadImageAlt: "",
  leadImageCaption: "",
  leadImageCredit: "",
  newAuthorName: "",
  newAuthorJobTitle: "",
  newTags: "",
};

/** An image's own words, as the library or the illustrations list holds them. */
export interface ImageWords {
  alt: string;
  caption: string;
  credit: string;
}

const LEAD_WORDS = [
  ["leadImageAlt", "alt"],
  ["leadImageCaption", "caption"],
  ["leadImageCredit", "credit"],
] as const;

/**
 * A newly chosen lead photograph's own words, what the editor's script does as an image is
 * chosen, done on the server for a form sent without it. A field that still says what it said
 * of the previous lead (`before`: the person did not write it for this story) takes the new
 * photograph's words, so the alt text never describes the picture that was replaced; with no
 * alt text at all, every empty field is filled too. A form with alt text keeps a caption or
 * credit the person emptied on purpose, and words the person wrote stay.
 */
export function fillLeadWords(
  values: StoryFormValues,
  words: ImageWords | null,
  before: ImageWords | null = null,
): void {
  if (!words) return;
  const noAlt = values.leadImageAlt.trim() === "";
  for (const [field, word] of LEAD_WORDS) {
    const sent = values[field].trim();
    const asBefore = before !== null && sent !== "" && sent === before[word].trim();
    if ((noAlt && sent === "") || asBefore) values[field] = words[word];
  }
}

/** The hidden `body` field: JSON blocks, or a problem when it cannot be read. */
export function bodyOf(form: Readonly<Record<string, string>>): BodyBlock[] | null {
  const raw = form.body ?? "[]";
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw === "" ? "[]" : raw);
  } catch {
    return null;
  }
  const body = BodySchema.safeParse(parsed);
  return body.success ? body.data : null;
}

const messages: Readonly<Record<string, string>> = {
  headline: "Write a headline of up to 200 characters.",
  standfirst: "The standfirst is up to 600 characters.",
  body: "The body could not be read. Reload the editor and try again; your text is kept in this browser.",
  section: "Choose a section.",
  category: "Choose a category of the chosen section.",
  authors: "Choose at least one author (up to 10).",
  tags: "Choose up to 20 tags.",
  slug: "The slug may use lower-case letters, digits and single hyphens, up to 120 characters.",
  seoTitle: `The SEO title is up to ${SEO_TITLE_MAX} characters.`,
  seoDescription: `The SEO description is up to ${SEO_DESCRIPTION_MAX} characters.`,
  leadImage: "Choose one of the photographs or illustrations in the list.",
  leadImageAlt: "Describe the image for readers who cannot see it (up to 500 characters).",
  leadImageCaption: "The caption is up to 500 characters.",
  leadImageCredit: "Credit the image: who made it or where it comes from (up to 500 characters).",
};

/** What the editor says about a field the API refused, if it has words for it. */
export function messageOf(field: string): string | undefined {
  if (field === "publishDate")
    return "Choose a date and time ahead of now, in the publication's time zone.";
  return messages[field];
}

export function problem(field: string, message?: string): ProblemView {
  return { field, message: message ?? messages[field] ?? "Check this field." };
}

/** The form field a contract issue is about (`leadImage.alt` is `leadImageAlt`). */
function fieldOfIssue(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === "leadImage" && typeof second === "string") {
    return second === "imageId" || second === "mediaId"
      ? "leadImage"
      : `leadImage${second[0]?.toUpperCase()}${second.slice(1)}`;
  }
  return typeof first === "string" ? first : "form";
}

export type FieldsResult =
  { ok: true; fields: StoryFields } | { ok: false; problems: ProblemView[] };

/**
 * The story's fields from the form's values and body, checked with the contract's schema.
 * An empty slug is proposed from the headline; a lead image needs alt text and a credit.
 */
export function toStoryFields(values: StoryFormValues, body: BodyBlock[] | null): FieldsResult {
  const candidate = {
    headline: values.headline,
    standfirst: values.standfirst,
    body: body ?? [],
    section: values.section,
    category: values.category,
    authors: values.authors,
    tags: values.tags,
    slug: values.slug === "" ? slugFromHeadline(values.headline) : values.slug,
    seoTitle: values.seoTitle,
    seoDescription: values.seoDescription,
    leadImage:
      values.leadImage === ""
        ? null
        : {
            // A value that names no image fails the contract's check, on the select.
            ...(leadChoiceOf(values.leadImage) ?? { imageId: -1 }),
            alt: values.leadImageAlt,
            caption: values.leadImageCaption,
            credit: values.leadImageCredit,
          },
  };
  const parsed = StoryFieldsSchema.safeParse(candidate);
  const problems: ProblemView[] = body === null ? [problem("body")] : [];
  if (parsed.success && problems.length === 0) return { ok: true, fields: parsed.data };
  const seen = new Set(problems.map((p) => p.field));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOfIssue(issue.path);
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push(problem(field));
  }
  return { ok: false, problems };
}

/** Equal fields need no new revision (a workflow button on an unchanged form). */
export function sameFields(a: StoryFields, b: StoryFields): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Authors in byline order: the story's order for those kept, then new ones as listed. */
export function bylineOrder(story: Story | null, chosen: string[]): string[] {
  const before = story?.fields.authors ?? [];
  return [
    ...before.filter((slug) => chosen.includes(slug)),
    ...chosen.filter((slug) => !before.includes(slug)),
  ];
}
