import { describe, expect, it } from "vitest";
import { createApiClient } from "../contract/api-client.ts";
import { apiFailure, createFakeApi } from "./fake-api.ts";
import {
  aDeskImage,
  aPreview,
  aPreviewArticle,
  aPublishedStory,
  aRevision,
  aRevisionsAnswer,
  aStoriesAnswer,
  aStory,
  aTaxonomy,
  storyFields,
} from "./newsroom-factories.ts";

describe("newsroom factories", () => {
  it("make answers the client accepts through the fake API", async () => {
    const story = aStory();
    const fake = createFakeApi({
      story: { story },
      stories: aStoriesAnswer(),
      taxonomy: aTaxonomy(),
      deskImages: { images: [aDeskImage()] },
      storyRevisions: aRevisionsAnswer(),
      storyRevision: aRevision(),
      createPreview: aPreview(),
      preview: aPreviewArticle(),
    });
    const { call } = createApiClient(fake.binding, { accessToken: "token" });
    const id = story.id;
    const answers = await Promise.all([
      call("story", { params: { id } }),
      call("stories", { query: { status: "draft" } }),
      call("taxonomy", {}),
      call("deskImages", { query: { q: "harbour" } }),
      call("storyRevisions", { params: { id } }),
      call("storyRevision", { params: { id, revision: "1" } }),
      call("createPreview", { params: { id } }),
      call("preview", { params: { token: "abc" } }),
    ]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
  });

  it("refuse an override the API would never send", () => {
    expect(() => aStory({ status: "archived" as never })).toThrow();
    expect(() => storyFields({ slug: "Not A Slug" })).not.toThrow();
    expect(() => aStory({ fields: storyFields({ slug: "Not A Slug" }) })).toThrow();
  });

  it("keep each block's plain text equal to its runs", () => {
    for (const block of aPublishedStory().fields.body) {
      if (block.type === "paragraph" && block.runs) {
        expect(block.runs.map((run) => run.text).join("")).toBe(block.text);
      }
    }
  });

  it("pass on the field a refused write names, through the fake and the client", async () => {
    const fake = createFakeApi({
      saveStory: apiFailure(422, "invalid_story", { field: "category" }),
    });
    const { call } = createApiClient(fake.binding, { accessToken: "token" });
    const story = aStory();
    const answer = await call("saveStory", {
      params: { id: story.id },
      body: { baseRevision: story.revision, fields: story.fields },
    });
    expect(answer).toMatchObject({
      ok: false,
      status: 422,
      code: "invalid_story",
      field: "category",
    });
  });
});
