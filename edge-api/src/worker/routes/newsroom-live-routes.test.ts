import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { DeskLive } from "../../contract/live-contract.ts";
import type { Story } from "../../contract/newsroom-contract.ts";
import { liveUpdates } from "../../db/live-schema.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createArticle, createDesk } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";
import {
  auditFor,
  createDeskTeam,
  createStory,
  step,
  storyPath,
  type DeskFixture,
} from "../../test/story-desk-helpers.ts";

let fixture: DeskFixture;
let editor: string;
let contributor: string;
let admin: string;
let reader: string;

beforeAll(async () => {
  ({ fixture, editor, contributor } = await createDeskTeam());
  admin = (await signInAs("admin")).tokens.accessToken;
  reader = (await signInAs("reader")).tokens.accessToken;
});

const plain = (...texts: string[]) => texts.map((text) => [{ text }]);

async function publishedStory(): Promise<Story> {
  return step(editor, await createStory(editor, fixture), "publish");
}

async function liveStory(): Promise<Story> {
  const story = await publishedStory();
  await setState(story, "start");
  return story;
}

async function setState(story: Story, action: "start" | "end", token = editor) {
  const answer = await call("POST", storyPath(story, "/live"), { action }, { token });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.setLiveState.answer.parse(answer.body).live;
}

async function post(story: Story, paragraphs: unknown, keyEvent = false, token = editor) {
  return call("POST", storyPath(story, "/live/updates"), { paragraphs, keyEvent }, { token });
}

async function posted(story: Story, text: string, keyEvent = false): Promise<DeskLive> {
  const answer = await post(story, plain(text), keyEvent);
  expect(answer.status, answer.text).toBe(201);
  return apiEndpoints.postLiveUpdate.answer.parse(answer.body).live;
}

async function contentVersion(): Promise<string> {
  const answer = await call("GET", "/api/content-version");
  return apiEndpoints.contentVersion.answer.parse(answer.body).version;
}

async function readerArticle(story: Story) {
  const answer = await call("GET", `/api/articles/${story.fields.slug}`);
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.article.answer.parse(answer.body).article;
}

const messageOf = (body: unknown) => (body as { error: { message: string } }).error.message;

