import { describe, expect, it } from "vitest";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import type { AnswerOf } from "edge-api/contract/endpoints";
import { expectPage, renderWith } from "../../test/render-route.ts";
import type { FrontPageView } from "../ui/newsroom-views.ts";
import { newsroomRequest } from "./newsroom-fixtures.ts";

/** `/newsroom/front-page` (issue 16): the front page and banner screen, plain forms. */

function aFrontPage(): AnswerOf<"frontPage"> {
  return {
    frontPage: {
      revision: "3",
      curation: {
        lead: "12",
        top: [null, "14", null, null],
        sections: [
          { section: "world", stories: null },
          { section: "sport", stories: ["21", "22"] },
        ],
      },
      updatedAt: "2026-11-24T09:30:00.000Z",
      updatedBy: { id: "u2", displayName: "Eda Editor" },
    },
    sections: [
      { slug: "world", name: "World" },
      { slug: "sport", name: "Sport" },
    ],
    candidates: [
      {
        id: "12",
        headline: "Harbour bridge reopens",
        section: { slug: "world", name: "World" },
        publishedAt: "2026-11-24T08:00:00.000Z",
        visible: true,
      },
      {
        id: "14",
        headline: "Storm closes the coast road",
        section: { slug: "world", name: "World" },
        publishedAt: "2026-11-24T07:00:00.000Z",
        visible: false,
      },
      {
        id: "21",
        headline: "Cup final goes to extra time",
        section: { slug: "sport", name: "Sport" },
        publishedAt: "2026-11-23T20:00:00.000Z",
        visible: true,
      },
      {
        id: "22",
        headline: "New coach for the city club",
        section: { slug: "sport", name: "Sport" },
        publishedAt: "2026-11-23T18:00:00.000Z",
        visible: true,
      },
    ],
  };
}

const banner = (active: boolean): AnswerOf<"deskBanner"> => ({
  banner: {
    headline: "Polls close at 10pm",
    link: "/politics/polls",
    active,
    updatedAt: "2026-11-24T09:00:00.000Z",
    updatedBy: null,
  },
});

function api(answers: FakeAnswers = {}) {
  return createFakeApi({ frontPage: aFrontPage(), deskBanner: banner(false), ...answers });
}

function page(
  form?: Record<string, string>,
  role: "contributor" | "editor" = "editor",
  search = "",
) {
  return newsroomRequest(
    "content.newsroom-front-page",
    {},
    { path: "/newsroom/front-page", search, role, ...(form ? { form } : {}) },
  );
}

/** The form as the screen sends it for the answer above, with `changes`. */
function sentForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save-front-page",
    baseRevision: "3",
    "slot-0": "12",
    "slot-0-pin": "on",
    "slot-1": "",
    "slot-1-pin": "on",
    "slot-2": "14",
    "slot-2-pin": "on",
    "slot-3": "",
    "slot-3-pin": "on",
    "slot-4": "",
    "slot-4-pin": "on",
    "section-world-mode": "automatic",
    "section-world-1": "",
    "section-sport-mode": "picked",
    "section-sport-1": "21",
    "section-sport-2": "22",
    ...changes,
  };
}

