import { beforeAll, describe, expect, it } from "vitest";
import type { Story } from "../../contract/newsroom-contract.ts";
import { call, errorCode } from "../../test/account-helpers.ts";
import { CALLERS, signInAs, type Caller } from "../../test/staff-helpers.ts";
import {
  createDeskFixture,
  createStory,
  NEWSROOM,
  step,
  storyFields,
  uniqueSlug,
  type DeskFixture,
} from "../../test/story-desk-helpers.ts";

/**
 * Every story desk and taxonomy endpoint against every caller (issue 13's role table):
 * anonymous 401, reader 403, contributor / editor / admin as the rules say, and staff whose
 * session has not passed the second factor 401 `second_factor_required`.
 */

let fixture: DeskFixture;
const tokens: Partial<Record<Caller | "unverified", string>> = {};
let sectionId: string;
let categoryId: string;
let authorId: string;
let tagId: string;

beforeAll(async () => {
  fixture = await createDeskFixture();
  for (const role of ["reader", "contributor", "editor", "admin"] as const) {
    tokens[role] = (await signInAs(role)).tokens.accessToken;
  }
  tokens.unverified = (await signInAs("editor", { verified: false })).tokens.accessToken;
  const taxonomy = await call("GET", `${NEWSROOM}/taxonomy`, undefined, { token: tokens.editor });
  const body = taxonomy.body as {
    sections: { id: string; slug: string; categories: { id: string }[] }[];
    authors: { id: string; slug: string }[];
    tags: { id: string; slug: string }[];
  };
  const section = body.sections.find((candidate) => candidate.slug === fixture.section);
  sectionId = section?.id ?? "";
  categoryId = section?.categories[0]?.id ?? "";
  authorId = body.authors.find((author) => author.slug === fixture.author)?.id ?? "";
  tagId = body.tags.find((tag) => tag.slug === fixture.tag)?.id ?? "";
});

const editorToken = () => tokens.editor ?? "";
const contributorToken = () => tokens.contributor ?? "";

type Request = { method: string; path: string; body?: unknown };
interface Case {
  name: string;
  /** Statuses of contributor, editor and admin (anonymous 401 and reader 403 always). */
  staff: [number, number, number];
  request: () => Promise<Request>;
}

const editorsStory = () => createStory(editorToken(), fixture);
const published = async () => step(editorToken(), await editorsStory(), "publish");
const revisionsOf = async (story: Story) => {
  const answer = await call("GET", `${NEWSROOM}/stories/${story.id}/revisions`, undefined, {
    token: editorToken(),
  });
  return (answer.body as { revisions: { id: string }[] }).revisions;
};
const taxonomyBody = () => ({ slug: uniqueSlug("desk"), name: "A name", description: "" });

