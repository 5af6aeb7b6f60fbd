import { describe, expect, it } from "vitest";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import { aMediaItem, aMediaList } from "edge-api/fake/media";
import type { StoryFields } from "edge-api/contract/newsroom";
import { pathsAsked } from "../../test/api-calls.ts";
import { expectPage, postRender, renderWith } from "../../test/render-route.ts";
import type { StoryEditorView } from "../ui/newsroom-views.ts";
import {
  aStory,
  aTaxonomy,
  editorForm,
  newsroomRequest,
  someImages,
  storyFields,
} from "./newsroom-fixtures.ts";

const STORY_PATH = "/newsroom/stories/42";

// The library's newest photographs (its first page), and an older one that is not on it.
const NEWEST_ID = "a".repeat(32);
const LIFEBOAT_ID = "b".repeat(32);
const OLDER_ID = "c".repeat(32);
const newest = aMediaItem({ id: NEWEST_ID, revision: 2 });
const lifeboat = aMediaItem({
  id: LIFEBOAT_ID,
  alt: "The lifeboat on the slipway",
  caption: "Back from the rescue.",
  credit: "Photograph: Li Wei",
});
const older = aMediaItem({
  id: OLDER_ID,
  alt: "The old bridge in 1990",
  credit: "Archive",
  createdAt: "2020-01-01T00:00:00.000Z",
});

function editorApi(answers: FakeAnswers = {}) {
  return createFakeApi({
    story: { story: aStory() },
    taxonomy: aTaxonomy(),
    deskImages: someImages(),
    mediaLibrary: aMediaList([newest, lifeboat]),
    ...answers,
  });
}

function getStory(search = "") {
  return newsroomRequest("content.newsroom-story", { id: "42" }, { path: STORY_PATH, search });
}

function postStory(form: Record<string, string>, role?: "contributor" | "editor") {
  return newsroomRequest(
    "content.newsroom-story",
    { id: "42" },
    { path: STORY_PATH, form, ...(role ? { role } : {}) },
  );
}

function editorProps(props: unknown): StoryEditorView {
  return props as StoryEditorView;
}

function bodyOfCall(api: ReturnType<typeof editorApi>, endpoint: string): unknown {
  return api.calls.find((call) => call.endpoint === endpoint)?.body;
}