describe("starting, posting and ending", () => {
  it("an editor starts a published story, posts updates newest first, and each write moves the content version", async () => {
    const story = await publishedStory();
    expect((await readerArticle(story)).live).toBeNull();

    const before = await contentVersion();
    const started = await setState(story, "start");
    expect(started).toMatchObject({ state: "live", endedAt: null, updates: [], canManage: true });
    const afterStart = await contentVersion();
    expect(afterStart).not.toBe(before);

    await posted(story, "Polls have closed.");
    const afterFirst = await contentVersion();
    expect(afterFirst).not.toBe(afterStart);
    const live = await posted(story, "The first result is in.", true);
    expect(await contentVersion()).not.toBe(afterFirst);

    expect(live.updates.map((update) => update.paragraphs)).toEqual([
      plain("The first result is in."),
      plain("Polls have closed."),
    ]);
    expect(live.updates.map((update) => update.keyEvent)).toEqual([true, false]);
    expect(Number(live.updates[0]?.id)).toBeGreaterThan(Number(live.updates[1]?.id));
    expect(live.updates[0]).toMatchObject({
      version: 1,
      postedBy: { displayName: "Eda Editor" },
    });

    // Readers get the state and the updates, newest first, in the article's own answer.
    const article = await readerArticle(story);
    expect(article.live?.state).toBe("live");
    expect(article.live?.updates.map((update) => update.id)).toEqual(
      live.updates.map((update) => update.id),
    );
    expect(article.live?.updates[0]).not.toHaveProperty("version");

    const [entry] = await auditFor("live.post", `story ${story.id} `);
    expect(entry?.detail).toContain("The first result is in.");
    expect(await auditFor("live.start", `story ${story.id} `)).toHaveLength(1);

    const ended = await setState(story, "end", admin);
    expect(ended.state).toBe("ended");
    expect(ended.endedAt).not.toBeNull();
    const endedArticle = await readerArticle(story);
    expect(endedArticle.live).toMatchObject({ state: "ended", endedAt: ended.endedAt });
    expect(await auditFor("live.end", `story ${story.id} `)).toHaveLength(1);

    // It may go live again; the updates stay.
    const again = await setState(story, "start");
    expect(again).toMatchObject({ state: "live", endedAt: null });
    expect(again.updates).toHaveLength(2);
  });

  it("keeps links and marks, drops empty paragraphs and cleans control characters", async () => {
    const story = await liveStory();
    const answer = await post(story, [
      [{ text: "Read " }, { text: "the count", href: "https://example.org/count", bold: true }],
      [{ text: "   " }],
      [{ text: "Line\u0000 two\u202e" }],
    ]);
    expect(answer.status, answer.text).toBe(201);
    const [update] = apiEndpoints.postLiveUpdate.answer.parse(answer.body).live.updates;
    expect(update?.paragraphs).toEqual([
      [{ text: "Read " }, { text: "the count", href: "https://example.org/count", bold: true }],
      [{ text: "Line two" }],
    ]);
  });

  it("refuses what cannot be: a draft going live, starting twice, ending or posting when not live", async () => {
    const draft = await createStory(editor, fixture);
    const fromDraft = await call(
      "POST",
      storyPath(draft, "/live"),
      { action: "start" },
      {
        token: editor,
      },
    );
    expect(fromDraft.status).toBe(409);
    expect(messageOf(fromDraft.body)).toBe(
      "Only a published story can be live; this one is draft.",
    );

    const story = await publishedStory();
    const notLive = await post(story, plain("Too early."));
    expect(notLive.status).toBe(409);
    expect(messageOf(notLive.body)).toBe(
      "This story is not live: start its live blog before posting updates.",
    );
    const endNotLive = await call(
      "POST",
      storyPath(story, "/live"),
      { action: "end" },
      {
        token: editor,
      },
    );
    expect(endNotLive.status).toBe(409);
    expect(messageOf(endNotLive.body)).toBe("This story is not live, so it cannot end.");

    await setState(story, "start");
    const twice = await call(
      "POST",
      storyPath(story, "/live"),
      { action: "start" },
      {
        token: editor,
      },
    );
    expect(twice.status).toBe(409);
    expect(messageOf(twice.body)).toBe("This story is already live.");

    await setState(story, "end");
    const afterEnd = await post(story, plain("Too late."));
    expect(afterEnd.status).toBe(409);
    expect(await auditFor("live.post", `story ${story.id} `)).toHaveLength(0);
  });
});

describe("who may do what", () => {
  it("only editors and admins write; a contributor reads their own story's live blog; anonymous is 401", async () => {
    const story = await liveStory();
    for (const token of [contributor, reader]) {
      const start = await call("POST", storyPath(story, "/live"), { action: "end" }, { token });
      expect(start.status).toBe(403);
      expect(errorCode(start.body)).toBe("forbidden");
      const update = await post(story, plain("Not mine to post."), false, token);
      expect(update.status).toBe(403);
    }
    expect((await call("GET", storyPath(story, "/live"))).status).toBe(401);
    expect((await post(story, plain("Nobody."), false, "")).status).toBe(401);

    const adminPost = await post(story, plain("Posted by an admin."), false, admin);
    expect(adminPost.status, adminPost.text).toBe(201);

    // A contributor opens only their own stories, and sees the live blog without the tools.
    const notTheirs = await call("GET", storyPath(story, "/live"), undefined, {
      token: contributor,
    });
    expect(notTheirs.status).toBe(403);
    const own = await createStory(contributor, fixture);
    const ownLive = await call("GET", storyPath(own, "/live"), undefined, { token: contributor });
    expect(ownLive.status, ownLive.text).toBe(200);
    expect(apiEndpoints.storyLive.answer.parse(ownLive.body).live).toEqual({
      state: null,
      startedAt: null,
      endedAt: null,
      updates: [],
      canManage: false,
    });
  });
});

