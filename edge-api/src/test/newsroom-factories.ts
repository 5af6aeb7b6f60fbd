import {
  DeskImagesAnswerSchema,
  PreviewAnswerSchema,
  RevisionAnswerSchema,
  RevisionsAnswerSchema,
  StoriesAnswerSchema,
  StoryAnswerSchema,
  TaxonomyAnswerSchema,
  type Story,
  type StoryFields,
  type StorySummary,
} from "../contract/newsroom-contract.ts";
import type { z } from "zod";
import { aLiveUpdate, anArticleDetail } from "./content-factories.ts";
import type { DeskLive, DeskLiveUpdate } from "../contract/live-contract.ts";
import type { ArticleResponse } from "../contract/article-contract.ts";

/**
 * Story desk answers as the API serves them (`edge-api/fake/newsroom`), for the content team's
 * newsroom tests. Each factory checks its result against the contract, so an override the API
 * would never send fails where it is made. Override only what the test asserts on.
 */

export type DeskSection = z.infer<typeof TaxonomyAnswerSchema>["sections"][number];
export type DeskAuthor = z.infer<typeof TaxonomyAnswerSchema>["authors"][number];
export type DeskTag = z.infer<typeof TaxonomyAnswerSchema>["tags"][number];
export type DeskImage = z.infer<typeof DeskImagesAnswerSchema>["images"][number];
export type RevisionSummary = z.infer<typeof RevisionsAnswerSchema>["revisions"][number];
export type RevisionDetail = z.infer<typeof RevisionAnswerSchema>["revision"];
export type PreviewAnswer = z.infer<typeof PreviewAnswerSchema>;

let sequence = 0;
const nextNumber = (): number => ++sequence;

const EDITOR = { id: "acc_editor", displayName: "Eda Editor" };
const CONTRIBUTOR = { id: "acc_contributor", displayName: "Colin Contributor" };

export function storyFields(overrides: Partial<StoryFields> = {}): StoryFields {
  return {
    headline: "Harbour bridge reopens after three years",
    standfirst: "The crossing carries traffic again from Saturday morning.",
    body: [
      {
        type: "paragraph",
        text: "The bridge reopened on Saturday, the council said.",
        runs: [
          { text: "The bridge reopened on Saturday, the " },
          { text: "council said", href: "https://example.org/council" },
          { text: "." },
        ],
      },
      { type: "heading", text: "What comes next" },
      { type: "list", items: ["New cycle lanes", "Wider footpaths"] },
    ],
    section: "world",
    category: "europe",
    authors: ["ada-okafor"],
    tags: ["infrastructure"],
    slug: "harbour-bridge-reopens-after-three-years",
    seoTitle: "",
    seoDescription: "",
    leadImage: {
      imageId: 12,
      alt: "The harbour bridge at dawn",
      caption: "The bridge on its first morning open.",
      credit: "Photograph: Daily Edge staff",
    },
    ...overrides,
  };
}

/** A story as `GET /api/newsroom/stories/:id` answers it: a draft the caller may edit. */
export function aStory(overrides: Partial<Story> = {}): Story {
  const n = nextNumber();
  const story: Story = {
    id: String(1000 + n),
    revision: "1",
    status: "draft",
    fields: storyFields(),
    publishedAt: null,
    createdAt: "2026-11-21T09:00:00.000Z",
    updatedAt: "2026-11-21T09:30:00.000Z",
    createdBy: CONTRIBUTOR,
    updatedBy: CONTRIBUTOR,
    corrections: [],
    can: { edit: true, submit: true, publish: true, unpublish: false, correct: false },
    ...overrides,
  };
  return StoryAnswerSchema.parse({ story }).story;
}

/** A published story (an editor's view: may edit, unpublish and correct). */
export function aPublishedStory(overrides: Partial<Story> = {}): Story {
  return aStory({
    status: "published",
    publishedAt: "2026-11-21T10:00:00.000Z",
    updatedBy: EDITOR,
    can: { edit: true, submit: false, publish: false, unpublish: true, correct: true },
    ...overrides,
  });
}

export function aStorySummary(overrides: Partial<StorySummary> = {}): StorySummary {
  const n = nextNumber();
  const summary: StorySummary = {
    id: String(1000 + n),
    headline: `Story number ${n} on the desk`,
    status: "draft",
    section: { slug: "world", name: "World" },
    authors: [{ slug: "ada-okafor", name: "Ada Okafor" }],
    publishedAt: null,
    updatedAt: "2026-11-21T09:30:00.000Z",
    updatedBy: CONTRIBUTOR,
    ...overrides,
  };
  return StoriesAnswerSchema.parse({ stories: [summary], nextCursor: null }).stories[0]!;
}

export function aStoriesAnswer(
  overrides: Partial<z.infer<typeof StoriesAnswerSchema>> = {},
): z.infer<typeof StoriesAnswerSchema> {
  return StoriesAnswerSchema.parse({
    stories: [
      aStorySummary(),
      aStorySummary({ status: "submitted" }),
      aStorySummary({ status: "published", publishedAt: "2026-11-21T10:00:00.000Z" }),
    ],
    nextCursor: null,
    ...overrides,
  });
}

