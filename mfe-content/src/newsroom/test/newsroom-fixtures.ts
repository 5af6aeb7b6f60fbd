import type { AnswerOf } from "edge-api/contract/endpoints";
import type { Story, StoryFields } from "edge-api/contract/newsroom";
import type { FragmentRequest } from "shell/contract";
import { renderRequest } from "../../test/render-route.ts";

/** Answers of the newsroom endpoints for edge-api's fake, and newsroom render requests. */

export function storyFields(overrides: Partial<StoryFields> = {}): StoryFields {
  return {
    headline: "Harbour bridge reopens after three years",
    standfirst: "The crossing is open again to cars and bicycles.",
    body: [
      {
        type: "paragraph",
        text: "The bridge reopened on Tuesday, see the plan.",
        runs: [
          { text: "The bridge reopened on " },
          { text: "Tuesday", bold: true },
          { text: ", see " },
          { text: "the plan", href: "https://example.com/plan" },
          { text: "." },
        ],
      },
      { type: "heading", text: "What changes" },
    ],
    section: "world",
    category: "europe",
    authors: ["ada-okafor"],
    tags: ["transport"],
    slug: "harbour-bridge-reopens",
    seoTitle: "",
    seoDescription: "",
    leadImage: null,
    ...overrides,
  };
}

export function aStory(overrides: Partial<Story> = {}): Story {
  return {
    id: "42",
    revision: "r3",
    status: "draft",
    fields: storyFields(),
    publishedAt: null,
    createdAt: "2026-11-20T09:00:00.000Z",
    updatedAt: "2026-11-21T14:02:00.000Z",
    createdBy: { id: "u1", displayName: "Ada Okafor" },
    updatedBy: { id: "u1", displayName: "Ada Okafor" },
    corrections: [],
    // What an editor may do with a draft (edge-api: story-status.ts).
    can: { edit: true, submit: true, publish: true, unpublish: false, correct: false },
    ...overrides,
  };
}

export function aTaxonomy(): AnswerOf<"taxonomy"> {
  return {
    sections: [
      {
        id: "s1",
        slug: "world",
        name: "World",
        description: "Reporting from every continent.",
        position: 1,
        categories: [
          { id: "c1", slug: "europe", name: "Europe" },
          { id: "c2", slug: "asia", name: "Asia" },
        ],
      },
      {
        id: "s2",
        slug: "business",
        name: "Business",
        description: "Markets and money.",
        position: 2,
        categories: [{ id: "c3", slug: "markets", name: "Markets" }],
      },
    ],
    authors: [
      { id: "a1", slug: "ada-okafor", name: "Ada Okafor", jobTitle: "Reporter", bio: "" },
      { id: "a2", slug: "li-wei", name: "Li Wei", jobTitle: "Editor", bio: "" },
    ],
    tags: [
      { id: "t1", slug: "transport", name: "Transport", description: "" },
      { id: "t2", slug: "climate", name: "Climate", description: "" },
    ],
  };
}

export function someImages(): AnswerOf<"deskImages"> {
  return {
    images: [
      {
        id: 7,
        src: "/images/7.svg",
        alt: "The bridge at dawn",
        caption: "The bridge at dawn.",
        credit: "Photograph: staff",
        width: 1200,
        height: 675,
      },
    ],
  };
}

export interface NewsroomRequestOptions {
  path: string;
  search?: string;
  form?: Record<string, string>;
  role?: "reader" | "contributor" | "editor" | "admin";
}

/** A render request of a newsroom route, signed in as staff with the second factor. */
export function newsroomRequest(
  routeId: string,
  params: Record<string, string>,
  options: NewsroomRequestOptions,
): FragmentRequest {
  const base = renderRequest(routeId, params, { path: options.path, search: options.search ?? "" });
  return {
    ...base,
    method: options.form ? "POST" : "GET",
    ...(options.form ? { form: options.form } : {}),
    accessToken: "staff-access-token",
    viewer: {
      id: "u1",
      displayName: "Ada Okafor",
      role: options.role ?? "editor",
      newsroomVerified: true,
    },
  };
}

/** The form the editor sends for `fields` (what the browser posts). */
export function editorForm(
  fields: StoryFields,
  extra: Record<string, string> = {},
): Record<string, string> {
  const form: Record<string, string> = {
    baseRevision: "r3",
    headline: fields.headline,
    standfirst: fields.standfirst,
    body: JSON.stringify(fields.body),
    section: fields.section,
    category: fields.category,
    slug: fields.slug,
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
    leadImage: !fields.leadImage
      ? ""
      : fields.leadImage.mediaId
        ? `media:${fields.leadImage.mediaId}`
        : String(fields.leadImage.imageId),
    leadImageAlt: fields.leadImage?.alt ?? "",
    leadImageCaption: fields.leadImage?.caption ?? "",
    leadImageCredit: fields.leadImage?.credit ?? "",
  };
  for (const slug of fields.authors) form[`author:${slug}`] = "on";
  for (const slug of fields.tags) form[`tag:${slug}`] = "on";
  return { ...form, ...extra };
}
