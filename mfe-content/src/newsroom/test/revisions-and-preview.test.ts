import { describe, expect, it } from "vitest";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import { anArticleDetail } from "edge-api/fake/content";
import { pathsAsked } from "../../test/api-calls.ts";
import { expectPage, renderWith } from "../../test/render-route.ts";
import type { RevisionsView } from "../ui/newsroom-views.ts";
import { aStory, newsroomRequest, storyFields } from "./newsroom-fixtures.ts";

const REVISIONS_PATH = "/newsroom/stories/42/revisions";

const summaries = [1, 2, 3].map((number) => ({
  id: `r${number}`,
  number,
  createdAt: `2026-11-2${number}T10:00:00.000Z`,
  author: { id: "u1", displayName: "Ada Okafor" },
  note: number === 1 ? "Created" : "Saved",
}));

function revisionApi(answers: FakeAnswers = {}) {
  return createFakeApi({
    story: { story: aStory() },
    storyRevisions: { revisions: summaries },
    storyRevision: (call) => {
      const id = call.params.revision ?? "";
      const number = Number(id.slice(1));
      return {
        revision: {
          ...summaries[0]!,
          id,
          number,
          fields: storyFields({
            headline:
              number === 1 ? "Bridge to reopen" : "Harbour bridge reopens after three years",
          }),
        },
      };
    },
    ...answers,
  });
}

function revisions(search = "", form?: Record<string, string>) {
  return newsroomRequest(
    "content.newsroom-revisions",
    { id: "42" },
    { path: REVISIONS_PATH, search, ...(form ? { form } : {}) },
  );
}

describe("content.newsroom-revisions", () => {
  it("lists the history newest first, with who, when and the note, and a restore per revision", async () => {
    const page = expectPage(await renderWith(revisionApi(), revisions()));
    const view = page.props as RevisionsView;
    expect(view.revisions.map((r) => r.number)).toEqual([3, 2, 1]);
    expect(view.from).toBe("r2");
    expect(view.to).toBe("r3");
    expect(page.head.robots).toBe("noindex, nofollow");
    expect(page.html).toContain("Revisions of “Harbour bridge reopens after three years”</h1>");
    expect(page.html).toContain('<label for="c-nr-rev-from">From</label>');
    expect(page.html).toContain("Restore revision 1</button>");
    expect(page.html).not.toContain("Restore revision 3</button>"); // r3 is current
    expect(page.html).toContain('<input type="hidden" name="baseRevision" value="r3"/>');
  });

  it("shows the diff of two chosen revisions", async () => {
    const api = revisionApi();
    const page = expectPage(await renderWith(api, revisions("?from=r1&to=r3")));
    const view = page.props as RevisionsView;
    expect(view.diff?.fromNumber).toBe(1);
    expect(view.diff?.toNumber).toBe(3);
    expect(view.diff?.changes.map((c) => c.field)).toEqual(["headline"]);
    expect(page.html).toContain("From revision 1 to revision 3</h2>");
    expect(page.html).toContain("<del>Bridge</del><ins>Harbour</ins>");
    expect(pathsAsked(api)).toContain("/api/newsroom/stories/42/revisions/r1");
  });

  it("says so when the chosen revisions are not this story's", async () => {
    const page = expectPage(await renderWith(revisionApi(), revisions("?from=r9&to=r3")));
    expect(page.status).toBe(422);
    expect(page.html).toContain("Choose two revisions of this story.");
  });

  it("restores a revision naming the current one as its base", async () => {
    const api = revisionApi({ restoreRevision: { story: aStory({ revision: "r4" }) } });
    const answer = await renderWith(
      api,
      revisions("", { intent: "restore", revision: "r1", baseRevision: "r3" }),
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/stories/42?done=restored",
    });
    const call = api.calls.find((c) => c.endpoint === "restoreRevision");
    expect(call?.path).toBe("/api/newsroom/stories/42/revisions/r1/restore");
    expect(call?.body).toEqual({ baseRevision: "r3" });
  });

  it("answers 409 with the history again when the story moved on", async () => {
    const api = revisionApi({ restoreRevision: apiFailure(409, "stale_revision") });
    const page = expectPage(
      await renderWith(
        api,
        revisions("", { intent: "restore", revision: "r1", baseRevision: "r2" }),
      ),
    );
    expect(page.status).toBe(409);
    expect(page.html).toContain("The story changed since you opened this page");
  });

  it("answers 403 when the role may not restore", async () => {
    const api = revisionApi({ restoreRevision: apiFailure(403, "forbidden") });
    const page = expectPage(
      await renderWith(
        api,
        revisions("", { intent: "restore", revision: "r1", baseRevision: "r3" }),
      ),
    );
    expect(page.status).toBe(403);
  });
});

describe("content.newsroom-preview", () => {
  function preview(token: string) {
    return newsroomRequest(
      "content.newsroom-preview",
      { token },
      { path: `/newsroom/preview/${token}` },
    );
  }

  it("renders the reader's article page under a preview banner, never indexed or cached", async () => {
    const article = anArticleDetail({ headline: "Draft about the bridge" });
    const api = createFakeApi({ preview: { article } });
    const page = expectPage(await renderWith(api, preview("tok_abcdefgh123")));
    expect(pathsAsked(api)).toEqual(["/api/newsroom/previews/tok_abcdefgh123"]);
    expect(api.calls[0]?.headers.authorization).toBe("Bearer staff-access-token");
    expect(page.status).toBe(200);
    expect(page.head.robots).toBe("noindex, nofollow");
    expect(page.cache).toEqual({ scope: "private", maxAge: 0 });
    expect(page.head.title).toBe("Preview: Draft about the bridge | Newsroom | The Daily Edge");
    expect(page.html).toContain("<strong>Preview — not published.</strong>");
    expect(page.html).toContain('<h1 class="c-article__headline">Draft about the bridge</h1>');
    expect(page.html.match(/<h1/g)).toHaveLength(1);
  });

  it("answers 404 saying the preview expired, for an expired, unknown or malformed token", async () => {
    const api = createFakeApi({ preview: apiFailure(404, "not_found") });
    for (const token of ["tok_abcdefgh123", "x"]) {
      const page = expectPage(await renderWith(api, preview(token)));
      expect(page.status).toBe(404);
      expect(page.html).toContain("This preview has expired</h1>");
    }
    expect(api.calls).toHaveLength(1);
  });
});
