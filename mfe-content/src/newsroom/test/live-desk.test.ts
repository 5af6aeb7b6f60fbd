import { apiFailure, createFakeApi, type FakeAnswers, type FakeApi } from "edge-api/fake";
import { aMediaList } from "edge-api/fake/media";
import { aDeskLive, aDeskLiveUpdate } from "edge-api/fake/newsroom";
import { describe, expect, it } from "vitest";
import { expectPage, renderWith } from "../../test/render-route.ts";
import type { LiveDeskView } from "../ui/live-desk-views.ts";
import { aStory, aTaxonomy, newsroomRequest, someImages } from "./newsroom-fixtures.ts";

const LIVE_PATH = "/newsroom/stories/42/live";

const staff = (displayName: string) => ({ id: displayName.toLowerCase(), displayName });

const update = (id: string, overrides: Parameters<typeof aDeskLiveUpdate>[0] = {}) =>
  aDeskLiveUpdate({
    id,
    postedAt: "2026-11-21T15:00:00.000Z",
    updatedAt: "2026-11-21T15:00:00.000Z",
    paragraphs: [[{ text: `Update ${id}.` }]],
    postedBy: staff("Eda"),
    updatedBy: staff("Eda"),
    ...overrides,
  });

/** Live since 14:00 with two updates, the newer a corrected key event with a link. */
function aLive(overrides: Parameters<typeof aDeskLive>[0] = {}) {
  return aDeskLive({
    updates: [
      update("8", {
        postedAt: "2026-11-21T16:30:00.000Z",
        updatedAt: "2026-11-21T16:40:00.000Z",
        keyEvent: true,
        version: 2,
        paragraphs: [
          [{ text: "The bridge is open." }],
          [{ text: "Read " }, { text: "the statement", href: "https://example.org/s" }],
        ],
        updatedBy: staff("Li"),
      }),
      update("7"),
    ],
    ...overrides,
  });
}

const published = aStory({ status: "published", publishedAt: "2026-11-21T09:00:00.000Z" });

function liveApi(answers: FakeAnswers = {}): FakeApi {
  return createFakeApi({
    story: { story: published },
    storyLive: { live: aLive() },
    ...answers,
  });
}

function liveRequest(
  form?: Record<string, string>,
  options: { search?: string; role?: "contributor" } = {},
) {
  return newsroomRequest(
    "content.newsroom-live",
    { id: "42" },
    { path: LIVE_PATH, ...(form ? { form } : {}), ...options },
  );
}

const writes = (api: FakeApi) => api.calls.filter((call) => call.method !== "GET");

