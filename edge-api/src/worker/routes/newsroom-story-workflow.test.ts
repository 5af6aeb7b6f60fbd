import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import { articleSlugHistory } from "../../db/account-schema.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { signInAs } from "../../test/staff-helpers.ts";
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

beforeAll(async () => {
  ({ fixture, editor, contributor } = await createDeskTeam());
});

afterEach(() => vi.useRealTimers());

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
