import type { BodyBlock } from "edge-api/contract/content";
import {
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  type Story,
  type StoryFields,
} from "edge-api/contract/newsroom";
import type { AnswerOf } from "edge-api/contract/endpoints";
import type { MediaItem } from "edge-api/contract/media";
import { hrefFor } from "shell/contract/addresses";
import type { LoadOutcome, PageStatus } from "shell/fragment-kit/server";
import type {
  ConflictView,
  EditorNotice,
  EditorPhotoView,
  ProblemView,
  StoryEditorView,
  StoryFormValues,
} from "../ui/newsroom-views.ts";
import { newsroomPage, publicationView, type NewsroomContext } from "./newsroom-answers.ts";
import { mediaImage } from "./media-image-view.ts";
import { emptyValues, MEDIA_PREFIX, valuesOfStory } from "./story-form.ts";
import { zonedParts } from "./zoned-time.ts";

/** The editor page's view, from the story (null for a new one) and what the form holds. */

export type Taxonomy = AnswerOf<"taxonomy">;
export type DeskImages = AnswerOf<"deskImages">["images"];

export interface EditorState {
  story: Story | null;
  taxonomy: Taxonomy;
  images: DeskImages;
  /** The library's newest photographs, then the lead photograph if it is older. */
  photographs: MediaItem[];
  values?: StoryFormValues;
  body?: BodyBlock[];
  problems?: ProblemView[];
  notice?: EditorNotice | null;
  conflict?: ConflictView | null;
  confirmUnpublish?: boolean;
  correctionText?: string;
  /** The revision the form names as its base (a conflict names the current one). */
  revision?: string | null;
}

const NEW_STORY_CAN = {
  edit: true,
  submit: false,
  publish: false,
  unpublish: false,
  correct: false,
} as const;

export function editorAddress(story: Pick<Story, "id"> | null): string {
  return story
    ? hrefFor("content.newsroom-story", { id: story.id })
    : hrefFor("content.newsroom-new-story");
}

/** When a scheduled story goes live, or the next whole hour, in the publication's zone. */
function scheduleDefault(story: Story | null, now: Date, timeZone: string) {
  const ahead = story?.publishedAt ? new Date(story.publishedAt) : null;
  if (ahead && ahead.getTime() > now.getTime()) return zonedParts(ahead, timeZone);
  const nextHour = new Date(Math.ceil((now.getTime() + 60_000) / 3_600_000) * 3_600_000);
  return zonedParts(nextHour, timeZone);
}

/** The thumbnails are about 10rem wide (`.c-nr-thumb`); 480 covers a 2x screen. */
const THUMB_SIZES = "10rem";
const THUMB_MAX_WIDTH = 480;

export function photoView(media: MediaItem): EditorPhotoView {
  const { full } = media.uses;
  return {
    id: media.id,
    revision: media.revision,
    value: `${MEDIA_PREFIX}${media.id}`,
    alt: media.alt,
    caption: media.caption,
    credit: media.credit,
    href: hrefFor("content.newsroom-media-item", { id: media.id }),
    leadThumb: mediaImage(media, "wide", THUMB_SIZES, THUMB_MAX_WIDTH),
    thumb: mediaImage(media, "full", THUMB_SIZES, THUMB_MAX_WIDTH),
    full: { widths: full.widths, width: full.rect.width, height: full.rect.height },
  };
}

export function editorView(context: NewsroomContext, state: EditorState): StoryEditorView {
  const { story, taxonomy, images } = state;
  const fields: StoryFields | null = story?.fields ?? null;
  const role = context.request.viewer?.role;
  return {
    view: "story-editor",
    publication: publicationView(context.publication),
    action: editorAddress(story),
    storyId: story?.id ?? null,
    revision: state.revision !== undefined ? state.revision : (story?.revision ?? null),
    status: story?.status ?? null,
    publishedAt: story?.publishedAt ?? null,
    updatedAt: story?.updatedAt ?? null,
    values: state.values ?? (fields ? valuesOfStory(fields) : emptyValues),
    body: state.body ?? fields?.body ?? [],
    sections: taxonomy.sections.map((section) => ({
      slug: section.slug,
      name: section.name,
      categories: section.categories.map((c) => ({ value: c.slug, label: c.name })),
    })),
    authors: taxonomy.authors.map((author) => ({ value: author.slug, label: author.name })),
    tags: taxonomy.tags.map((tag) => ({ value: tag.slug, label: tag.name })),
    images: images.map((image) => ({
      id: image.id,
      src: image.src,
      alt: image.alt,
      caption: image.caption,
      credit: image.credit,
      width: image.width,
      height: image.height,
    })),
    photographs: state.photographs.map(photoView),
    can: story?.can ?? NEW_STORY_CAN,
    canCreateTaxonomy: role === "editor" || role === "admin",
    problems: state.problems ?? [],
    notice: state.notice ?? null,
    conflict: state.conflict ?? null,
    confirmUnpublish: state.confirmUnpublish ?? false,
    corrections: (story?.corrections ?? []).map((correction) => ({
      at: correction.at,
      text: correction.text,
      by: correction.by?.displayName ?? null,
    })),
    revisionsHref: story ? hrefFor("content.newsroom-revisions", { id: story.id }) : null,
    liveHref: story ? hrefFor("content.newsroom-live", { id: story.id }) : null,
    deskHref: hrefFor("content.newsroom"),
    schedule: scheduleDefault(story, context.now, context.publication.timeZone),
    seoTitleMax: SEO_TITLE_MAX,
    seoDescriptionMax: SEO_DESCRIPTION_MAX,
    correctionText: state.correctionText ?? "",
  };
}

export function editorPage(
  context: NewsroomContext,
  state: EditorState,
  status: PageStatus = 200,
): LoadOutcome {
  const title = state.story ? `Edit “${state.story.fields.headline}”` : "New story";
  return newsroomPage(context, title, editorView(context, state), status);
}
