import { desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { Story } from "../../contract/newsroom-contract.ts";
import { articleSlugHistory, auditLog } from "../../db/account-schema.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createArticle, createAuthor, createDesk } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";
import {
  createDeskFixture,
  createStory,
  NEWSROOM,
  save,
  step,
  storyFields,
  uniqueSlug,
  type DeskFixture,
} from "../../test/story-desk-helpers.ts";

let fixture: DeskFixture;
let editor: string;
let contributor: string;
let contributorId: string;

beforeAll(async () => {
  fixture = await createDeskFixture();
  editor = (await signInAs("editor", { displayName: "Eda Editor" })).tokens.accessToken;
  const signedIn = await signInAs("contributor", { displayName: "Colin Contributor" });
  contributor = signedIn.tokens.accessToken;
  contributorId = signedIn.account.id;
});

afterEach(() => vi.useRealTimers());

const storyPath = (story: Pick<Story, "id">, rest = "") => `${NEWSROOM}/stories/${story.id}${rest}`;

async function auditFor(action: string, subjectPart: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id));
  return rows.filter((row) => row.subject.includes(subjectPart));
}

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
    const changed = await save(editor, again, { standfirst: "A new standfirst." });
    expect(changed.revision).not.toBe(story.revision);
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

describe("workflow", () => {
  it("publishes now, and readers see it at once", async () => {
    const story = await createStory(editor, fixture);
    const before = await call("GET", `/api/articles/${story.fields.slug}`);
    expect(before.status).toBe(404);
    const published = await step(editor, story, "publish");
    expect(published.status).toBe("published");
    expect(published.publishedAt).not.toBeNull();
    const after = await call("GET", `/api/articles/${story.fields.slug}`);
    expect(after.status).toBe(200);
    expect((await auditFor("story.publish", `story ${story.id} `)).length).toBe(1);
    const again = await call(
      "POST",
      storyPath(story, "/workflow"),
      { baseRevision: published.revision, action: "publish" },
      { token: editor },
    );
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe("conflict");
  });

  it("schedules only ahead: a past or missing time is 422 on publishAt", async () => {
    const story = await createStory(editor, fixture);
    const send = (publishAt?: string) =>
      call(
        "POST",
        storyPath(story, "/workflow"),
        { baseRevision: story.revision, action: "schedule", ...(publishAt ? { publishAt } : {}) },
        { token: editor },
      );
    for (const publishAt of [new Date(Date.now() - 60_000).toISOString(), undefined]) {
      const answer = await send(publishAt);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ error: { code: "invalid_story", field: "publishAt" } });
    }
    expect((await send("tomorrow")).status).toBe(400);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = apiEndpoints.storyWorkflow.answer.parse((await send(at)).body).story;
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.publishedAt).toBe(at);
    const [entry] = await auditFor("story.schedule", `story ${story.id} `);
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({
      publishAt: at,
      from: "draft",
      to: "scheduled",
    });
  });

  it("refuses steps from the wrong status, and stale workflow steps", async () => {
    const story = await createStory(editor, fixture);
    const send = (action: string, baseRevision = story.revision) =>
      call("POST", storyPath(story, "/workflow"), { baseRevision, action }, { token: editor });
    expect((await send("return")).status).toBe(409);
    expect((await send("unpublish")).status).toBe(409);
    const saved = await save(editor, story, { headline: "Moved on" });
    const stale = await send("publish", story.revision);
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe("stale_revision");
    expect((await send("publish", saved.revision)).status).toBe(200);
  });

  it("unpublishes: readers get 410 gone at once, and the story can go out again", async () => {
    const story = await step(editor, await createStory(editor, fixture), "publish");
    const unpublished = await step(editor, story, "unpublish");
    expect(unpublished.status).toBe("unpublished");
    const gone = await call("GET", `/api/articles/${story.fields.slug}`);
    expect(gone.status).toBe(410);
    expect(errorCode(gone.body)).toBe("gone");
    const [entry] = await auditFor("story.unpublish", `story ${story.id} `);
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({ from: "published", to: "unpublished" });
    await step(editor, unpublished, "publish");
    expect((await call("GET", `/api/articles/${story.fields.slug}`)).status).toBe(200);
  });
});

describe("corrections", () => {
  it("appends a dated note to a published story, for readers too; not to a draft", async () => {
    const draft = await createStory(editor, fixture);
    const refused = await call(
      "POST",
      storyPath(draft, "/corrections"),
      { baseRevision: draft.revision, text: "A note." },
      { token: editor },
    );
    expect(refused.status).toBe(409);
    const story = await step(editor, draft, "publish");
    const text = "An earlier version of this article gave the wrong date.";
    const answer = await call(
      "POST",
      storyPath(story, "/corrections"),
      { baseRevision: story.revision, text },
      { token: editor },
    );
    expect(answer.status, answer.text).toBe(200);
    const corrected = apiEndpoints.correctStory.answer.parse(answer.body).story;
    expect(corrected.corrections).toMatchObject([{ text, by: { displayName: "Eda Editor" } }]);
    const article = await call("GET", `/api/articles/${story.fields.slug}`);
    expect(apiEndpoints.article.answer.parse(article.body).article.corrections).toEqual([
      { at: corrected.corrections[0]?.at, text },
    ]);
    const listed = apiEndpoints.corrections.answer.parse(
      (await call("GET", "/api/corrections")).body,
    );
    expect(listed.corrections[0]).toMatchObject({ text, article: { slug: story.fields.slug } });
    expect((await auditFor("story.correct", `story ${story.id} `)).length).toBe(1);
  });
});

