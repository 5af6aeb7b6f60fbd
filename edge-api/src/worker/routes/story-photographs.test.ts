import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { ArticleCard, BodyBlock, ImageRef } from "../../contract/article-contract.ts";
import type { MediaItem } from "../../contract/media-contract.ts";
import type { Story, StoryFields } from "../../contract/newsroom-contract.ts";
import { media } from "../../db/media-schema.ts";
import { call, db } from "../../test/account-helpers.ts";
import { uploadPhotograph } from "../../test/media-upload.ts";
import {
  createDeskTeam,
  createStory,
  NEWSROOM,
  save,
  step,
  storyFields,
  storyPath,
  type DeskFixture,
} from "../../test/story-desk-helpers.ts";

/**
 * Stories use photographs from the media library (issue 16, decision 0022): as the lead (the
 * `wide` crop on cards and the article) and in the body (the `full` photograph), rebuilt from
 * the library when saved and again when served.
 */

let fixture: DeskFixture;
let editor: string;
let contributor: string;
let photo: MediaItem;

beforeAll(async () => {
  ({ fixture, editor, contributor } = await createDeskTeam());
  // photo.jpg: 640x480. Its wide use is 640x360; its full use the whole 640x480.
  photo = await uploadPhotograph(editor);
});

const photographLead = (mediaId: string): StoryFields["leadImage"] => ({
  mediaId,
  alt: "The quay at dawn, boats moored two deep",
  caption: "",
  credit: "Photograph: Ada Lens",
});

/** An image block naming a photograph as the editor sends it: only `media.id` matters. */
const photographBlock = (id: string, words: Partial<ImageRef> = {}): BodyBlock => ({
  type: "image",
  image: {
    src: "/images/anything.jpg",
    alt: "",
    caption: "",
    credit: "",
    width: 1,
    height: 1,
    media: { id, revision: 1, use: "full", widths: [320] },
    ...words,
  },
});

const paragraph: BodyBlock = { type: "paragraph", text: "The council said so." };

async function article(slug: string) {
  const answer = await call("GET", `/api/articles/${slug}`);
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.article.answer.parse(answer.body).article;
}

async function published(token: string, overrides: Partial<StoryFields>): Promise<Story> {
  const story = await createStory(token, fixture, overrides);
  return step(editor, story, "publish");
}

const expectedWide = (item: MediaItem, revision = item.revision) => ({
  src: `/images/media/${item.id}/wide-640.jpg?v=${revision}`,
  width: 640,
  height: 360,
  media: { id: item.id, revision, use: "wide", widths: [320, 480, 640] },
});