describe("content.newsroom-live: the screen", () => {
  it("shows the state, End, the post form and every update newest first with its own forms", async () => {
    const page = expectPage(await renderWith(liveApi(), liveRequest()));
    expect(page.status).toBe(200);
    expect(page.head.robots).toBe("noindex, nofollow");
    expect(page.cache).toEqual({ scope: "private", maxAge: 0 });
    const html = page.html;
    expect(html).toContain("Live blog of “Harbour bridge reopens after three years”</h1>");
    expect(html).toContain('<a href="/newsroom/stories/42">Back to the story</a>');
    expect(html).toMatch(/<strong>Live<\/strong> since <time[^>]*>21 November 2026, 14:00<\/time>/);
    expect(html).toContain('<input type="hidden" name="intent" value="end"/>');
    expect(html).toContain("End the live blog</button>");
    // The post form: a labelled text box with its hint, and the key-event box.
    expect(html).toContain('<label for="c-nr-live-text">Update</label>');
    expect(html).toContain(
      '<textarea id="c-nr-live-text" name="text" aria-describedby="c-nr-live-text-hint" rows="6">',
    );
    expect(html).toContain(
      '<input type="checkbox" id="c-nr-live-keyEvent" name="keyEvent"/><label for="c-nr-live-keyEvent">Key event (listed at the top for readers)</label>',
    );
    // Newest first, the key event marked, the correction dated and named.
    expect(html.indexOf('id="update-8"')).toBeLessThan(html.indexOf('id="update-7"'));
    expect(html).toMatch(
      /by Eda<strong> · Key event<\/strong> · corrected <time[^>]*>21 November 2026, 16:40<\/time> by Li/,
    );
    expect(html).toContain("The bridge is open.\n\nRead the statement</p>");
    // Each update's correction form names its version; the delete form too.
    expect(html).toContain(
      '<input type="hidden" name="intent" value="edit"/><input type="hidden" name="update" value="8"/><input type="hidden" name="baseVersion" value="2"/>',
    );
    expect(html).toContain('<label for="c-nr-live-text-8">Corrected update</label>');
    expect(html).toContain(
      '<input type="hidden" name="intent" value="delete"/><input type="hidden" name="update" value="7"/><input type="hidden" name="baseVersion" value="1"/>',
    );
    expect((page.props as LiveDeskView).updates.map((u) => u.id)).toEqual(["8", "7"]);
  });

  it("offers Start for a published story, says why a draft cannot go live, and Go live again once ended", async () => {
    const notLive = aLive({ state: null, startedAt: null, updates: [] });
    const start = expectPage(
      await renderWith(liveApi({ storyLive: { live: notLive } }), liveRequest()),
    );
    expect(start.html).toContain("Start a live blog</button>");
    expect(start.html).not.toContain("Post update</button>");
    expect(start.html).toContain("No updates yet.");

    const draft = expectPage(
      await renderWith(
        liveApi({ story: { story: aStory() }, storyLive: { live: notLive } }),
        liveRequest(),
      ),
    );
    expect(draft.html).toContain("Not live.<!-- --> Only a published story can go live.");
    expect(draft.html).not.toContain('name="intent" value="start"');

    const ended = aLive({ state: "ended", endedAt: "2026-11-21T18:00:00.000Z" });
    const again = expectPage(
      await renderWith(liveApi({ storyLive: { live: ended } }), liveRequest()),
    );
    expect(again.html).toContain("Go live again</button>");
    expect(again.html).not.toContain("Post update</button>");
  });

  it("shows a contributor the live blog without a single form", async () => {
    const page = expectPage(
      await renderWith(
        liveApi({ storyLive: { live: aLive({ canManage: false }) } }),
        liveRequest(undefined, { role: "contributor" }),
      ),
    );
    expect(page.html).toContain('id="update-8"');
    expect(page.html).not.toContain("<form");
  });

  it("says what happened after a write", async () => {
    const page = expectPage(
      await renderWith(liveApi(), liveRequest(undefined, { search: "?done=posted" })),
    );
    expect(page.html).toContain('<p class="c-nr-notice" role="status">The update is posted.');
  });
});