describe("revisions", () => {
  it("lists every save, shows one, and restores one as a new revision", async () => {
    const story = await createStory(editor, fixture, { headline: "The first headline" });
    const second = await save(editor, story, { headline: "The second headline" });
    const third = await save(editor, second, { headline: "The third headline" });
    const listed = apiEndpoints.storyRevisions.answer.parse(
      (await call("GET", storyPath(story, "/revisions"), undefined, { token: editor })).body,
    ).revisions;
    expect(listed.map((revision) => revision.number)).toEqual([3, 2, 1]);
    expect(listed.map((revision) => revision.note)).toEqual(["Saved", "Saved", "Created"]);
    expect(listed[0]?.author).toMatchObject({ displayName: "Eda Editor" });
    const first = listed[2]!;
    const stale = await call(
      "POST",
      storyPath(story, `/revisions/${first.id}/restore`),
      { baseRevision: second.revision },
      { token: editor },
    );
    expect(stale.status).toBe(409);
    const restored = await call(
      "POST",
      storyPath(story, `/revisions/${first.id}/restore`),
      { baseRevision: third.revision },
      { token: editor },
    );
    expect(restored.status, restored.text).toBe(200);
    const now = apiEndpoints.restoreRevision.answer.parse(restored.body).story;
    expect(now.fields.headline).toBe("The first headline");
    const after = apiEndpoints.storyRevisions.answer.parse(
      (await call("GET", storyPath(story, "/revisions"), undefined, { token: editor })).body,
    ).revisions;
    expect(after[0]).toMatchObject({ number: 4, note: "Restored revision 1", id: now.revision });
    const [entry] = await auditFor("story.restore", `story ${story.id} `);
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({ revision: 1, base: 3 });
    const missing = await call("GET", storyPath(story, "/revisions/999999"), undefined, {
      token: editor,
    });
    expect(missing.status).toBe(404);
  });
});

describe("addresses stay alive", () => {
  it("keeps a published story's old slug, answering the article under its new one", async () => {
    const story = await step(editor, await createStory(editor, fixture), "publish");
    const oldSlug = story.fields.slug;
    const newSlug = uniqueSlug("renamed");
    const renamed = await save(editor, story, {
      slug: newSlug,
      section: fixture.otherSection,
      category: fixture.otherCategory,
    });
    expect(renamed.fields.slug).toBe(newSlug);
    const article = await call("GET", `/api/articles/${oldSlug}`);
    expect(article.status).toBe(200);
    expect(apiEndpoints.article.answer.parse(article.body).article).toMatchObject({
      slug: newSlug,
      section: { slug: fixture.otherSection },
    });
    const [entry] = await auditFor("story.slug", `story ${story.id} `);
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({
      slug: [oldSlug, newSlug],
      section: [fixture.section, fixture.otherSection],
      category: [fixture.category, fixture.otherCategory],
    });
    const taken = await call(
      "POST",
      `${NEWSROOM}/stories`,
      { fields: storyFields(fixture, { slug: oldSlug }) },
      { token: editor },
    );
    expect(taken.status).toBe(409);
    expect(errorCode(taken.body)).toBe("slug_taken");
  });

  it("keeps no old slug for a story readers never saw", async () => {
    const story = await createStory(editor, fixture);
    await save(editor, story, { slug: uniqueSlug("draft-renamed") });
    const history = await db
      .select()
      .from(articleSlugHistory)
      .where(eq(articleSlugHistory.slug, story.fields.slug));
    expect(history).toEqual([]);
  });
});

describe("previews", () => {
  it("shows the draft as readers would see it, to staff, for 24 hours", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-20T09:00:00Z"));
    const story = await createStory(contributor, fixture, { headline: "Not out yet" });
    const made = await call("POST", storyPath(story, "/preview"), undefined, {
      token: contributor,
    });
    expect(made.status).toBe(201);
    const { token, expiresAt } = apiEndpoints.createPreview.answer.parse(made.body);
    expect(expiresAt).toBe("2026-11-21T09:00:00.000Z");
    const other = await signInAs("editor", { now: new Date() });
    const seen = await call("GET", `${NEWSROOM}/previews/${token}`, undefined, {
      token: other.tokens.accessToken,
    });
    expect(seen.status, seen.text).toBe(200);
    const { article } = apiEndpoints.preview.answer.parse(seen.body);
    expect(article).toMatchObject({ headline: "Not out yet", slug: story.fields.slug });
    expect(article.body[0]).toMatchObject({
      runs: [{}, { href: "https://example.org/council" }, {}],
    });
    expect(article.image?.alt).toBe("The bridge at dawn, from the east bank");
    expect((await call("GET", `/api/articles/${story.fields.slug}`)).status).toBe(404);
    vi.setSystemTime(new Date("2026-11-21T09:00:01Z"));
    const expired = await call("GET", `${NEWSROOM}/previews/${token}`, undefined, {
      token: editor,
    });
    expect(expired.status).toBe(404);
    const unknown = await call("GET", `${NEWSROOM}/previews/${"a".repeat(43)}`, undefined, {
      token: editor,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("racing for a slug", () => {
  it("gives the slug to one of two stories created at once; the other is 409 slug_taken", async () => {
    const slug = uniqueSlug("race");
    const create = () =>
      call(
        "POST",
        `${NEWSROOM}/stories`,
        { fields: storyFields(fixture, { slug }) },
        { token: editor },
      );
    const answers = await Promise.all([create(), create()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(errorCode(refused?.body)).toBe("slug_taken");
  });
});