describe("a story with a photograph as its lead", () => {
  it("reads back mediaId on the desk and serves the wide crop as a JPEG on the article and every card", async () => {
    const story = await published(editor, { leadImage: photographLead(photo.id) });
    expect(story.fields.leadImage).toEqual(photographLead(photo.id));

    const lead = {
      ...expectedWide(photo),
      alt: "The quay at dawn, boats moored two deep",
      caption: "",
      credit: "Photograph: Ada Lens",
    };
    expect((await article(story.fields.slug)).image).toEqual(lead);

    const slug = story.fields.slug;
    const find = (cards: readonly ArticleCard[]) => cards.find((card) => card.slug === slug);
    const section = apiEndpoints.section.answer.parse(
      (await call("GET", `/api/sections/${fixture.section}`)).body,
    );
    expect(find(section.articles)?.image).toEqual(lead);
    const home = apiEndpoints.home.answer.parse((await call("GET", "/api/home")).body);
    const onHome = [
      home.lead,
      ...home.top,
      ...home.latest,
      ...home.sections.flatMap((s) => s.articles),
    ].filter((card): card is ArticleCard => card !== null && card !== undefined);
    expect(find(onHome)?.image).toEqual(lead);
    const feed = apiEndpoints.feed.answer.parse(
      (await call("GET", `/api/feeds?section=${fixture.section}`)).body,
    );
    expect(find(feed.articles)?.image).toEqual(lead);
    const search = apiEndpoints.search.answer.parse(
      (await call("GET", `/api/search?q=${encodeURIComponent("Harbour bridge")}`)).body,
    );
    expect(find(search.results.map((result) => result.article))?.image).toEqual(lead);
  });

  it("takes the photograph's own words where the story leaves them out", async () => {
    const story = await published(editor, {
      leadImage: {
        mediaId: photo.id,
        alt: photo.alt,
        caption: photo.caption,
        credit: photo.credit,
      },
    });
    expect((await article(story.fields.slug)).image).toMatchObject({
      alt: photo.alt,
      caption: photo.caption,
      credit: photo.credit,
    });
  });

  it("refuses a photograph that is not in the library (422 on leadImage)", async () => {
    const answer = await call(
      "POST",
      `${NEWSROOM}/stories`,
      { fields: storyFields(fixture, { leadImage: photographLead("f".repeat(32)) }) },
      { token: editor },
    );
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body).toMatchObject({
      error: {
        code: "invalid_story",
        field: "leadImage",
        message: "That photograph is not in the media library.",
      },
    });
  });

  it("refuses a lead naming both an illustration and a photograph, or a malformed photograph id", async () => {
    for (const leadImage of [
      { ...photographLead(photo.id), imageId: fixture.imageId },
      photographLead("not-an-id"),
    ]) {
      const answer = await call(
        "POST",
        `${NEWSROOM}/stories`,
        { fields: { ...storyFields(fixture), leadImage } },
        { token: editor },
      );
      expect(answer.status, answer.text).toBe(400);
    }
  });

  it("lets a contributor use a photograph someone else uploaded (staff share the library)", async () => {
    const story = await createStory(contributor, fixture, {
      leadImage: photographLead(photo.id),
    });
    expect(story.fields.leadImage?.mediaId).toBe(photo.id);
  });

  it("switches a lead between an illustration and a photograph, and keeps both in the revisions", async () => {
    const story = await createStory(editor, fixture);
    const withPhotograph = await save(editor, story, { leadImage: photographLead(photo.id) });
    expect(withPhotograph.fields.leadImage).toEqual(photographLead(photo.id));
    const back = await save(editor, withPhotograph, { leadImage: story.fields.leadImage });
    expect(back.fields.leadImage).toEqual(story.fields.leadImage);
    const list = await call("GET", storyPath(back, "/revisions"), undefined, { token: editor });
    const { revisions } = apiEndpoints.storyRevisions.answer.parse(list.body);
    const leadAt = async (number: number) => {
      const id = revisions.find((revision) => revision.number === number)?.id ?? "";
      const answer = await call("GET", storyPath(back, `/revisions/${id}`), undefined, {
        token: editor,
      });
      expect(answer.status, answer.text).toBe(200);
      return apiEndpoints.storyRevision.answer.parse(answer.body).revision.fields.leadImage;
    };
    expect(await leadAt(1)).toEqual(story.fields.leadImage);
    expect(await leadAt(2)).toEqual(photographLead(photo.id));
    expect(await leadAt(3)).toEqual(story.fields.leadImage);
  });
});