describe("content.newsroom-story (the editor), GET", () => {
  it("renders every field with a label, the body read-only with its note, and the hidden body", async () => {
    const api = editorApi();
    const page = expectPage(await renderWith(api, getStory()));
    expect(page.status).toBe(200);
    expect(page.cache).toEqual({ scope: "private", maxAge: 0 });
    expect(page.head.robots).toBe("noindex, nofollow");
    expect(page.head.title).toBe(
      "Edit “Harbour bridge reopens after three years” | Newsroom | The Daily Edge",
    );
    const html = page.html;
    expect(html.match(/<h1/g)).toHaveLength(1);
    for (const [id, label] of [
      ["c-nr-story-headline", "Headline"],
      ["c-nr-story-standfirst", "Standfirst"],
      ["c-nr-story-section", "Section"],
      ["c-nr-story-category", "Category"],
      ["c-nr-story-slug", "Slug"],
      ["c-nr-story-seoTitle", "SEO title"],
      ["c-nr-story-seoDescription", "SEO description"],
      ["c-nr-story-leadImage", "Image"],
      ["c-nr-story-leadImageAlt", "Alt text"],
      ["c-nr-story-leadImageCaption", "Caption"],
      ["c-nr-story-leadImageCredit", "Credit"],
      ["c-nr-story-newAuthorName", "Name"],
    ]) {
      expect(html, label).toContain(`<label for="${id}">${label}</label>`);
      expect(html, label).toContain(`id="${id}"`);
    }
    expect(html).toMatch(
      /<form id="c-nr-story-form" class="c-nr-form" [^>]*action="\/newsroom\/stories\/42" method="post">/,
    );
    expect(html).toContain('<input type="hidden" name="baseRevision" value="r3"/>');
    const hiddenBody = /<input type="hidden" name="body" value="([^"]*)"\/>/.exec(html)?.[1] ?? "";
    expect(JSON.parse(hiddenBody.replaceAll("&quot;", '"'))).toEqual(storyFields().body);
    expect(html).toContain("The body editor needs JavaScript.");
    expect(html).toContain("<strong>Tuesday</strong>");
    expect(html).toContain('name="author:ada-okafor" checked=""');
    expect(html).toContain('name="tag:transport" checked=""');
    expect(html).toContain("Up to 70 characters.");
    expect(html).toContain("Up to 160 characters.");
    // Workflow from `story.can`, a draft: submit, publish, schedule; no unpublish.
    expect(html).toContain('value="submit" name="intent">Submit for review</button>');
    expect(html).toContain('value="publish" name="intent">Publish now</button>');
    expect(html).toContain('value="schedule" name="intent">Schedule</button>');
    expect(html).not.toContain('value="unpublish"');
    expect(html).toContain("Schedule (time in Europe/London)");
    expect(html).toContain('<a href="/newsroom/stories/42/revisions">Revisions</a>');
    expect(html).toContain('target="_blank"');
  });

  it("shows what a contributor may do only, and the done notice", async () => {
    const can = { edit: true, submit: true, publish: false, unpublish: false, correct: false };
    const api = editorApi({ story: { story: aStory({ can }) } });
    const request = newsroomRequest(
      "content.newsroom-story",
      { id: "42" },
      { path: STORY_PATH, search: "?done=saved", role: "contributor" },
    );
    const page = expectPage(await renderWith(api, request));
    expect(page.html).toContain("Submit for review");
    expect(page.html).not.toContain("Publish now");
    expect(page.html).not.toContain("Or create an author profile");
    expect(page.html).toContain('<p class="c-nr-notice" role="status">Saved.</p>');
  });

  it("shows a story the person may not edit read-only, with its workflow buttons still working", async () => {
    const can = { edit: false, submit: false, publish: false, unpublish: false, correct: false };
    const api = editorApi({ story: { story: aStory({ status: "submitted", can }) } });
    const request = newsroomRequest(
      "content.newsroom-story",
      { id: "42" },
      { path: STORY_PATH, role: "contributor" },
    );
    const page = expectPage(await renderWith(api, request));
    expect(page.html).toContain('<fieldset class="c-nr-fields" disabled="">');
    expect(page.html).toContain("You can read this story but not change it now");
    expect(page.html).not.toContain('value="save"');
    expect(page.html).not.toContain("The body editor needs JavaScript.");
  });

  it("says when a scheduled story goes live, in the publication's time zone", async () => {
    const can = { edit: true, submit: false, publish: true, unpublish: true, correct: false };
    const story = aStory({ status: "scheduled", publishedAt: "2026-12-01T08:00:00.000Z", can });
    const page = expectPage(await renderWith(editorApi({ story: { story } }), getStory()));
    expect(page.html).toContain("Goes live <time");
    expect(page.html).toContain("1 December 2026, 08:00");
    expect(page.html).toContain('value="2026-12-01"');
    expect(page.html).toContain('value="08:00"');
    expect(page.html).toContain('value="unpublish" name="intent">Unpublish…</button>');
  });

  it("says a published story is saved only with its own button (no autosave of live text)", async () => {
    const can = { edit: true, submit: false, publish: false, unpublish: true, correct: true };
    const story = aStory({ status: "published", publishedAt: "2026-11-20T10:00:00.000Z", can });
    const page = expectPage(await renderWith(editorApi({ story: { story } }), getStory()));
    expect(page.html).toContain(
      'value="save" name="intent">Save and update the live story</button>',
    );
    expect(page.html).not.toContain("Publish now");
    expect(page.html).toContain('<label for="c-nr-story-correction">Add a correction</label>');
  });

  it("answers not-found for an unknown story and a malformed id", async () => {
    const api = editorApi({ story: apiFailure(404, "not_found") });
    expect(await renderWith(api, getStory())).toEqual({ kind: "not-found" });
    const bad = newsroomRequest(
      "content.newsroom-story",
      { id: "../x" },
      { path: "/newsroom/stories/..%2Fx" },
    );
    expect(await renderWith(api, bad)).toEqual({ kind: "not-found" });
  });

  it("renders the new-story form empty", async () => {
    const api = editorApi();
    const request = newsroomRequest(
      "content.newsroom-new-story",
      {},
      { path: "/newsroom/stories/new" },
    );
    const page = expectPage(await renderWith(api, request));
    expect(pathsAsked(api)).toEqual([
      "/api/newsroom/taxonomy",
      "/api/newsroom/images",
      "/api/newsroom/media",
    ]);
    expect(page.html).toContain("New story</h1>");
    expect(page.html).toContain('action="/newsroom/stories/new"');
    expect(page.html).toContain("Create story");
    expect(page.html).not.toContain("Publish now");
  });
});