export function aDeskSection(overrides: Partial<DeskSection> = {}): DeskSection {
  return {
    id: "1",
    slug: "world",
    name: "World",
    description: "Reporting from every continent.",
    position: 0,
    categories: [
      { id: "1", slug: "europe", name: "Europe" },
      { id: "2", slug: "asia", name: "Asia" },
    ],
    ...overrides,
  };
}

export function aDeskAuthor(overrides: Partial<DeskAuthor> = {}): DeskAuthor {
  return {
    id: "1",
    slug: "ada-okafor",
    name: "Ada Okafor",
    jobTitle: "Europe correspondent",
    bio: "Ada reports on European politics from Brussels.",
    ...overrides,
  };
}

export function aDeskTag(overrides: Partial<DeskTag> = {}): DeskTag {
  return {
    id: "1",
    slug: "infrastructure",
    name: "Infrastructure",
    description: "Roads, bridges, railways and the money behind them.",
    ...overrides,
  };
}

/** `GET /api/newsroom/taxonomy`: two sections, two authors, two tags. */
export function aTaxonomy(
  overrides: Partial<z.infer<typeof TaxonomyAnswerSchema>> = {},
): z.infer<typeof TaxonomyAnswerSchema> {
  return TaxonomyAnswerSchema.parse({
    sections: [
      aDeskSection(),
      aDeskSection({
        id: "2",
        slug: "business",
        name: "Business",
        description: "Markets, companies and work.",
        position: 1,
        categories: [{ id: "3", slug: "markets", name: "Markets" }],
      }),
    ],
    authors: [
      aDeskAuthor(),
      aDeskAuthor({ id: "2", slug: "ben-hale", name: "Ben Hale", jobTitle: "Business editor" }),
    ],
    tags: [aDeskTag(), aDeskTag({ id: "2", slug: "energy", name: "Energy", description: "" })],
    ...overrides,
  });
}

export function aDeskImage(overrides: Partial<DeskImage> = {}): DeskImage {
  const id = overrides.id ?? 12;
  return DeskImagesAnswerSchema.parse({
    images: [
      {
        id,
        src: `/images/${id}.svg`,
        alt: "The harbour bridge at dawn",
        caption: "The harbour at dawn.",
        credit: "Photograph: Daily Edge staff",
        width: 1200,
        height: 675,
        ...overrides,
      },
    ],
  }).images[0]!;
}

export function aRevisionSummary(overrides: Partial<RevisionSummary> = {}): RevisionSummary {
  const number = overrides.number ?? 1;
  return {
    id: String(number),
    number,
    createdAt: "2026-11-21T09:30:00.000Z",
    author: CONTRIBUTOR,
    note: "Saved",
    ...overrides,
  };
}

/** `GET .../revisions`: newest first, as the API lists them. */
export function aRevisionsAnswer(count = 3): z.infer<typeof RevisionsAnswerSchema> {
  const revisions = Array.from({ length: count }, (_, index) =>
    aRevisionSummary({ number: count - index, note: index === count - 1 ? "Created" : "Saved" }),
  );
  return RevisionsAnswerSchema.parse({ revisions });
}

export function aRevision(
  overrides: Partial<RevisionDetail> = {},
): z.infer<typeof RevisionAnswerSchema> {
  return RevisionAnswerSchema.parse({
    revision: { ...aRevisionSummary(), fields: storyFields(), ...overrides },
  });
}

export function aPreview(overrides: Partial<PreviewAnswer> = {}): PreviewAnswer {
  return PreviewAnswerSchema.parse({
    token: "q3VxN0mB8xYzA1dE4fGhJ5kL6pW2sT7uR9cD3eF5gH1",
    expiresAt: "2026-11-22T09:30:00.000Z",
    ...overrides,
  });
}

/** `GET /api/newsroom/previews/:token`: the article as a reader would see it. */
export function aPreviewArticle(
  overrides: Parameters<typeof anArticleDetail>[0] = {},
): ArticleResponse {
  return { article: anArticleDetail(overrides) };
}

/** A live update as the desk sees it (issue 16): with its version and who posted it. */
export function aDeskLiveUpdate(overrides: Partial<DeskLiveUpdate> = {}): DeskLiveUpdate {
  return {
    ...aLiveUpdate(),
    version: 1,
    postedBy: { id: "u2", displayName: "Eda Editor" },
    updatedBy: { id: "u2", displayName: "Eda Editor" },
    ...overrides,
  };
}

/** `GET /api/newsroom/stories/:id/live`'s `live`: live since 14:00, as an editor sees it. */
export function aDeskLive(overrides: Partial<DeskLive> = {}): DeskLive {
  return {
    state: "live",
    startedAt: "2026-11-21T14:00:00.000Z",
    endedAt: null,
    updates: [aDeskLiveUpdate()],
    canManage: true,
    ...overrides,
  };
}