const cases: Case[] = [
  {
    name: "list stories",
    staff: [200, 200, 200],
    request: async () => ({ method: "GET", path: "/stories" }),
  },
  {
    name: "create a story",
    staff: [201, 201, 201],
    request: async () => ({
      method: "POST",
      path: "/stories",
      body: { fields: storyFields(fixture) },
    }),
  },
  {
    name: "open someone else's story",
    staff: [403, 200, 200],
    request: async () => ({ method: "GET", path: `/stories/${(await editorsStory()).id}` }),
  },
  {
    name: "save someone else's story",
    staff: [403, 200, 200],
    request: async () => {
      const story = await editorsStory();
      return {
        method: "PUT",
        path: `/stories/${story.id}`,
        body: { baseRevision: story.revision, fields: { ...story.fields, headline: "New" } },
      };
    },
  },
  {
    name: "submit a contributor's draft",
    staff: [200, 200, 200],
    request: async () => {
      const story = await createStory(contributorToken(), fixture);
      return {
        method: "POST",
        path: `/stories/${story.id}/workflow`,
        body: { baseRevision: story.revision, action: "submit" },
      };
    },
  },
  ...(["publish", "schedule", "return", "unpublish"] as const).map((action): Case => ({
    name: `${action} a contributor's story`,
    staff: [403, 200, 200],
    request: async () => {
      let story = await createStory(contributorToken(), fixture);
      if (action === "return") story = await step(contributorToken(), story, "submit");
      if (action === "unpublish") story = await step(editorToken(), story, "publish");
      const publishAt = new Date(Date.now() + 86_400_000).toISOString();
      return {
        method: "POST",
        path: `/stories/${story.id}/workflow`,
        body: {
          baseRevision: story.revision,
          action,
          ...(action === "schedule" ? { publishAt } : {}),
        },
      };
    },
  })),
  {
    name: "correct a published story",
    staff: [403, 200, 200],
    request: async () => {
      const story = await published();
      return {
        method: "POST",
        path: `/stories/${story.id}/corrections`,
        body: { baseRevision: story.revision, text: "An earlier version misspelt the name." },
      };
    },
  },
  {
    name: "list someone else's revisions",
    staff: [403, 200, 200],
    request: async () => ({
      method: "GET",
      path: `/stories/${(await editorsStory()).id}/revisions`,
    }),
  },
  {
    name: "read one of someone else's revisions",
    staff: [403, 200, 200],
    request: async () => {
      const story = await editorsStory();
      const [revision] = await revisionsOf(story);
      return { method: "GET", path: `/stories/${story.id}/revisions/${revision?.id}` };
    },
  },
  {
    name: "restore someone else's revision",
    staff: [403, 200, 200],
    request: async () => {
      const story = await editorsStory();
      const [revision] = await revisionsOf(story);
      return {
        method: "POST",
        path: `/stories/${story.id}/revisions/${revision?.id}/restore`,
        body: { baseRevision: story.revision },
      };
    },
  },
  {
    name: "make a preview link of someone else's story",
    staff: [403, 201, 201],
    request: async () => ({
      method: "POST",
      path: `/stories/${(await editorsStory()).id}/preview`,
    }),
  },
  {
    name: "open a preview link",
    staff: [200, 200, 200],
    request: async () => {
      const story = await editorsStory();
      const made = await call("POST", `${NEWSROOM}/stories/${story.id}/preview`, undefined, {
        token: editorToken(),
      });
      return { method: "GET", path: `/previews/${(made.body as { token: string }).token}` };
    },
  },
  {
    name: "read the taxonomy",
    staff: [200, 200, 200],
    request: async () => ({ method: "GET", path: "/taxonomy" }),
  },
  {
    name: "list lead images",
    staff: [200, 200, 200],
    request: async () => ({ method: "GET", path: "/images?q=harbour" }),
  },
  {
    name: "create a section",
    staff: [403, 201, 201],
    request: async () => ({ method: "POST", path: "/sections", body: taxonomyBody() }),
  },
  {
    name: "update a section",
    staff: [403, 200, 200],
    request: async () => ({
      method: "PATCH",
      path: `/sections/${sectionId}`,
      body: { slug: fixture.section, name: "World", description: "Every continent." },
    }),
  },
  {
    name: "order the sections",
    staff: [403, 200, 200],
    request: async () => {
      const taxonomy = await call("GET", `${NEWSROOM}/taxonomy`, undefined, {
        token: editorToken(),
      });
      const ids = (taxonomy.body as { sections: { id: string }[] }).sections.map((s) => s.id);
      return { method: "POST", path: "/sections/order", body: { ids: ids.reverse() } };
    },
  },
  {
    name: "create a category",
    staff: [403, 201, 201],
    request: async () => ({
      method: "POST",
      path: `/sections/${sectionId}/categories`,
      body: { slug: uniqueSlug("category"), name: "Europe" },
    }),
  },
  {
    name: "update a category",
    staff: [403, 200, 200],
    request: async () => ({
      method: "PATCH",
      path: `/categories/${categoryId}`,
      body: { slug: fixture.category, name: "Europe" },
    }),
  },
  {
    name: "create an author",
    staff: [403, 201, 201],
    request: async () => ({
      method: "POST",
      path: "/authors",
      body: { slug: uniqueSlug("author"), name: "Ben Hale", jobTitle: "Reporter", bio: "" },
    }),
  },
  {
    name: "update an author",
    staff: [403, 200, 200],
    request: async () => ({
      method: "PATCH",
      path: `/authors/${authorId}`,
      body: { slug: fixture.author, name: "Ada Okafor", jobTitle: "Editor", bio: "Writes." },
    }),
  },
  {
    name: "create a tag",
    staff: [403, 201, 201],
    request: async () => ({ method: "POST", path: "/tags", body: taxonomyBody() }),
  },
  {
    name: "update a tag",
    staff: [403, 200, 200],
    request: async () => ({
      method: "PATCH",
      path: `/tags/${tagId}`,
      body: { slug: fixture.tag, name: "Energy", description: "Power." },
    }),
  },
];

describe("the story desk's role table", () => {
  it.each(cases)("$name", async ({ staff, request }) => {
    const expected: Record<Caller | "unverified", number> = {
      anonymous: 401,
      reader: 403,
      contributor: staff[0],
      editor: staff[1],
      admin: staff[2],
      unverified: 401,
    };
    for (const caller of [...CALLERS, "unverified"] as const) {
      const { method, path, body } = await request();
      const token = caller === "anonymous" ? undefined : tokens[caller];
      const answer = await call(method, `${NEWSROOM}${path}`, body, token ? { token } : {});
      expect(answer.status, `${caller}: ${answer.text}`).toBe(expected[caller]);
      if (caller === "anonymous") expect(errorCode(answer.body)).toBe("unauthorized");
      if (caller === "reader") expect(errorCode(answer.body)).toBe("forbidden");
      if (caller === "unverified") expect(errorCode(answer.body)).toBe("second_factor_required");
      expect(answer.response.headers.get("cache-control")).toBe("no-store");
    }
  });
});