describe("content.newsroom-live: the forms", () => {
  it("posts an update as paragraphs (a blank line between them) with its key-event box, then comes back", async () => {
    const api = liveApi({ postLiveUpdate: { live: aLive() } });
    const answer = await renderWith(
      api,
      liveRequest({
        intent: "post",
        text: "Polls have closed.\r\n\r\nThe count\r\nbegins now.\n \n",
        keyEvent: "on",
      }),
    );
    expect(answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: `${LIVE_PATH}?done=posted`,
    });
    const [posted] = writes(api);
    expect(posted?.path).toBe("/api/newsroom/stories/42/live/updates");
    expect(posted?.body).toEqual({
      paragraphs: [[{ text: "Polls have closed." }], [{ text: "The count begins now." }]],
      keyEvent: true,
    });
  });

  it("refuses an empty update without asking the API, keeping the form", async () => {
    const api = liveApi();
    const page = expectPage(
      await renderWith(api, liveRequest({ intent: "post", text: "  \n  ", keyEvent: "on" })),
    );
    expect(page.status).toBe(422);
    expect(writes(api)).toEqual([]);
    expect(page.html).toContain(
      '<a href="#c-nr-live-text">Update<!-- -->: <!-- -->Write the update first.</a>',
    );
    expect(page.html).toContain(
      '<input type="checkbox" id="c-nr-live-keyEvent" name="keyEvent" checked=""/>',
    );
  });

  it("shows the API's refusals on the form: 422 rules and links, 409 not live, 413 too long", async () => {
    const cases: [ReturnType<typeof apiFailure>, number, string][] = [
      [
        apiFailure(422, "invalid_update", { field: "paragraphs" }),
        422,
        "An update needs some text: at most 20 paragraphs",
      ],
      [apiFailure(422, "invalid_link", { field: "paragraphs" }), 422, "A link is not allowed."],
      [
        apiFailure(409, "conflict"),
        409,
        "The live blog is not live: start it before posting updates.",
      ],
      [apiFailure(413, "payload_too_large"), 413, "The update is too long."],
    ];
    for (const [failure, status, message] of cases) {
      const page = expectPage(
        await renderWith(
          liveApi({ postLiveUpdate: failure }),
          liveRequest({ intent: "post", text: "Kept text." }),
        ),
      );
      expect(page.status, message).toBe(status);
      expect(page.html).toContain(message);
      expect(page.html).toContain(">Kept text.</textarea>");
    }
  });

  it("starts and ends the live blog", async () => {
    for (const intent of ["start", "end"] as const) {
      const api = liveApi({ setLiveState: { live: aLive() } });
      const answer = await renderWith(api, liveRequest({ intent }));
      expect(answer).toMatchObject({
        kind: "redirect",
        location: `${LIVE_PATH}?done=${intent === "start" ? "started" : "ended"}`,
      });
      expect(writes(api)[0]?.body).toEqual({ action: intent });
    }
    const refused = expectPage(
      await renderWith(
        liveApi({ setLiveState: apiFailure(409, "conflict") }),
        liveRequest({ intent: "start" }),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("This story cannot go live");
  });

  it("corrects an update from its version: unchanged text keeps its links, changed text is plain", async () => {
    const keep = liveApi({ editLiveUpdate: { live: aLive() } });
    const kept = await renderWith(
      keep,
      liveRequest({
        intent: "edit",
        update: "8",
        baseVersion: "2",
        "text-8": "The bridge is open.\n\nRead the statement",
      }),
    );
    expect(kept).toMatchObject({ kind: "redirect", location: `${LIVE_PATH}?done=edited` });
    const [edit] = writes(keep);
    expect(edit?.path).toBe("/api/newsroom/stories/42/live/updates/8");
    expect(edit?.body).toEqual({
      baseVersion: 2,
      keyEvent: false,
      paragraphs: [
        [{ text: "The bridge is open." }],
        [{ text: "Read " }, { text: "the statement", href: "https://example.org/s" }],
      ],
    });

    const change = liveApi({ editLiveUpdate: { live: aLive() } });
    await renderWith(
      change,
      liveRequest({
        intent: "edit",
        update: "8",
        baseVersion: "2",
        "text-8": "The bridge is shut.",
        keyEvent: "on",
      }),
    );
    expect(writes(change)[0]?.body).toEqual({
      baseVersion: 2,
      keyEvent: true,
      paragraphs: [[{ text: "The bridge is shut." }]],
    });
  });

  it("says so when someone else corrected the update first, keeping the person's text", async () => {
    const page = expectPage(
      await renderWith(
        liveApi({ editLiveUpdate: apiFailure(409, "stale_revision") }),
        liveRequest({ intent: "edit", update: "8", baseVersion: "1", "text-8": "My version." }),
      ),
    );
    expect(page.status).toBe(409);
    expect(page.html).toContain("Someone else corrected or deleted this update");
    expect(page.html).toContain(">My version.</textarea>");
  });

  it("deletes an update from its version; a malformed one is a 400 with no write", async () => {
    const api = liveApi({ deleteLiveUpdate: { live: aLive() } });
    const answer = await renderWith(
      api,
      liveRequest({ intent: "delete", update: "7", baseVersion: "1" }),
    );
    expect(answer).toMatchObject({ kind: "redirect", location: `${LIVE_PATH}?done=deleted` });
    expect(writes(api)[0]).toMatchObject({
      method: "DELETE",
      path: "/api/newsroom/stories/42/live/updates/7",
      body: { baseVersion: 1 },
    });

    const bad = liveApi();
    const page = expectPage(
      await renderWith(bad, liveRequest({ intent: "delete", update: "7", baseVersion: "x" })),
    );
    expect(page.status).toBe(400);
    expect(writes(bad)).toEqual([]);
  });

  it("maps 403 to the forbidden page and a missing second factor to the newsroom's sign-in", async () => {
    const forbidden = expectPage(
      await renderWith(
        liveApi({ postLiveUpdate: apiFailure(403, "forbidden") }),
        liveRequest({ intent: "post", text: "x" }),
      ),
    );
    expect(forbidden.status).toBe(403);
    const signIn = await renderWith(
      liveApi({ storyLive: apiFailure(401, "second_factor_required") }),
      liveRequest(),
    );
    expect(signIn).toMatchObject({
      kind: "redirect",
      location: `/newsroom/sign-in?next=${encodeURIComponent(LIVE_PATH)}`,
    });
  });
});

describe("the story editor", () => {
  it("links a saved story's live blog screen", async () => {
    const api = createFakeApi({
      story: { story: published },
      taxonomy: aTaxonomy(),
      deskImages: someImages(),
      mediaLibrary: aMediaList([]),
    });
    const page = expectPage(
      await renderWith(
        api,
        newsroomRequest("content.newsroom-story", { id: "42" }, { path: "/newsroom/stories/42" }),
      ),
    );
    expect(page.html).toContain('<a href="/newsroom/stories/42/live">Live blog</a>');
  });
});