describe("bad updates", () => {
  it("answers 422 for no text, too many or too long paragraphs and refused links, 400 for a wrong shape, 413 over 16 KB", async () => {
    const story = await liveStory();
    const refused = async (paragraphs: unknown, code: string, message: string) => {
      const answer = await post(story, paragraphs);
      expect(answer.status, answer.text).toBe(422);
      expect(errorCode(answer.body)).toBe(code);
      expect(messageOf(answer.body)).toBe(message);
      expect((answer.body as { error: { field?: string } }).error.field).toBe("paragraphs");
    };
    await refused([], "invalid_update", "An update needs some text.");
    await refused(plain(" ", "\u0000"), "invalid_update", "An update needs some text.");
    await refused(
      plain(...Array.from({ length: 21 }, (_, n) => `Paragraph ${n}.`)),
      "invalid_update",
      "An update may have at most 20 paragraphs; this one has 21.",
    );
    await refused(
      plain("Short.", "x".repeat(3_001)),
      "invalid_update",
      "Paragraph 2 is longer than 3000 characters.",
    );
    await refused(
      [[{ text: "Click", href: "javascript:alert(1)" }]],
      "invalid_link",
      "The link “javascript:alert(1)” cannot be used: links must start with http://, https://, mailto: or / (a page of this site).",
    );

    const wrongShape = await call(
      "POST",
      storyPath(story, "/live/updates"),
      { paragraphs: plain("Fine."), keyEvent: "yes" },
      { token: editor },
    );
    expect(wrongShape.status).toBe(400);
    const extraField = await call(
      "POST",
      storyPath(story, "/live/updates"),
      { paragraphs: plain("Fine."), keyEvent: false, id: 1 },
      { token: editor },
    );
    expect(extraField.status).toBe(400);

    const huge = await post(story, plain(..."y".repeat(17_000).match(/.{1,2000}/g)!));
    expect(huge.status).toBe(413);
    expect(errorCode(huge.body)).toBe("payload_too_large");
    expect(await auditFor("live.post", `story ${story.id} `)).toHaveLength(0);
  });
});

describe("correcting and deleting", () => {
  it("edits and deletes name the version: a stale one is 409 and changes nothing; both are audited", async () => {
    const story = await liveStory();
    const [update] = (await posted(story, "The count stands at 40 per cent.")).updates;
    if (!update) throw new Error("no update");
    const path = storyPath(story, `/live/updates/${update.id}`);

    const edit = await call(
      "PUT",
      path,
      { baseVersion: 1, paragraphs: plain("The count stands at 41 per cent."), keyEvent: true },
      { token: editor },
    );
    expect(edit.status, edit.text).toBe(200);
    const [edited] = apiEndpoints.editLiveUpdate.answer.parse(edit.body).live.updates;
    expect(edited).toMatchObject({
      id: update.id,
      version: 2,
      keyEvent: true,
      paragraphs: plain("The count stands at 41 per cent."),
      postedAt: update.postedAt,
    });
    const [editEntry] = await auditFor("live.edit", `story ${story.id} `);
    expect(JSON.parse(editEntry?.detail ?? "{}")).toEqual({
      update: Number(update.id),
      text: ["The count stands at 40 per cent.", "The count stands at 41 per cent."],
      keyEvent: [false, true],
    });

    // A second editor who opened version 1 cannot overwrite or delete it.
    const stale = await call(
      "PUT",
      path,
      { baseVersion: 1, paragraphs: plain("Forty."), keyEvent: false },
      { token: admin },
    );
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe("stale_revision");
    const staleDelete = await call("DELETE", path, { baseVersion: 1 }, { token: admin });
    expect(staleDelete.status).toBe(409);
    expect((await readerArticle(story)).live?.updates[0]?.paragraphs).toEqual(
      plain("The count stands at 41 per cent."),
    );

    const before = await contentVersion();
    const removed = await call("DELETE", path, { baseVersion: 2 }, { token: admin });
    expect(removed.status, removed.text).toBe(200);
    expect(apiEndpoints.deleteLiveUpdate.answer.parse(removed.body).live.updates).toEqual([]);
    expect(await contentVersion()).not.toBe(before);
    expect((await readerArticle(story)).live?.updates).toEqual([]);
    const [deleteEntry] = await auditFor("live.delete", `story ${story.id} `);
    expect(JSON.parse(deleteEntry?.detail ?? "{}")).toMatchObject({
      text: "The count stands at 41 per cent.",
    });

    const gone = await call("DELETE", path, { baseVersion: 2 }, { token: editor });
    expect(gone.status).toBe(404);
    const elsewhere = await liveStory();
    const [other] = (await posted(elsewhere, "Elsewhere.")).updates;
    const wrongStory = await call(
      "DELETE",
      storyPath(story, `/live/updates/${other?.id}`),
      { baseVersion: 1 },
      { token: editor },
    );
    expect(wrongStory.status).toBe(404);
  });

  it("a contributor may not correct or delete", async () => {
    const story = await liveStory();
    const [update] = (await posted(story, "An update.")).updates;
    const path = storyPath(story, `/live/updates/${update?.id}`);
    const body = { baseVersion: 1, paragraphs: plain("Changed."), keyEvent: false };
    expect((await call("PUT", path, body, { token: contributor })).status).toBe(403);
    expect((await call("DELETE", path, { baseVersion: 1 }, { token: contributor })).status).toBe(
      403,
    );
  });
});