describe("content.newsroom-story, POST", () => {
  it("saves with the base revision and sees the editor again (post/redirect/get)", async () => {
    const api = editorApi({ saveStory: { story: aStory({ revision: "r4" }) } });
    const fields = storyFields({ headline: "Harbour bridge reopens at last" });
    const answer = await renderWith(api, postStory(editorForm(fields, { intent: "save" })));
    expect(answer).toEqual({ kind: "redirect", status: 303, location: `${STORY_PATH}?done=saved` });
    expect(bodyOfCall(api, "saveStory")).toEqual({ baseRevision: "r3", fields });
  });

  it("answers the browser's autosave with the page, whose props carry the new revision", async () => {
    const api = editorApi({ saveStory: { story: aStory({ revision: "r4" }) } });
    const form = editorForm(storyFields(), { intent: "save", autosave: "1" });
    const page = expectPage(await renderWith(api, postStory(form)));
    expect(page.status).toBe(200);
    expect(editorProps(page.props).revision).toBe("r4");
    expect(editorProps(page.props).notice).toBe("saved");
  });

  it("on a stale revision shows what changed, keeps the person's text and names the current revision", async () => {
    const current = aStory({
      revision: "r5",
      fields: storyFields({ standfirst: "Cars may cross again from Monday." }),
      updatedBy: { id: "u2", displayName: "Li Wei" },
    });
    const api = editorApi({
      saveStory: apiFailure(409, "stale_revision"),
      story: { story: current },
      storyRevision: {
        revision: {
          id: "r3",
          number: 3,
          createdAt: "2026-11-21T14:02:00.000Z",
          author: null,
          note: "Saved",
          fields: storyFields(),
        },
      },
    });
    const mine = storyFields({ headline: "My better headline" });
    const page = expectPage(await renderWith(api, postStory(editorForm(mine, { intent: "save" }))));
    expect(page.status).toBe(409);
    const view = editorProps(page.props);
    expect(view.revision).toBe("r5");
    expect(view.values.headline).toBe("My better headline");
    expect(view.conflict?.baseNumber).toBe(3);
    expect(view.conflict?.changes.map((c) => c.field)).toEqual(["standfirst"]);
    expect(page.html).toContain("This story changed while you were working");
    expect(page.html).toContain("Li Wei<!-- --> saved it on");
    expect(page.html).toContain("<del>crossing</del><ins>may</ins>");
    expect(page.html).toContain('value="My better headline"');
    expect(page.html).toContain('<input type="hidden" name="baseRevision" value="r5"/>');
    expect(page.html).toContain("Save my version on top</button>");
    expect(page.html).toContain('<a href="/newsroom/stories/42">Discard my changes');
    expect(pathsAsked(api)).toContain("/api/newsroom/stories/42/revisions/r3");
  });

  it("shows a refused link next to the body (422 invalid_link)", async () => {
    const api = editorApi({ saveStory: apiFailure(422, "invalid_link") });
    const fields = storyFields({
      body: [
        {
          type: "paragraph",
          text: "Click",
          runs: [{ text: "Click", href: "javascript:alert(1)" }],
        },
      ],
    });
    const page = expectPage(
      await renderWith(api, postStory(editorForm(fields, { intent: "save" }))),
    );
    expect(page.status).toBe(422);
    expect(page.html).toContain("A link in the body is not allowed.");
    expect(page.html).toContain('href="#c-nr-story-body"');
  });

  it("refuses missing and wrong fields before asking the API, each next to its field", async () => {
    const api = editorApi();
    const form = editorForm(storyFields({ headline: " ", authors: [] }), {
      intent: "save",
      category: "markets",
      leadImage: "7",
      leadImageAlt: "",
      leadImageCredit: "",
      seoTitle: "x".repeat(71),
    });
    const page = expectPage(await renderWith(api, postStory(form)));
    expect(page.status).toBe(422);
    const fields = editorProps(page.props)
      .problems.map((p) => p.field)
      .sort();
    expect(fields).toEqual(["authors", "headline", "leadImageAlt", "leadImageCredit", "seoTitle"]);
    expect(api.calls.some((call) => call.endpoint === "saveStory")).toBe(false);
    expect(page.html).toContain('aria-invalid="true"');
    expect(page.html).toContain("Write a headline of up to 200 characters.");
  });

  it("refuses a category of another section", async () => {
    const api = editorApi();
    const form = editorForm(storyFields({ category: "markets" }), { intent: "save" });
    const page = expectPage(await renderWith(api, postStory(form)));
    expect(page.status).toBe(422);
    expect(editorProps(page.props).problems).toEqual([
      { field: "category", message: "Choose a category of World." },
    ]);
  });

  it("proposes the slug from the headline when it is left empty", async () => {
    const api = editorApi({ saveStory: { story: aStory() } });
    const form = editorForm(storyFields({ headline: "Ports reopen after the storm’s end" }), {
      intent: "save",
      slug: "",
    });
    await renderWith(api, postStory(form));
    const sent = bodyOfCall(api, "saveStory") as { fields: StoryFields };
    expect(sent.fields.slug).toBe("ports-reopen-after-the-storms-end");
  });

  it("shows a taken slug on the slug field (409 slug_taken)", async () => {
    const api = editorApi({ saveStory: apiFailure(409, "slug_taken") });
    const page = expectPage(
      await renderWith(api, postStory(editorForm(storyFields(), { intent: "save" }))),
    );
    expect(page.status).toBe(409);
    expect(editorProps(page.props).problems[0]?.field).toBe("slug");
  });

  it("publishes: saves changed fields first, then moves the story on from the new revision", async () => {
    const api = editorApi({
      saveStory: { story: aStory({ revision: "r4" }) },
      storyWorkflow: { story: aStory({ revision: "r5", status: "published" }) },
    });
    const form = editorForm(storyFields({ standfirst: "Changed." }), { intent: "publish" });
    const answer = await renderWith(api, postStory(form));
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: `${STORY_PATH}?done=published`,
    });
    expect(bodyOfCall(api, "storyWorkflow")).toEqual({ baseRevision: "r4", action: "publish" });
  });

  it("submits an unchanged story without a new revision", async () => {
    const api = editorApi({ storyWorkflow: { story: aStory({ status: "submitted" }) } });
    const answer = await renderWith(
      api,
      postStory(editorForm(storyFields(), { intent: "submit" })),
    );
    expect(answer).toMatchObject({ kind: "redirect", location: `${STORY_PATH}?done=submitted` });
    expect(api.calls.some((call) => call.endpoint === "saveStory")).toBe(false);
    expect(bodyOfCall(api, "storyWorkflow")).toEqual({ baseRevision: "r3", action: "submit" });
  });

  it("schedules at a date and time of the publication's zone, sent with its offset", async () => {
    const api = editorApi({
      storyWorkflow: {
        story: aStory({ status: "scheduled", publishedAt: "2099-07-01T08:30:00.000Z" }),
      },
    });
    const form = editorForm(storyFields(), {
      intent: "schedule",
      publishDate: "2099-07-01",
      publishTime: "09:30",
    });
    const answer = await renderWith(api, postStory(form));
    expect(answer).toMatchObject({ kind: "redirect", location: `${STORY_PATH}?done=scheduled` });
    expect(bodyOfCall(api, "storyWorkflow")).toEqual({
      baseRevision: "r3",
      action: "schedule",
      publishAt: "2099-07-01T09:30:00+01:00",
    });
  });

  it("refuses a schedule in the past or not a real time", async () => {
    const api = editorApi();
    for (const [publishDate, publishTime] of [
      ["2001-01-01", "09:00"],
      ["2099-02-30", "09:00"],
      ["", ""],
    ]) {
      const form = editorForm(storyFields(), {
        intent: "schedule",
        publishDate: publishDate ?? "",
        publishTime: publishTime ?? "",
      });
      const page = expectPage(await renderWith(api, postStory(form)));
      expect(page.status).toBe(422);
      expect(editorProps(page.props).problems[0]?.field).toBe("publishDate");
    }
    expect(api.calls.some((call) => call.endpoint === "storyWorkflow")).toBe(false);
  });

  it("shows the API's refusals of a workflow step on the form: a passed time, a wrong state", async () => {
    const late = editorApi({
      storyWorkflow: { fake: "failure", status: 422, code: "invalid_story" },
    });
    // The fake names no field: the problem is the form's.
    const form = editorForm(storyFields(), {
      intent: "schedule",
      publishDate: "2099-07-01",
      publishTime: "09:30",
    });
    const refused = expectPage(await renderWith(late, postStory(form)));
    expect(refused.status).toBe(422);
    expect(editorProps(refused.props).problems[0]?.field).toBe("form");

    const wrongState = editorApi({ storyWorkflow: apiFailure(409, "conflict") });
    const page = expectPage(
      await renderWith(wrongState, postStory(editorForm(storyFields(), { intent: "publish" }))),
    );
    expect(page.status).toBe(409);
    expect(page.html).toContain("The story cannot do that in its present state");
  });

  it("asks before unpublishing, then unpublishes", async () => {
    const published = aStory({ status: "published", publishedAt: "2026-11-20T10:00:00.000Z" });
    const api = editorApi({
      story: { story: published },
      storyWorkflow: { story: aStory({ status: "unpublished" }) },
    });
    const ask = expectPage(
      await renderWith(api, postStory({ intent: "unpublish", baseRevision: "r3" })),
    );
    expect(ask.status).toBe(200);
    expect(ask.html).toContain("Unpublish this story?</h2>");
    expect(ask.html).toContain('<input type="hidden" name="confirm" value="yes"/>');
    expect(api.calls.some((call) => call.endpoint === "storyWorkflow")).toBe(false);

    const done = await renderWith(
      api,
      postStory({ intent: "unpublish", baseRevision: "r3", confirm: "yes" }),
    );
    expect(done).toMatchObject({ kind: "redirect", location: `${STORY_PATH}?done=unpublished` });
    expect(bodyOfCall(api, "storyWorkflow")).toEqual({ baseRevision: "r3", action: "unpublish" });
  });

  it("shows 403 when the role may not publish", async () => {
    const api = editorApi({ storyWorkflow: apiFailure(403, "forbidden") });
    const page = expectPage(
      await renderWith(
        api,
        postStory(editorForm(storyFields(), { intent: "publish" }), "contributor"),
      ),
    );
    expect(page.status).toBe(403);
    expect(page.html).toContain("Your role does not allow you to publish stories.");
  });

  it("sends a save without the second factor to the newsroom sign-in (303)", async () => {
    const api = editorApi({
      story: apiFailure(401, "second_factor_required"),
      taxonomy: apiFailure(401, "second_factor_required"),
      deskImages: apiFailure(401, "second_factor_required"),
    });
    expect(await renderWith(api, postStory(editorForm(storyFields(), { intent: "save" })))).toEqual(
      {
        kind: "redirect",
        status: 303,
        location: "/newsroom/sign-in?next=%2Fnewsroom%2Fstories%2F42",
      },
    );
  });

  it("adds a correction with the base revision", async () => {
    const corrected = aStory({
      status: "published",
      corrections: [
        { id: "k1", at: "2026-11-22T10:00:00.000Z", text: "The bridge is 300 m long.", by: null },
      ],
    });
    const api = editorApi({ correctStory: { story: corrected } });
    const answer = await renderWith(
      api,
      postStory({
        intent: "correct",
        baseRevision: "r3",
        correction: " The bridge is 300 m long. ",
      }),
    );
    expect(answer).toMatchObject({ kind: "redirect", location: `${STORY_PATH}?done=corrected` });
    expect(bodyOfCall(api, "correctStory")).toEqual({
      baseRevision: "r3",
      text: "The bridge is 300 m long.",
    });
  });

  it("lists corrections on a published story and refuses an empty one", async () => {
    const published = aStory({
      status: "published",
      publishedAt: "2026-11-20T10:00:00.000Z",
      can: { edit: true, submit: false, publish: false, unpublish: true, correct: true },
      corrections: [
        {
          id: "k1",
          at: "2026-11-22T10:00:00.000Z",
          text: "An earlier version misnamed the river.",
          by: { id: "u2", displayName: "Li Wei" },
        },
      ],
    });
    const api = editorApi({ story: { story: published } });
    const page = expectPage(
      await renderWith(api, postStory({ intent: "correct", baseRevision: "r3", correction: "  " })),
    );
    expect(page.status).toBe(422);
    expect(page.html).toContain("An earlier version misnamed the river.");
    expect(page.html).toContain("Write the correction, up to 2,000 characters.");
    expect(page.html).toContain('<label for="c-nr-story-correction">Add a correction</label>');
  });

  it("makes a preview and goes to its private address", async () => {
    const api = editorApi({
      createPreview: { token: "tok_abcdefgh123", expiresAt: "2026-11-25T10:00:00.000Z" },
    });
    expect(await renderWith(api, postStory({ intent: "preview" }))).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/preview/tok_abcdefgh123",
    });
  });

  it("creates a new story and goes to its address; an editor may create an author inline", async () => {
    const created = aStory({ id: "77" });
    const api = editorApi({
      createAuthor: {
        author: { id: "a9", slug: "sam-hill", name: "Sam Hill", jobTitle: "Reporter", bio: "" },
      },
      createStory: { story: created },
    });
    const form = editorForm(storyFields({ authors: [] }), {
      intent: "save",
      baseRevision: "",
      newAuthorName: "Sam Hill",
      newAuthorJobTitle: "Reporter",
    });
    const request = newsroomRequest(
      "content.newsroom-new-story",
      {},
      { path: "/newsroom/stories/new", form },
    );
    const answer = await renderWith(api, request);
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/stories/77?done=created",
    });
    expect(bodyOfCall(api, "createAuthor")).toEqual({
      slug: "sam-hill",
      name: "Sam Hill",
      jobTitle: "Reporter",
      bio: "",
    });
    expect((bodyOfCall(api, "createStory") as { fields: StoryFields }).fields.authors).toEqual([
      "sam-hill",
    ]);
  });

  it("fails with the kit's error when the API is down", async () => {
    const api = editorApi({ saveStory: apiFailure(503, "unavailable") });
    const response = await postRender(
      api,
      postStory(editorForm(storyFields(), { intent: "save" })),
    );
    expect(response.status).toBe(500);
  });
});