describe("photographs in a story's body", () => {
  it("stores the block rebuilt from the library, the story's words over the photograph's", async () => {
    const story = await createStory(editor, fixture, {
      body: [
        paragraph,
        photographBlock(photo.id),
        photographBlock(photo.id, { alt: "Our own alt", caption: "Our caption", credit: "Ours" }),
      ],
    });
    const full = {
      src: `/images/media/${photo.id}/full-640.jpg?v=1`,
      width: 640,
      height: 480,
      media: { id: photo.id, revision: 1, use: "full", widths: [320, 480, 640] },
    };
    expect(story.fields.body).toEqual([
      paragraph,
      {
        type: "image",
        image: { ...full, alt: photo.alt, caption: photo.caption, credit: photo.credit },
      },
      {
        type: "image",
        image: { ...full, alt: "Our own alt", caption: "Our caption", credit: "Ours" },
      },
    ]);
  });

  it("serves the photograph's current revision after it is edited, without re-saving the story", async () => {
    const item = await uploadPhotograph(editor);
    const story = await published(editor, {
      leadImage: photographLead(item.id),
      body: [paragraph, photographBlock(item.id)],
    });
    const before = await article(story.fields.slug);
    expect(before.body[1]).toMatchObject({ image: { media: { revision: 1 } } });
    const version = async () =>
      apiEndpoints.contentVersion.answer.parse((await call("GET", "/api/content-version")).body)
        .version;
    const versionBefore = await version();

    const patched = await call(
      "PATCH",
      `${NEWSROOM}/media/${item.id}`,
      { baseRevision: 1, focal: { x: 0.5, y: 0.1 } },
      { token: editor },
    );
    expect(patched.status, patched.text).toBe(200);
    // The edit moves the content version, so cached pages showing the lead re-render.
    expect(await version()).not.toBe(versionBefore);

    const after = await article(story.fields.slug);
    expect(after.image).toMatchObject(expectedWide(item, 2));
    expect(after.body[1]).toEqual({
      type: "image",
      image: {
        src: `/images/media/${item.id}/full-640.jpg?v=2`,
        alt: item.alt,
        caption: item.caption,
        credit: item.credit,
        width: 640,
        height: 480,
        media: { id: item.id, revision: 2, use: "full", widths: [320, 480, 640] },
      },
    });
    const preview = await call("POST", storyPath(story, "/preview"), undefined, { token: editor });
    expect(preview.status, preview.text).toBe(201);
    const { token } = apiEndpoints.createPreview.answer.parse(preview.body);
    const previewed = await call("GET", `${NEWSROOM}/previews/${token}`, undefined, {
      token: editor,
    });
    expect(previewed.status, previewed.text).toBe(200);
    const previewArticle = apiEndpoints.preview.answer.parse(previewed.body).article;
    expect(previewArticle.body[1]).toMatchObject({ image: { media: { revision: 2 } } });
    expect(previewArticle.image).toMatchObject(expectedWide(item, 2));
  });

  it("drops a block whose photograph has left the library from the reader's body", async () => {
    const item = await uploadPhotograph(editor);
    const story = await published(editor, { body: [paragraph, photographBlock(item.id)] });
    await db.delete(media).where(eq(media.id, item.id));
    expect((await article(story.fields.slug)).body).toEqual([paragraph]);
  });

  it("refuses a body photograph that is not in the library, naming it (422 on body)", async () => {
    const missing = "e".repeat(32);
    const answer = await call(
      "POST",
      `${NEWSROOM}/stories`,
      { fields: storyFields(fixture, { body: [paragraph, photographBlock(missing)] }) },
      { token: editor },
    );
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body).toMatchObject({ error: { code: "invalid_story", field: "body" } });
    expect((answer.body as { error: { message: string } }).error.message).toContain(missing);
  });

  it("refuses a body photograph with no credit of its own or the library's (422 on body)", async () => {
    const uncredited = await uploadPhotograph(editor, { credit: "" });
    const answer = await call(
      "POST",
      `${NEWSROOM}/stories`,
      { fields: storyFields(fixture, { body: [photographBlock(uncredited.id)] }) },
      { token: editor },
    );
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body).toMatchObject({ error: { field: "body" } });
    const credited = await createStory(editor, fixture, {
      body: [photographBlock(uncredited.id, { credit: "Staff" })],
    });
    expect(credited.fields.body[0]).toMatchObject({ image: { credit: "Staff" } });
  });

  it("keeps illustration blocks as they were", async () => {
    const illustration: BodyBlock = {
      type: "image",
      image: {
        src: `/images/${fixture.imageId}.svg`,
        alt: "A drawing",
        caption: "",
        credit: "Staff",
        width: 1200,
        height: 800,
      },
    };
    const story = await createStory(editor, fixture, { body: [paragraph, illustration] });
    expect(story.fields.body).toEqual([paragraph, illustration]);
  });
});
