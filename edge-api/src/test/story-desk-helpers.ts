import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { apiEndpoints } from "../contract/api-endpoints.ts";
import type { Story, StoryFields } from "../contract/newsroom-contract.ts";
import { auditLog } from "../db/account-schema.ts";
import { call, db } from "./account-helpers.ts";
import { createAuthor, createDesk, createImage, createTag } from "./factories.ts";
import { signInAs } from "./staff-helpers.ts";

/** The story desk's test helpers: a small site map, story fields, and calls as a role. */

export const NEWSROOM = "/api/newsroom";

let counter = 0;
export const uniqueSlug = (prefix = "story") => `${prefix}-${++counter}-${Date.now() % 100_000}`;

export interface DeskFixture {
  section: string;
  category: string;
  otherSection: string;
  otherCategory: string;
  author: string;
  tag: string;
  otherTag: string;
  imageId: number;
}

/** Two sections with a category each, an author, two tags and a lead image. */
export async function createDeskFixture(): Promise<DeskFixture> {
  const world = await createDesk(db, { slug: uniqueSlug("world"), name: "World" });
  const business = await createDesk(db, { slug: uniqueSlug("business"), name: "Business" });
  const author = await createAuthor(db, { slug: uniqueSlug("ada"), name: "Ada Okafor" });
  const tag = await createTag(db, { slug: uniqueSlug("energy"), name: "Energy" });
  const otherTag = await createTag(db, { slug: uniqueSlug("tides"), name: "Tides" });
  const image = await createImage(db, { alt: "The harbour at dawn", credit: "Staff" });
  return {
    section: world.section.slug,
    category: world.category.slug,
    otherSection: business.section.slug,
    otherCategory: business.category.slug,
    author: author.slug,
    tag: tag.slug,
    otherTag: otherTag.slug,
    imageId: image.id,
  };
}

export interface DeskTeam {
  fixture: DeskFixture;
  /** Access token of "Eda Editor". */
  editor: string;
  /** Access token of "Colin Contributor". */
  contributor: string;
  contributorId: string;
}

/** The desk fixture, then an editor and a contributor signed in (in that order). */
export async function createDeskTeam(): Promise<DeskTeam> {
  const fixture = await createDeskFixture();
  const editor = (await signInAs("editor", { displayName: "Eda Editor" })).tokens.accessToken;
  const signedIn = await signInAs("contributor", { displayName: "Colin Contributor" });
  return {
    fixture,
    editor,
    contributor: signedIn.tokens.accessToken,
    contributorId: signedIn.account.id,
  };
}

export const storyPath = (story: Pick<Story, "id">, rest = "") =>
  `${NEWSROOM}/stories/${story.id}${rest}`;

/** Audit entries for `action` whose subject contains `subjectPart`, newest first. */
export async function auditFor(action: string, subjectPart: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id));
  return rows.filter((row) => row.subject.includes(subjectPart));
}

export function storyFields(
  fixture: DeskFixture,
  overrides: Partial<StoryFields> = {},
): StoryFields {
  return {
    headline: "Harbour bridge reopens after three years",
    standfirst: "The crossing carries traffic again.",
    body: [
      {
        type: "paragraph",
        text: "The council said so.",
        runs: [
          { text: "The " },
          { text: "council", href: "https://example.org/council" },
          { text: " said so." },
        ],
      },
    ],
    section: fixture.section,
    category: fixture.category,
    authors: [fixture.author],
    tags: [fixture.tag],
    slug: uniqueSlug(),
    seoTitle: "",
    seoDescription: "",
    leadImage: {
      imageId: fixture.imageId,
      alt: "The bridge at dawn, from the east bank",
      caption: "The bridge on its first morning.",
      credit: "Photograph: Daily Edge",
    },
    ...overrides,
  };
}

/** A story created through the API by the holder of `token`; fails the test otherwise. */
export async function createStory(
  token: string,
  fixture: DeskFixture,
  overrides: Partial<StoryFields> = {},
): Promise<Story> {
  const answer = await call(
    "POST",
    `${NEWSROOM}/stories`,
    { fields: storyFields(fixture, overrides) },
    { token },
  );
  expect(answer.status, answer.text).toBe(201);
  return apiEndpoints.createStory.answer.parse(answer.body).story;
}

/** A workflow step that must succeed. */
export async function step(
  token: string,
  story: Story,
  action: "submit" | "return" | "publish" | "schedule" | "unpublish",
  publishAt?: string,
): Promise<Story> {
  const answer = await call(
    "POST",
    `${NEWSROOM}/stories/${story.id}/workflow`,
    { baseRevision: story.revision, action, ...(publishAt ? { publishAt } : {}) },
    { token },
  );
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.storyWorkflow.answer.parse(answer.body).story;
}

/** A save that must succeed. */
export async function save(
  token: string,
  story: Story,
  fields: Partial<StoryFields>,
): Promise<Story> {
  const answer = await call(
    "PUT",
    `${NEWSROOM}/stories/${story.id}`,
    { baseRevision: story.revision, fields: { ...story.fields, ...fields } },
    { token },
  );
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.saveStory.answer.parse(answer.body).story;
}