describe("content.newsroom-story: photographs from the media library (issue 16)", () => {
  const lead = (mediaId: string) => ({ mediaId, alt: "Our alt", caption: "", credit: "Ours" });

  function selectOf(html: string, name: string): string {
    return new RegExp(`<select[^>]*name="${name}"[^>]*>[\\s\\S]*?</select>`).exec(html)?.[0] ?? "";
  }

  it("lists the newest photographs and the illustrations in their own groups of the lead select, from one call to the library", async () => {
    const api = editorApi();
    const page = expectPage(await renderWith(api, getStory()));
    const select = selectOf(page.html, "leadImage");
    expect(select).toContain('<option value="" selected="">No lead image</option>');
    const photos = /<optgroup label="Photographs">([\s\S]*?)<\/optgroup>/.exec(select)?.[1] ?? "";
    expect(photos).toContain(
      `<option value="media:${NEWEST_ID}">Fishing boats moored in the harbour at dawn (Photograph: Ada Lens / Daily Edge)</option>`,
    );
    expect(photos).toContain(
      `<option value="media:${LIFEBOAT_ID}">The lifeboat on the slipway (Photograph: Li Wei)</option>`,
    );
    const illustrations = /<optgroup label="Illustrations">([\s\S]*?)<\/optgroup>/.exec(
      select,
    )?.[1];
    expect(illustrations).toContain(
      '<option value="7">The bridge at dawn<!-- --> (<!-- -->Photograph: staff<!-- -->)</option>',
    );
    expect(page.html).toContain("brings its alt text, caption and credit from the library");
    const library = api.calls.filter((call) => call.endpoint === "mediaLibrary");
    expect(library).toHaveLength(1);
    expect(library[0]?.query).toEqual({});
    expect(api.calls.some((call) => call.endpoint === "mediaItem")).toBe(false);
  });

  it("keeps an older lead photograph in the list, chosen, with its wide thumbnail and a link to set its crops", async () => {
    const api = editorApi({
      story: { story: aStory({ fields: storyFields({ leadImage: lead(OLDER_ID) }) }) },
      mediaItem: older,
    });
    const page = expectPage(await renderWith(api, getStory()));
    expect(pathsAsked(api)).toContain(`/api/newsroom/media/${OLDER_ID}`);
    expect(selectOf(page.html, "leadImage")).toContain(
      `<option value="media:${OLDER_ID}" selected="">The old bridge in 1990 (Archive)</option>`,
    );
    expect(editorProps(page.props).values.leadImage).toBe(`media:${OLDER_ID}`);
    const thumb = /<img class="c-nr-thumb"[^>]*>/.exec(page.html)?.[0] ?? "";
    expect(thumb).toContain(`src="/images/media/${OLDER_ID}/wide-320.jpg?v=1"`);
    expect(thumb).toContain('alt=""');
    expect(page.html).toContain(
      `<a href="/newsroom/media/${OLDER_ID}">Set its focal point and crops in the media library</a>`,
    );
  });

  it("keeps a lead photograph the library no longer has as the chosen option, not silently dropped", async () => {
    const api = editorApi({
      story: { story: aStory({ fields: storyFields({ leadImage: lead(OLDER_ID) }) }) },
      mediaItem: apiFailure(404, "not_found"),
    });
    const page = expectPage(await renderWith(api, getStory()));
    expect(page.status).toBe(200);
    expect(selectOf(page.html, "leadImage")).toContain(
      `<option value="media:${OLDER_ID}" selected="">The photograph chosen before (not in the library)</option>`,
    );
  });

  it("saves a chosen photograph as the lead: {mediaId, alt, caption, credit} to the API", async () => {
    const api = editorApi({ saveStory: { story: aStory({ revision: "r4" }) } });
    const fields = storyFields({ leadImage: lead(LIFEBOAT_ID) });
    const answer = await renderWith(api, postStory(editorForm(fields, { intent: "save" })));
    expect(answer).toEqual({ kind: "redirect", status: 303, location: `${STORY_PATH}?done=saved` });
    expect(bodyOfCall(api, "saveStory")).toEqual({ baseRevision: "r3", fields });
    expect((bodyOfCall(api, "saveStory") as { fields: StoryFields }).fields.leadImage).toEqual({
      mediaId: LIFEBOAT_ID,
      alt: "Our alt",
      caption: "",
      credit: "Ours",
    });
  });

  it("without JavaScript, fills a newly chosen photograph's empty alt, caption and credit from the library", async () => {
    const api = editorApi({ saveStory: { story: aStory({ revision: "r4" }) } });
    const form = editorForm(storyFields(), {
      intent: "save",
      leadImage: `media:${LIFEBOAT_ID}`,
      leadImageAlt: "",
      leadImageCaption: " ",
      leadImageCredit: "",
    });
    await renderWith(api, postStory(form));
    expect((bodyOfCall(api, "saveStory") as { fields: StoryFields }).fields.leadImage).toEqual({
      mediaId: LIFEBOAT_ID,
      alt: "The lifeboat on the slipway",
      caption: "Back from the rescue.",
      credit: "Photograph: Li Wei",
    });
  });

  it("without JavaScript, replaces the previous lead's words with a newly chosen photograph's, keeping words the person wrote", async () => {
    const old = { imageId: 7, alt: "Old alt", caption: "Old caption", credit: "Old credit" };
    const api = editorApi({
      story: { story: aStory({ fields: storyFields({ leadImage: old }) }) },
      saveStory: { story: aStory({ revision: "r4" }) },
    });
    const form = editorForm(storyFields({ leadImage: old }), {
      intent: "save",
      leadImage: `media:${LIFEBOAT_ID}`,
      leadImageCaption: "Our own caption for this story",
    });
    await renderWith(api, postStory(form));
    expect((bodyOfCall(api, "saveStory") as { fields: StoryFields }).fields.leadImage).toEqual({
      mediaId: LIFEBOAT_ID,
      alt: "The lifeboat on the slipway",
      caption: "Our own caption for this story",
      credit: "Photograph: Li Wei",
    });
  });

  it("keeps the emptied caption of a lead photograph that was already the story's", async () => {
    const api = editorApi({
      story: { story: aStory({ fields: storyFields({ leadImage: lead(LIFEBOAT_ID) }) }) },
      saveStory: { story: aStory({ revision: "r4" }) },
    });
    const fields = storyFields({ leadImage: lead(LIFEBOAT_ID) });
    await renderWith(api, postStory(editorForm(fields, { intent: "save" })));
    expect(
      (bodyOfCall(api, "saveStory") as { fields: StoryFields }).fields.leadImage?.caption,
    ).toBe("");
  });

  it("refuses a malformed lead image value with 422 on the select, before asking the API", async () => {
    for (const value of [
      "media:xyz",
      `media:${"A".repeat(32)}`,
      `media:${"a".repeat(31)}`,
      "photo",
      "0",
      "7.5",
      " 7",
    ]) {
      const api = editorApi();
      const form = editorForm(storyFields(), {
        intent: "save",
        leadImage: value,
        leadImageAlt: "Alt",
        leadImageCredit: "Credit",
      });
      const page = expectPage(await renderWith(api, postStory(form)));
      expect(page.status, value).toBe(422);
      expect(editorProps(page.props).problems, value).toEqual([
        {
          field: "leadImage",
          message: "Choose one of the photographs or illustrations in the list.",
        },
      ]);
      expect(
        api.calls.some((call) => call.endpoint === "saveStory"),
        value,
      ).toBe(false);
    }
  });

  it("refuses a photograph the library does not have with 422 on the select", async () => {
    const api = editorApi({ mediaItem: apiFailure(404, "not_found") });
    const form = editorForm(storyFields(), {
      intent: "save",
      leadImage: `media:${OLDER_ID}`,
      leadImageAlt: "Alt",
      leadImageCredit: "Credit",
    });
    const page = expectPage(await renderWith(api, postStory(form)));
    expect(page.status).toBe(422);
    expect(editorProps(page.props).problems).toEqual([
      {
        field: "leadImage",
        message: "This photograph is not in the library: choose another image.",
      },
    ]);
    expect(pathsAsked(api)).toContain(`/api/newsroom/media/${OLDER_ID}`);
    expect(api.calls.some((call) => call.endpoint === "saveStory")).toBe(false);
  });

  it("shows the API's refusal of the lead photograph (422 on leadImage.mediaId) on the select", async () => {
    const api = editorApi({
      saveStory: apiFailure(422, "invalid_story", { field: "leadImage.mediaId" }),
    });
    const fields = storyFields({ leadImage: lead(NEWEST_ID) });
    const page = expectPage(
      await renderWith(api, postStory(editorForm(fields, { intent: "save" }))),
    );
    expect(page.status).toBe(422);
    expect(editorProps(page.props).problems.map((p) => p.field)).toEqual(["leadImage"]);
    expect(page.html).toContain('href="#c-nr-story-leadImage"');
  });

  it("offers the photographs to the body's insert control and previews a photograph block in the body", async () => {
    const body = [
      {
        type: "image" as const,
        image: {
          src: `/images/media/${LIFEBOAT_ID}/full-960.jpg?v=1`,
          alt: "The lifeboat on the slipway",
          caption: "Back from the rescue.",
          credit: "Photograph: Li Wei",
          width: 1600,
          height: 1067,
          media: {
            id: LIFEBOAT_ID,
            revision: 1,
            use: "full" as const,
            widths: [320, 480, 640, 960, 1280, 1600],
          },
        },
      },
    ];
    const api = editorApi({ story: { story: aStory({ fields: storyFields({ body }) }) } });
    const page = expectPage(await renderWith(api, getStory()));
    const view = editorProps(page.props);
    expect(view.photographs.map((p) => p.id)).toEqual([NEWEST_ID, LIFEBOAT_ID]);
    expect(view.photographs[0]).toMatchObject({
      value: `media:${NEWEST_ID}`,
      revision: 2,
      href: `/newsroom/media/${NEWEST_ID}`,
      full: { widths: newest.uses.full.widths, width: 1600, height: 1067 },
    });
    const preview = /<figure class="c-nr-kept-image">[\s\S]*?<\/figure>/.exec(page.html)?.[0] ?? "";
    expect(preview).toContain(`src="/images/media/${LIFEBOAT_ID}/full-320.jpg?v=1"`);
    expect(preview).toContain('alt="The lifeboat on the slipway"');
    expect(preview).toContain("Back from the rescue. Photograph: Li Wei");
    const hidden = /<input type="hidden" name="body" value="([^"]*)"\/>/.exec(page.html)?.[1] ?? "";
    expect(JSON.parse(hidden.replaceAll("&quot;", '"'))).toEqual(body);
  });
});
