import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createArticle, createAuthor, createDesk } from "../../test/factories.ts";
import {
  auditFor,
  createDeskTeam,
  createStory,
  NEWSROOM,
  save,
  step,
  storyFields,
  storyPath,
  uniqueSlug,
  type DeskFixture,
} from "../../test/story-desk-helpers.ts";

let fixture: DeskFixture;
let editor: string;
let contributor: string;
let contributorId: string;

beforeAll(async () => {
  ({ fixture, editor, contributor, contributorId } = await createDeskTeam());
});

afterEach(() => vi.useRealTimers());

describe("creating and opening stories", () => {
  it("creates a draft with revision 1 and its audit entry, keeping links and marks", async () => {
    const fields = storyFields(fixture);
    const answer = await call("POST", `${NEWSROOM}/stories`, { fields }, { token: contributor });
    expect(answer.status, answer.text).toBe(201);
    const { story } = apiEndpoints.createStory.answer.parse(answer.body);
    expect(story.status).toBe("draft");
    expect(story.revision).not.toBe("0");
    expect(story.fields).toEqual(fields);
    expect(story.createdBy).toEqual({ id: contributorId, displayName: "Colin Contributor" });
    expect(story.can).toEqual({
      edit: true,
      submit: true,
      publish: false,
      unpublish: false,
      correct: false,
    });
    const [entry] = await auditFor("story.create", `story ${story.id} `);
    expect(entry?.actorId).toBe(contributorId);
    const opened = await call("GET", storyPath(story), undefined, { token: contributor });
    expect(apiEndpoints.story.answer.parse(opened.body).story).toEqual(story);
  });

  it("refuses bodies, links, references and slugs that are not right, saying which field", async () => {
    const send = (fields: unknown) =>
      call("POST", `${NEWSROOM}/stories`, { fields }, { token: editor });
    const good = storyFields(fixture);
    expect((await send({ ...good, status: "published" })).status).toBe(400);
    expect(
      (await call("POST", `${NEWSROOM}/stories`, { fields: good, id: 1 }, { token: editor }))
        .status,
    ).toBe(400);
    for (const href of [
      "javascript:alert(1)",
      "data:text/html,<b>x</b>",
      "vbscript:msgbox(1)",
      "//evil.example/x",
      "world/europe",
    ]) {
      const answer = await send({
        ...good,
        body: [{ type: "paragraph", text: "Click", runs: [{ text: "Click", href }] }],
      });
      expect(answer.status, href).toBe(422);
      const error = (answer.body as { error: { code: string; field: string; message: string } })
        .error;
      expect(error.code).toBe("invalid_link");
      expect(error.field).toBe("body");
      expect(error.message).toContain(href.slice(0, 20));
    }
    const wrong = [
      [{ section: "no-such-section" }, "section"],
      [{ category: fixture.otherCategory }, "category"],
      [{ authors: [fixture.author, "no-such-author"] }, "authors"],
      [{ tags: ["no-such-tag"] }, "tags"],
      [{ leadImage: { ...good.leadImage!, imageId: 999_999 } }, "leadImage"],
    ] as const;
    for (const [override, field] of wrong) {
      const answer = await send({ ...good, ...override });
      expect(answer.status, field).toBe(422);
      expect(answer.body).toMatchObject({ error: { code: "invalid_story", field } });
    }
    const taken = await createStory(editor, fixture);
    const again = await send({ ...good, slug: taken.fields.slug });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: "slug_taken", field: "slug" } });
  });

  it("takes a long story (over the 16 KB of other routes) and refuses one over 512 KB", async () => {
    const paragraph = { type: "paragraph" as const, text: "Words of the report. ".repeat(200) };
    const long = storyFields(fixture, { body: Array.from({ length: 40 }, () => paragraph) });
    const answer = await call("POST", `${NEWSROOM}/stories`, { fields: long }, { token: editor });
    expect(answer.status, answer.text.slice(0, 200)).toBe(201);
    const huge = { fields: { ...long, standfirst: "x".repeat(600 * 1024) } };
    const refused = await call("POST", `${NEWSROOM}/stories`, huge, { token: editor });
    expect(refused.status).toBe(413);
    expect(errorCode(refused.body)).toBe("payload_too_large");
  });

  it("answers 404 for a story that does not exist or an id that names nothing", async () => {
    for (const id of ["999999", "abc", "0", "-1"]) {
      const answer = await call("GET", `${NEWSROOM}/stories/${id}`, undefined, { token: editor });
      expect(answer.status, id).toBe(404);
    }
  });

  it("lists newest updated first, 25 a page, filtered; contributors see only their own", async () => {
    const mine = await createStory(contributor, fixture, { headline: "Ferry timetable Zq" });
    const other = await createStory(editor, fixture, {
      headline: "Ferry fares Zq",
      section: fixture.otherSection,
      category: fixture.otherCategory,
    });
    const list = async (query: string, token = editor) => {
      const answer = await call("GET", `${NEWSROOM}/stories${query}`, undefined, { token });
      expect(answer.status, answer.text).toBe(200);
      return apiEndpoints.stories.answer.parse(answer.body);
    };
    expect((await list("?q=zq")).stories.map((story) => story.id)).toEqual([other.id, mine.id]);
    expect((await list("?q=zq", contributor)).stories.map((story) => story.id)).toEqual([mine.id]);
    expect((await list(`?q=Zq&section=${fixture.otherSection}`)).stories).toHaveLength(1);
    expect((await list(`?q=Zq&author=${fixture.author}`)).stories).toHaveLength(2);
    expect((await list("?q=Zq&status=submitted")).stories).toHaveLength(0);
    expect((await list("?section=no-such-section")).stories).toEqual([]);
    expect((await list("?q=%25")).stories.every((story) => story.headline.includes("%"))).toBe(
      true,
    );
    // Longer than the 50 bytes D1 allows a LIKE pattern: a whole pasted headline still searches.
    const pasted = await createStory(editor, fixture, {
      headline: "Ferry operators agree on a winter timetable for the island crossings Zq",
    });
    const whole = encodeURIComponent("ferry operators agree on a winter timetable for the island");
    expect((await list(`?q=${whole}`)).stories.map((story) => story.id)).toEqual([pasted.id]);
    for (let index = 0; index < 26; index++) await createStory(editor, fixture);
    const first = await list("");
    expect(first.stories).toHaveLength(25);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?cursor=${first.nextCursor}`);
    const ids = new Set(first.stories.map((story) => story.id));
    expect(second.stories.some((story) => ids.has(story.id))).toBe(false);
    const updated = [...first.stories, ...second.stories].map((story) => story.updatedAt);
    expect([...updated].sort().reverse()).toEqual(updated);
    const bad = await call("GET", `${NEWSROOM}/stories?cursor=nope!`, undefined, {
      token: editor,
    });
    expect(bad.status).toBe(400);
    const unknown = await call("GET", `${NEWSROOM}/stories?sort=headline`, undefined, {
      token: editor,
    });
    expect(unknown.status).toBe(400);
  }, 30_000);
});

describe("saving: no lost edits", () => {
  it("refuses a save from an older revision with 409 stale_revision", async () => {
    const story = await createStory(editor, fixture);
    const first = await save(editor, story, { headline: "First tab's headline" });
    expect(first.revision).not.toBe(story.revision);
    const second = await call(
      "PUT",
      storyPath(story),
      { baseRevision: story.revision, fields: { ...story.fields, headline: "Second tab" } },
      { token: editor },
    );
    expect(second.status).toBe(409);
    expect(errorCode(second.body)).toBe("stale_revision");
    const now = await call("GET", storyPath(story), undefined, { token: editor });
    expect(apiEndpoints.story.answer.parse(now.body).story.fields.headline).toBe(
      "First tab's headline",
    );
  });

  it("makes no revision for a save that changes nothing (an autosave of the same text)", async () => {
    const story = await createStory(editor, fixture);
    const again = await save(editor, story, {});
    expect(again.revision).toBe(story.revision);
    const twoTags = await save(editor, again, { tags: [fixture.tag, fixture.otherTag] });
    const reordered = await save(editor, twoTags, { tags: [fixture.otherTag, fixture.tag] });
    expect(reordered.revision).toBe(twoTags.revision);
    const changed = await save(editor, reordered, { standfirst: "A new standfirst." });
    expect(changed.revision).not.toBe(reordered.revision);
  });

  it("lets exactly one of two racing saves from the same base win", async () => {
    const story = await createStory(editor, fixture);
    const race = (headline: string) =>
      call(
        "PUT",
        storyPath(story),
        { baseRevision: story.revision, fields: { ...story.fields, headline } },
        { token: editor },
      );
    const answers = await Promise.all([race("Tab one"), race("Tab two")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const revisions = await call("GET", storyPath(story, "/revisions"), undefined, {
      token: editor,
    });
    expect(apiEndpoints.storyRevisions.answer.parse(revisions.body).revisions).toHaveLength(2);
  });

  it("lets a contributor save their own draft until they submit it", async () => {
    const story = await createStory(contributor, fixture);
    const saved = await save(contributor, story, { standfirst: "Now with more detail." });
    const submitted = await step(contributor, saved, "submit");
    expect(submitted.status).toBe("submitted");
    expect(submitted.can.edit).toBe(false);
    const refused = await call(
      "PUT",
      storyPath(story),
      { baseRevision: submitted.revision, fields: submitted.fields },
      { token: contributor },
    );
    expect(refused.status).toBe(403);
    const returned = await step(editor, submitted, "return");
    expect(returned.status).toBe("draft");
    expect((await save(contributor, returned, { headline: "Rewritten" })).fields.headline).toBe(
      "Rewritten",
    );
  });

  it("opens a seeded article (no revision yet) as revision 0 and keeps its old fields", async () => {
    const { category } = await createDesk(db, { slug: uniqueSlug("seeded"), name: "Seeded" });
    const author = await createAuthor(db, { slug: uniqueSlug("seeded-author") });
    const article = await createArticle(db, {
      category,
      slug: uniqueSlug("seeded-article"),
      headline: "From the seed",
      authors: [author],
    });
    const path = `${NEWSROOM}/stories/${article.id}`;
    const opened = apiEndpoints.story.answer.parse(
      (await call("GET", path, undefined, { token: editor })).body,
    ).story;
    expect(opened.revision).toBe("0");
    expect(opened.status).toBe("published");
    const saved = await save(editor, opened, { headline: "From the desk" });
    const revisions = apiEndpoints.storyRevisions.answer.parse(
      (await call("GET", `${path}/revisions`, undefined, { token: editor })).body,
    ).revisions;
    expect(revisions.map((revision) => [revision.number, revision.note])).toEqual([
      [2, "Saved"],
      [1, "As it was before the desk"],
    ]);
    expect(saved.revision).toBe(revisions[0]?.id);
    const original = await call("GET", `${path}/revisions/${revisions[1]?.id}`, undefined, {
      token: editor,
    });
    expect(apiEndpoints.storyRevision.answer.parse(original.body).revision.fields.headline).toBe(
      "From the seed",
    );
  });
});