describe("GET /api/articles/:slug/updates", () => {
  const updatesOf = (slug: string, query = "") =>
    call("GET", `/api/articles/${slug}/updates${query}`);

  it("lists the updates newer than the cursor, newest first, cached for two seconds", async () => {
    const story = await liveStory();
    await posted(story, "One.");
    const live = await posted(story, "Two.");
    await posted(story, "Three.", true);
    const slug = story.fields.slug;

    const all = await updatesOf(slug);
    expect(all.status, all.text).toBe(200);
    expect(all.response.headers.get("cache-control")).toBe(
      "public, max-age=2, stale-while-revalidate=2",
    );
    const answer = apiEndpoints.liveUpdates.answer.parse(all.body);
    expect(answer.state).toBe("live");
    expect(answer.more).toBe(false);
    expect(answer.updates.map((update) => update.paragraphs)).toEqual([
      plain("Three."),
      plain("Two."),
      plain("One."),
    ]);

    const newer = apiEndpoints.liveUpdates.answer.parse(
      (await updatesOf(slug, `?after=${live.updates[0]?.id}`)).body,
    );
    expect(newer.updates.map((update) => update.paragraphs)).toEqual([plain("Three.")]);
    expect(newer.updates[0]?.keyEvent).toBe(true);
    const newest = answer.updates[0]?.id;
    const none = apiEndpoints.liveUpdates.answer.parse(
      (await updatesOf(slug, `?after=${newest}`)).body,
    );
    expect(none.updates).toEqual([]);
  });

  it("says when there are more than a page", async () => {
    const story = await liveStory();
    const now = new Date();
    // One row a statement: D1 takes at most 100 bound values in one.
    for (let n = 0; n < 51; n++) {
      await db.insert(liveUpdates).values({
        articleId: Number(story.id),
        body: JSON.stringify(plain(`Update ${n}.`)),
        createdAt: now,
        updatedAt: now,
      });
    }
    const answer = apiEndpoints.liveUpdates.answer.parse((await updatesOf(story.fields.slug)).body);
    expect(answer.updates).toHaveLength(50);
    expect(answer.more).toBe(true);
    expect(answer.updates[0]?.paragraphs).toEqual(plain("Update 50."));
  });

  it("is 404 for an article readers cannot see or one never live, 410 taken down, 400 for a bad cursor", async () => {
    const story = await liveStory();
    for (const cursor of ["abc", "-1", "1.5", "01", "9".repeat(20)]) {
      const bad = await updatesOf(story.fields.slug, `?after=${cursor}`);
      expect(bad.status, cursor).toBe(400);
      expect(errorCode(bad.body)).toBe("invalid_cursor");
    }
    expect((await updatesOf(story.fields.slug, "?before=1")).status).toBe(400);

    expect((await updatesOf("no-such-article")).status).toBe(404);
    const draft = await createStory(editor, fixture);
    expect((await updatesOf(draft.fields.slug)).status).toBe(404);
    const { category } = await createDesk(db, { slug: "live-desk", name: "Live desk" });
    const ordinary = await createArticle(db, { category });
    const notLive = await updatesOf(ordinary.slug);
    expect(notLive.status).toBe(404);
    expect(messageOf(notLive.body)).toBe("This article is not a live blog.");
    expect(notLive.response.headers.get("cache-control")).toBe("no-store");

    const current = apiEndpoints.story.answer.parse(
      (await call("GET", storyPath(story), undefined, { token: editor })).body,
    ).story;
    await step(editor, current, "unpublish");
    expect((await updatesOf(story.fields.slug)).status).toBe(410);
  });
});