describe("content.newsroom-front-page", () => {
  it("shows the lead and top slots, each a labelled select with a pin, and the section blocks", async () => {
    const answer = expectPage(await renderWith(api(), page()));
    const view = answer.props as FrontPageView;
    expect(view.slots.map((slot) => [slot.label, slot.storyId, slot.pinned])).toEqual([
      ["Lead", "12", true],
      ["Top story 1", "", false],
      ["Top story 2", "14", true],
      ["Top story 3", "", false],
      ["Top story 4", "", false],
    ]);
    expect(answer.html).toContain("Front page</h1>");
    expect(answer.html).toContain('<label for="c-nr-fp-slot-0">Lead</label>');
    expect(answer.html).toContain('<select id="c-nr-fp-slot-0" name="slot-0">');
    expect(answer.html).toMatch(/<option value="12" selected="">Harbour bridge reopens \(World,/);
    expect(answer.html).toContain(
      "Storm closes the coast road (World, 2026-11-24 07:00), not visible to readers",
    );
    expect(answer.html).toContain(
      '<label for="c-nr-fp-slot-0-pin">Pin the chosen story as lead</label>',
    );
    expect(answer.html).toContain('value="move-down:0"');
    expect(answer.html).toContain("Move top story 4 up</button>");
    expect(answer.html).not.toContain('value="move-up:0"');
    expect(answer.html).toContain('<input type="hidden" name="baseRevision" value="3"/>');
    // Sections: automatic or picked, and a picked block lists only its own section's stories.
    expect(view.sections).toEqual([
      { slug: "world", name: "World", picked: false, stories: ["", "", "", ""] },
      { slug: "sport", name: "Sport", picked: true, stories: ["21", "22", "", ""] },
    ]);
    const sport = /<fieldset[^>]*id="c-nr-fp-section-sport"[\s\S]*?<\/fieldset>/.exec(
      answer.html,
    )?.[0];
    expect(sport).toContain("<legend>Sport</legend>");
    expect(sport).not.toContain("Harbour bridge reopens");
    expect(sport).toContain('<label for="c-nr-fp-section-sport-1">Sport, story 1</label>');
    expect(answer.html).toContain("Last changed");
    expect(answer.html).toContain("by Eda Editor");
  });

  it("saves the curation it was sent (pins, automatic slots, picked blocks) and sees the page again", async () => {
    const fake = api({ saveFrontPage: aFrontPage() });
    const answer = await renderWith(fake, page(sentForm({ "slot-3": "21", "slot-2-pin": "" })));
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/front-page?done=front-page",
    });
    expect(fake.calls.find((c) => c.endpoint === "saveFrontPage")?.body).toEqual({
      baseRevision: "3",
      curation: {
        lead: "12",
        // An unticked pin leaves its place automatic.
        top: [null, null, "21", null],
        sections: [
          { section: "world", stories: null },
          { section: "sport", stories: ["21", "22"] },
        ],
      },
    });
    const saved = expectPage(
      await renderWith(api(), page(undefined, "editor", "?done=front-page")),
    );
    expect(saved.html).toContain("The front page is saved.");
  });

  it("moves a slot up with a button, without JavaScript: the two places swap and the whole form is saved", async () => {
    const fake = api({ saveFrontPage: aFrontPage() });
    const answer = await renderWith(fake, page(sentForm({ intent: "move-up:2" })));
    expect(answer).toMatchObject({ kind: "redirect", location: "/newsroom/front-page" });
    const body = fake.calls.find((c) => c.endpoint === "saveFrontPage")?.body as {
      curation: { lead: string | null; top: (string | null)[] };
    };
    expect(body.curation.top).toEqual(["14", null, null, null]);
    expect(body.curation.lead).toBe("12");
  });

  it("says so on a stale revision (409) and shows the front page as it is now", async () => {
    const fake = api({ saveFrontPage: apiFailure(409, "stale_revision") });
    const answer = expectPage(await renderWith(fake, page(sentForm({ "slot-0": "22" }))));
    expect(answer.status).toBe(409);
    expect(answer.html).toContain("Someone else changed the front page since you opened it");
    expect((answer.props as FrontPageView).slots[0]?.storyId).toBe("12");
  });

  it("puts a refused story (422) on its slot, with what was sent, and refuses an empty picked block itself", async () => {
    const fake = api({
      saveFrontPage: apiFailure(422, "invalid_front_page", { field: "top.2" }),
    });
    const answer = expectPage(await renderWith(fake, page(sentForm({ "slot-3": "22" }))));
    expect(answer.status).toBe(422);
    const view = answer.props as FrontPageView;
    expect(view.problems).toEqual([
      { field: "slot-3", message: expect.stringContaining("cannot go here") as string },
    ]);
    expect(view.slots[3]?.storyId).toBe("22");
    expect(answer.html).toMatch(
      /<a href="#c-nr-fp-slot-3">Top story 3(<!-- -->)?: (<!-- -->)?This story cannot go here/,
    );
    expect(answer.html).toContain('aria-invalid="true"');

    const empty = api();
    const refused = expectPage(
      await renderWith(empty, page(sentForm({ "section-sport-1": "", "section-sport-2": "" }))),
    );
    expect(refused.status).toBe(422);
    expect(refused.html).toContain(
      "Choose at least one story for this block, or leave it automatic.",
    );
    expect(empty.calls.some((c) => c.endpoint === "saveFrontPage")).toBe(false);
  });

  it("shows contributors the front page and the banner without forms (the API refuses their writes)", async () => {
    const answer = expectPage(await renderWith(api(), page(undefined, "contributor")));
    expect(answer.html).toContain("Only editors and admins change the front page and the banner.");
    expect(answer.html).not.toContain("<form");
    expect(answer.html).toContain("Lead: Harbour bridge reopens");
    const refused = await renderWith(
      api({ saveFrontPage: apiFailure(403, "forbidden") }),
      page(sentForm(), "contributor"),
    );
    expect(expectPage(refused).status).toBe(403);
  });
});

describe("the banner form on the front page screen", () => {
  it("has a labelled headline, link and on/off, and turns the banner on", async () => {
    const answer = expectPage(await renderWith(api(), page()));
    expect(answer.html).toContain('<label for="c-nr-banner-headline">Headline</label>');
    expect(answer.html).toMatch(/<input id="c-nr-banner-headline"[^>]*maxLength="140"/);
    expect(answer.html).toContain(
      '<label for="c-nr-banner-active">Show the banner on every reader page</label>',
    );
    expect(answer.html).not.toContain("Turn the banner off");
    const fake = api({ saveBanner: banner(true) });
    const on = await renderWith(
      fake,
      page({ intent: "save-banner", headline: "Polls close", link: "/politics", active: "on" }),
    );
    expect(on).toMatchObject({ location: "/newsroom/front-page?done=banner-on" });
    expect(fake.calls.find((c) => c.endpoint === "saveBanner")?.body).toEqual({
      headline: "Polls close",
      link: "/politics",
      active: true,
    });
  });

  it("turns it off with its own button", async () => {
    const shown = expectPage(await renderWith(api({ deskBanner: banner(true) }), page()));
    expect(shown.html).toMatch(
      /<button type="submit" value="banner-off" formNoValidate=""[^>]*>Turn the banner off<\/button>/,
    );
    const fake = api({ bannerOff: banner(false) });
    const off = await renderWith(fake, page({ intent: "banner-off", headline: "x", link: "/" }));
    expect(off).toMatchObject({ location: "/newsroom/front-page?done=banner-off" });
    expect(fake.calls.some((c) => c.endpoint === "bannerOff")).toBe(true);
  });

  it("shows a refused link (422) on its field, keeping what was typed", async () => {
    const fake = api({ saveBanner: apiFailure(422, "invalid_link", { field: "link" }) });
    const answer = expectPage(
      await renderWith(
        fake,
        page({
          intent: "save-banner",
          headline: "Polls close",
          link: "http://x.example",
          active: "on",
        }),
      ),
    );
    expect(answer.status).toBe(422);
    expect(answer.html).toContain("The link must be a page of this site (starting with /)");
    expect(answer.html).toContain('value="http://x.example"');
  });
});
