import { createExecutionContext } from "cloudflare:test";
import { renderToStaticMarkup } from "react-dom/server";
import { FRAGMENT_RENDER_PATH, FragmentAnswerSchema, type FragmentRequest } from "shell/contract";
import { describe, expect, it } from "vitest";
import { fakeEnv, renderRequest } from "../../test/test-bindings.ts";
import { editionsApi } from "../../test/editions-api.ts";
import { paperWorker } from "../../worker/fragment-worker.ts";
import { NewsroomApp } from "../newsroom-app.tsx";
import type { PrintEditionDeskView, PrintEditionsView } from "../ui/print-desk-views.ts";
import { loadPrintDeskRoute } from "../worker/print-desk-routes.ts";
import { fakeDesk, type FakeDesk } from "./print-desk-fake.ts";

/** The print desk's screens (issue 17): markup, the forms' writes, 409 and 422, roles. */

const NOW = new Date("2026-11-25T09:00:00Z");
const SETTINGS = { publicationName: "The Daily Edge", timeZone: "Europe/London" };

const paths: Record<string, (params: Record<string, string>) => string> = {
  "paper.newsroom-print": () => "/newsroom/print",
  "paper.newsroom-print-template": () => "/newsroom/print/template",
  "paper.newsroom-print-edition": (params) => `/newsroom/print/${params.date ?? ""}`,
};

function deskRequest(
  routeId: string,
  options: {
    params?: Record<string, string>;
    form?: Record<string, string>;
    search?: string;
    role?: "contributor" | "editor" | "admin";
  } = {},
): FragmentRequest {
  const params = options.params ?? {};
  return renderRequest({
    routeId,
    params,
    path: paths[routeId]?.(params) ?? "/newsroom/print",
    search: options.search ?? "",
    accessToken: "token",
    viewer: {
      id: "u2",
      displayName: "Eda Editor",
      role: options.role ?? "editor",
      newsroomVerified: true,
    },
    ...(options.form ? { method: "POST" as const, form: options.form } : {}),
  });
}

async function answer(desk: FakeDesk, request: FragmentRequest) {
  const api = editionsApi([]);
  const outcome = await loadPrintDeskRoute(request, api.binding, SETTINGS, NOW, () => desk);
  if (outcome.kind !== "page") return { outcome, html: "" };
  const html = renderToStaticMarkup(
    <NewsroomApp routeId={request.routeId} props={outcome.props} />,
  );
  return { outcome, html };
}

async function page(desk: FakeDesk, request: FragmentRequest) {
  const { outcome, html } = await answer(desk, request);
  if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
  return { ...outcome, html };
}

const edition = (form?: Record<string, string>, search = "") =>
  deskRequest("paper.newsroom-print-edition", {
    params: { date: "2026-11-26" },
    search,
    ...(form ? { form } : {}),
  });

/** Page A1's form as the screen sends it, with `changes`. */
function a1Form(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save-page",
    page: "A1",
    baseRevision: "r7",
    placements: "2",
    "story-0": "12",
    "headline-0": "Bridge reopens",
    "order-0": "1",
    "story-1": "14",
    "headline-1": "Coast road shut",
    "order-1": "2",
    lead: "12",
    "add-story": "",
    "add-slug": "",
    ...changes,
  };
}

describe("paper.newsroom-print: the editions and the plan form", () => {
  it("lists the editions, newest first, and a labelled plan form", async () => {
    const { html, status, head, cache } = await page(
      fakeDesk(),
      deskRequest("paper.newsroom-print"),
    );
    expect(status).toBe(200);
    expect(head.robots).toBe("noindex, nofollow");
    expect(cache).toEqual({ scope: "private", maxAge: 0 });
    expect(html).toContain("<h1>Print desk</h1>");
    expect(html.indexOf("Thursday 26 November 2026")).toBeLessThan(
      html.indexOf("Tuesday 24 November 2026"),
    );
    expect(html).toContain('href="/newsroom/print/2026-11-26"');
    expect(html).toContain(
      '<form aria-labelledby="p-pd-plan-title" action="/newsroom/print" method="post">',
    );
    expect(html).toContain('<label for="p-pd-plan-date">Date of the edition</label>');
    expect(html).toMatch(/<input id="p-pd-plan-date"[^>]*type="date" required="" name="date"/);
    expect(html).toContain('<label for="p-pd-plan-source-template">From the template</label>');
    expect(html).toContain(
      '<label for="p-pd-plan-source-copy">Copied from a previous edition</label>',
    );
    expect(html).toContain('<label for="p-pd-plan-copyFrom">Edition to copy</label>');
    expect(html).toContain('href="/newsroom/print/template"');
  });

  it("plans an edition from the template and sees its desk (303)", async () => {
    const desk = fakeDesk();
    const { outcome } = await answer(
      desk,
      deskRequest("paper.newsroom-print", {
        form: { intent: "plan", date: "2026-11-27", source: "template" },
      }),
    );
    expect(outcome).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/print/2026-11-27?done=planned",
    });
    expect(desk.calls).toEqual([
      { write: "plan", args: [{ date: "2026-11-27", source: "template", copyFrom: null }] },
    ]);
  });

  it("copies a previous edition when asked", async () => {
    const desk = fakeDesk();
    await answer(
      desk,
      deskRequest("paper.newsroom-print", {
        form: { intent: "plan", date: "2026-11-27", source: "copy", copyFrom: "2026-11-24" },
      }),
    );
    expect(desk.calls[0]?.args).toEqual([
      { date: "2026-11-27", source: "copy", copyFrom: "2026-11-24" },
    ]);
  });

  it("refuses a past date on the date field (422) without asking the API", async () => {
    const desk = fakeDesk();
    const { html, status } = await page(
      desk,
      deskRequest("paper.newsroom-print", { form: { date: "2026-11-20", source: "template" } }),
    );
    expect(status).toBe(422);
    expect(desk.calls).toEqual([]);
    expect(html).toContain(
      '<p class="p-pd-problem" id="p-pd-plan-date-problem">This date is in the past. Plan an edition from today on.</p>',
    );
    expect(html).toContain('<input id="p-pd-plan-date" aria-invalid="true"');
    expect(html).toContain('value="2026-11-20"');
  });

  it("puts the API's no-edition day (422) on the date field", async () => {
    const desk = fakeDesk({
      answers: { plan: { ok: false, status: 422, code: "no_edition_day", field: "date" } },
    });
    const { html, status } = await page(
      desk,
      deskRequest("paper.newsroom-print", { form: { date: "2026-11-29", source: "template" } }),
    );
    expect(status).toBe(422);
    expect(html).toContain("There is no edition on this day");
    expect(html).toContain('value="2026-11-29"');
  });

  it("puts a missing edition to copy (404 from.copy) on the copy field", async () => {
    const desk = fakeDesk({
      answers: { plan: { ok: false, status: 404, code: "not_found", field: "from.copy" } },
    });
    const { html, status } = await page(
      desk,
      deskRequest("paper.newsroom-print", {
        form: { date: "2026-11-27", source: "copy", copyFrom: "2026-11-02" },
      }),
    );
    expect(status).toBe(422);
    expect(html).toContain(
      '<p class="p-pd-problem" id="p-pd-plan-copyFrom-problem">There is no edition on this date to copy.</p>',
    );
  });

  it("says an edition of that date exists (409) and links to it", async () => {
    const desk = fakeDesk({
      answers: { plan: { ok: false, status: 409, code: "edition_exists", field: "date" } },
    });
    const { html, status, props } = await page(
      desk,
      deskRequest("paper.newsroom-print", { form: { date: "2026-11-26", source: "template" } }),
    );
    expect(status).toBe(409);
    expect((props as PrintEditionsView).plan.existingHref).toBe("/newsroom/print/2026-11-26");
    expect(html).toContain("An edition is already planned for this date.");
    expect(html).toContain(
      '<a href="/newsroom/print/2026-11-26">Open the edition of that date</a>',
    );
  });
});

describe("paper.newsroom-print-edition: the desk for one edition", () => {
  it("shows every book and page as its own labelled form, with the hidden revision", async () => {
    const { html, props } = await page(fakeDesk(), edition());
    const view = props as PrintEditionDeskView;
    expect(view.books.map((book) => book.pages.map((p) => p.label))).toEqual([
      ["A1", "A2"],
      ["B1"],
    ]);
    expect(html).toContain("<h1>Edition of Thursday 26 November 2026</h1>");
    expect(html).toContain("Book A: News</h2>");
    expect(html).toContain("Book B: Business</h2>");
    const a1 = /<form[^>]*id="page-A1"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(a1).toContain('aria-labelledby="p-pd-page-A1-title"');
    expect(a1).toContain('<input type="hidden" name="baseRevision" value="r7"/>');
    expect(a1).toContain('<input type="hidden" name="page" value="A1"/>');
    expect(a1).toContain('<label for="p-pd-page-A1-headline-0">Print headline</label>');
    expect(a1).toContain(
      'aria-describedby="p-pd-page-A1-story-0-web" name="headline-0" value="Bridge reopens"/>',
    );
    expect(a1).toContain('<p class="p-pd-web-headline" id="p-pd-page-A1-story-0-web">');
    expect(a1).toContain('<label for="p-pd-page-A1-order-1">Order on the page</label>');
    expect(a1).toContain(
      '<input type="radio" id="p-pd-page-A1-lead-0" aria-describedby="p-pd-page-A1-story-0-web" name="lead" checked="" value="12"/>',
    );
    expect(a1).toContain('<label for="p-pd-page-A1-remove-1">Remove from the page</label>');
    expect(a1).toContain('value="down:0" name="move"');
    expect(a1).toContain('value="up:1" name="move"');
    // Enter in a field presses the first button, which saves and moves nothing.
    expect(a1).toMatch(
      /<\/h3><button type="submit" class="p-visually-hidden" tabindex="-1" aria-hidden="true">Save page A1<\/button><input type="hidden" name="intent" value="save-page"\/>/,
    );
    expect(a1).toContain('<label for="p-pd-page-A1-add-story">Add a story to page A1</label>');
    expect(a1).toContain('<option value="21">Cup final goes to extra time</option>');
    // Every field has a label.
    for (const [, id] of html.matchAll(/<(?:input|select|textarea) [^>]*id="([^"]+)"/g)) {
      expect(html).toContain(`for="${id}"`);
    }
  });

  it("lists the day's unplaced stories and offers publishing at the publish hour or now", async () => {
    const { html } = await page(fakeDesk(), edition());
    expect(html).toContain("Stories of the day not yet placed</h2>");
    expect(html).toMatch(/<ul class="p-pd-unplaced"><li>Cup final goes to extra time<\/li>/);
    expect(html).toContain('<label for="p-pd-publish-hour">At the publish hour (05:00)</label>');
    expect(html).toContain('<label for="p-pd-publish-now">Now</label>');
  });

  it("saves a page: print headlines, a new order, the lead, a removal and a story added (303)", async () => {
    const desk = fakeDesk();
    const { outcome } = await answer(
      desk,
      edition(
        a1Form({
          "headline-0": "  Bridge open at last ",
          "order-0": "3",
          lead: "14",
          "add-story": "21",
        }),
      ),
    );
    expect(outcome).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/print/2026-11-26?done=page-saved&page=A1#page-A1",
    });
    expect(desk.calls[0]).toEqual({
      write: "savePage",
      args: [
        "2026-11-26",
        {
          page: "A1",
          baseRevision: "r7",
          placements: [
            {
              storyId: "14",
              webHeadline: "Storm closes the coast road for the weekend",
              printHeadline: "Coast road shut",
              order: 1,
              lead: true,
            },
            {
              storyId: "12",
              webHeadline: "Harbour bridge reopens after three years of repairs",
              printHeadline: "Bridge open at last",
              order: 2,
              lead: false,
            },
            // The story added from the day's list: last, its print headline its web headline.
            {
              storyId: "21",
              webHeadline: "Cup final goes to extra time",
              printHeadline: "Cup final goes to extra time",
              order: 3,
              lead: false,
            },
          ],
        },
      ],
    });
  });

  it("moves a story with the up button and removes a ticked one", async () => {
    const desk = fakeDesk();
    await answer(desk, edition(a1Form({ move: "up:1" })));
    const sent = desk.calls[0]?.args[1] as { placements: { storyId: string }[] };
    expect(sent.placements.map((p) => p.storyId)).toEqual(["14", "12"]);
    const removing = fakeDesk();
    await answer(removing, edition(a1Form({ "remove-1": "on" })));
    const kept = removing.calls[0]?.args[1] as { placements: { storyId: string }[] };
    expect(kept.placements.map((p) => p.storyId)).toEqual(["12"]);
  });

  it("refuses a print headline over 120 characters on its field, keeping what was typed (422)", async () => {
    const desk = fakeDesk();
    const long = "x".repeat(121);
    const { html, status } = await page(desk, edition(a1Form({ "headline-1": long })));
    expect(status).toBe(422);
    expect(desk.calls).toEqual([]);
    expect(html).toContain("A print headline has at most 120 characters; this one has 121.");
    expect(html).toContain(`value="${long}"`);
  });

  it("shows the page as it is now and keeps what the editor sent on a stale revision (409)", async () => {
    const desk = fakeDesk({
      answers: { savePage: { ok: false, status: 409, code: "stale_revision" } },
    });
    const { html, status } = await page(desk, edition(a1Form({ "headline-0": "My new words" })));
    expect(status).toBe(409);
    expect(html).toContain("Someone else changed this edition since you opened it.");
    const a1 = /<form[^>]*id="page-A1"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(a1).toContain("The page as it is now</h4>");
    expect(a1).toContain("<li>Bridge reopens (lead)</li>");
    expect(a1).toContain('value="My new words"');
  });

  it("puts a refused added story (422 invalid_placements) on its own row, kept in the form", async () => {
    const desk = fakeDesk({
      answers: {
        savePage: {
          ok: false,
          status: 422,
          code: "invalid_placements",
          field: "placements.2.articleId",
        },
      },
    });
    const { html, status } = await page(desk, edition(a1Form({ "add-story": "22" })));
    expect(status).toBe(422);
    expect(html).toContain('<input type="hidden" name="story-2" value="22"/>');
    expect(html).toContain('name="headline-2" value="New coach for the city club"');
    expect(html).toMatch(
      /<p id="p-pd-page-A1-headline-2-problem" class="p-pd-problem">This placement was refused: [^<]*placed once/,
    );
  });

  it("says a page the plan does not have (404) on the page's form", async () => {
    const desk = fakeDesk({ answers: { savePage: { ok: false, status: 404, code: "not_found" } } });
    const { html, status } = await page(desk, edition(a1Form()));
    expect(status).toBe(422);
    expect(html).toContain("This page does not exist in the edition&#x27;s plan.");
  });

  it("puts the API's 422 on the placement it names", async () => {
    const desk = fakeDesk({
      answers: {
        savePage: {
          ok: false,
          status: 422,
          code: "invalid_placements",
          field: "placements.1.printHeadline",
        },
      },
    });
    const { html } = await page(desk, edition(a1Form()));
    expect(html).toContain(
      '<p id="p-pd-page-A1-headline-1-problem" class="p-pd-problem">This placement was refused: a print headline has 1 to 120 characters',
    );
  });

  it("publishes now or at the publish hour (303)", async () => {
    const desk = fakeDesk();
    const now = await answer(desk, edition({ intent: "publish", baseRevision: "r7", when: "now" }));
    expect(now.outcome).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/print/2026-11-26?done=published",
    });
    const later = await answer(desk, edition({ intent: "publish", baseRevision: "r7" }));
    expect(later.outcome).toMatchObject({ location: "/newsroom/print/2026-11-26?done=scheduled" });
    expect(desk.calls.map((call) => call.args)).toEqual([
      ["2026-11-26", { baseRevision: "r7", when: "now" }],
      ["2026-11-26", { baseRevision: "r7", when: "scheduled" }],
    ]);
  });

  it("says an edition that is not ready cannot be published (422) on the publish form", async () => {
    const desk = fakeDesk({
      answers: { publish: { ok: false, status: 422, code: "not_ready", field: "A1" } },
    });
    const { html, status } = await page(desk, edition({ intent: "publish", when: "now" }));
    expect(status).toBe(422);
    expect(html).toContain("The edition is not ready: every page needs a story, A1 needs a lead");
  });

  it("says a saved page in that page's form, and a planned edition at the top", async () => {
    const saved = await page(fakeDesk(), edition(undefined, "?done=page-saved&page=A2"));
    const form = (label: string) =>
      new RegExp(`<form[^>]*id="page-${label}"[\\s\\S]*?</form>`).exec(saved.html)?.[0] ?? "";
    expect(form("A2")).toContain('<p class="p-pd-notice" role="status">The page is saved.</p>');
    expect(form("A1")).not.toContain("The page is saved.");
    const planned = await page(fakeDesk(), edition(undefined, "?done=planned"));
    expect(planned.html).toContain("The edition is planned.");
  });

  it("shows the API's own sentence for a refusal when it has one", async () => {
    const desk = fakeDesk({
      answers: {
        publish: {
          ok: false,
          status: 422,
          code: "not_ready",
          field: "B1",
          message: "Page B1 has no stories.",
        },
      },
    });
    const { html } = await page(desk, edition({ intent: "publish", when: "now" }));
    expect(html).toContain('<p class="p-pd-problem" role="alert">Page B1 has no stories.</p>');
  });

  it("finds stories of any day (GET ?q=) and offers those not placed in every page's add list", async () => {
    const desk = fakeDesk();
    const { html, status } = await page(desk, edition(undefined, "?q=harbour"));
    expect(status).toBe(200);
    expect(desk.calls).toContainEqual({ write: "findStories", args: ["2026-11-26", "harbour"] });
    expect(html).toMatch(
      /<form role="search"[^>]*action="\/newsroom\/print\/2026-11-26" method="get">/,
    );
    expect(html).toContain("2 stories match “harbour”.");
    expect(html).toContain("Harbour bridge reopens after three years of repairs (on page A1)");
    const a2 = /<form[^>]*id="page-A2"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(a2).toContain('<input type="hidden" name="q" value="harbour"/>');
    // The placed story is not offered again; the other one is, before the day's stories.
    expect(a2).toMatch(
      /<optgroup label="Found for “harbour”"><option value="31">Harbour fees rise for ferries<\/option><\/optgroup><optgroup label="Stories of the day">/,
    );
    const empty = await page(fakeDesk(), edition(undefined, "?q=%20%20"));
    expect(empty.html).toContain("Type words of a headline or a story&#x27;s slug.");
  });

  it("adds a found story to a page with its web headline, and keeps the search (303)", async () => {
    const desk = fakeDesk();
    const { outcome } = await answer(desk, edition(a1Form({ "add-story": "31", q: "harbour" })));
    expect(outcome).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/print/2026-11-26?done=page-saved&page=A1&q=harbour#page-A1",
    });
    const saved = desk.calls.find((call) => call.write === "savePage")?.args[1] as {
      placements: { storyId: string; printHeadline: string }[];
    };
    expect(saved.placements.at(-1)).toEqual(
      expect.objectContaining({ storyId: "31", printHeadline: "Harbour fees rise for ferries" }),
    );
  });

  it("shows the edition's books as rows and saves new page counts (303)", async () => {
    const desk = fakeDesk();
    const { html } = await page(desk, edition());
    expect(html).toContain('<h2 id="p-pd-books-title">Pages of this edition</h2>');
    expect(html).toContain('name="book-0-pages" value="2"');
    const { outcome } = await answer(
      desk,
      edition({
        intent: "save-books",
        baseRevision: "r7",
        books: "3",
        "book-0-letter": "A",
        "book-0-name": "News",
        "book-0-pages": "1",
        "book-1-letter": "B",
        "book-1-name": "Business",
        "book-1-pages": "1",
        "book-2-letter": "",
        "book-2-name": "",
        "book-2-pages": "",
      }),
    );
    expect(outcome).toMatchObject({
      location: "/newsroom/print/2026-11-26?done=books-saved#p-pd-books-title",
    });
    expect(desk.calls.at(-1)).toEqual({
      write: "saveBooks",
      args: [
        "2026-11-26",
        {
          baseRevision: "r7",
          books: [
            { letter: "A", name: "News", pageCount: 1 },
            { letter: "B", name: "Business", pageCount: 1 },
          ],
          rows: [0, 1],
        },
      ],
    });
  });

  it("puts a refused cut (422 invalid_books) on the book's row, keeping what was typed", async () => {
    const desk = fakeDesk({
      answers: {
        saveBooks: {
          ok: false,
          status: 422,
          code: "invalid_books",
          field: "books.0.pageCount",
          message: "Page A2 has a story: move or remove them before cutting the page.",
        },
      },
    });
    const { html, status } = await page(
      desk,
      edition({
        intent: "save-books",
        baseRevision: "r7",
        books: "1",
        "book-0-letter": "A",
        "book-0-name": "News",
        "book-0-pages": "1",
      }),
    );
    expect(status).toBe(422);
    expect(html).toContain(
      '<p class="p-pd-problem" id="p-pd-books-book-0-pages-problem">Page A2 has a story: move or remove them before cutting the page.</p>',
    );
    expect(html).toContain('name="book-0-pages" value="1"');
  });

  it("answers 404 for a date without a planned edition, and not-found for a malformed date", async () => {
    const { status, html } = await page(fakeDesk({ edition: null }), edition());
    expect(status).toBe(404);
    expect(html).toContain("No edition is planned for Thursday 26 November 2026.");
    const bad = await answer(
      fakeDesk(),
      deskRequest("paper.newsroom-print-edition", { params: { date: "2026-02-30" } }),
    );
    expect(bad.outcome).toEqual({ kind: "not-found" });
  });
});

describe("paper.newsroom-print-template", () => {
  const template = (form?: Record<string, string>) =>
    deskRequest("paper.newsroom-print-template", form ? { form } : {});

  const booksForm = (html: string) =>
    /<form[^>]*aria-labelledby="p-pd-template-title"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
  const daysForm = (html: string) =>
    /<form[^>]*aria-labelledby="p-pd-days-title"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";

  it("shows the usual books with spare rows, and the days without an edition, each its own form", async () => {
    const { html } = await page(fakeDesk(), template());
    expect(html).toContain("<h1>Print template</h1>");
    const books = booksForm(html);
    expect(books).toContain('<input type="hidden" name="baseRevision" value="3"/>');
    expect(books).toContain('<input type="hidden" name="books" value="4"/>');
    expect(books).toMatch(/id="p-pd-template-book-1-name"[^>]*name="book-1-name" value="Business"/);
    const days = daysForm(html);
    expect(days).toContain('<input type="hidden" name="baseRevision" value="5"/>');
    expect(days).toMatch(/id="p-pd-days-no-sunday" name="no-edition-sunday" checked=""/);
    expect(days).toContain('<label for="p-pd-days-no-sunday">Sunday</label>');
    expect(days).toContain(">2026-12-25 Christmas Day\n2026-12-26</textarea>");
    expect(html).toContain("Editions are published at 05:00");
    for (const [, id] of html.matchAll(/<(?:input|select|textarea) [^>]*id="([^"]+)"/g)) {
      expect(html).toContain(`for="${id}"`);
    }
  });

  it("saves the usual books, an empty row dropped (303)", async () => {
    const desk = fakeDesk();
    const { outcome } = await answer(
      desk,
      template({
        intent: "save-template",
        baseRevision: "3",
        books: "3",
        "book-0-letter": "a",
        "book-0-name": "News",
        "book-0-pages": "14",
        "book-1-letter": "",
        "book-1-name": "",
        "book-1-pages": "",
        "book-2-letter": "C",
        "book-2-name": "Sport",
        "book-2-pages": "8",
      }),
    );
    expect(outcome).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/print/template?done=template",
    });
    expect(desk.calls[0]).toEqual({
      write: "saveTemplate",
      args: [
        {
          baseRevision: "3",
          books: [
            { letter: "A", name: "News", pageCount: 14 },
            { letter: "C", name: "Sport", pageCount: 8 },
          ],
          rows: [0, 2],
        },
      ],
    });
  });

  it("saves the days without an edition, with their notes (303)", async () => {
    const desk = fakeDesk();
    const { outcome } = await answer(
      desk,
      template({
        intent: "save-settings",
        baseRevision: "5",
        "no-edition-sunday": "on",
        noEditionDates: "2027-01-01 New Year's Day\r\n2026-12-25   Christmas Day\n",
      }),
    );
    expect(outcome).toMatchObject({ location: "/newsroom/print/template?done=settings" });
    expect(desk.calls[0]).toEqual({
      write: "saveSettings",
      args: [
        {
          baseRevision: "5",
          noEditionWeekdays: ["sunday"],
          noEditionDates: [
            { date: "2026-12-25", note: "Christmas Day" },
            { date: "2027-01-01", note: "New Year's Day" },
          ],
        },
      ],
    });
  });

  it("refuses a bad book row on its field, keeping what was typed (422)", async () => {
    const desk = fakeDesk();
    const { html, status } = await page(
      desk,
      template({
        intent: "save-template",
        books: "1",
        "book-0-letter": "A",
        "book-0-name": "Front",
        "book-0-pages": "49",
      }),
    );
    expect(status).toBe(422);
    expect(desk.calls).toEqual([]);
    expect(booksForm(html)).toContain(
      '<p class="p-pd-problem" id="p-pd-template-book-0-pages-problem">A book has from 1 to 48 pages.</p>',
    );
    expect(booksForm(html)).toMatch(/name="book-0-name" value="Front"/);
    // The other form shows what is saved.
    expect(daysForm(html)).toContain("2026-12-25 Christmas Day");
  });

  it("refuses a line that is not a date, and every weekday off, without asking the API (422)", async () => {
    const desk = fakeDesk();
    const bad = await page(
      desk,
      template({ intent: "save-settings", noEditionDates: "Christmas" }),
    );
    expect(bad.status).toBe(422);
    expect(bad.html).toContain(
      "&quot;Christmas&quot; does not start with a date written YYYY-MM-DD.",
    );
    expect(bad.html).toContain(">Christmas</textarea>");
    const allOff = Object.fromEntries(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [
        `no-edition-${day}`,
        "on",
      ]),
    );
    const none = await page(desk, template({ intent: "save-settings", ...allOff }));
    expect(none.html).toContain("The paper needs at least one weekday with an edition.");
    expect(desk.calls).toEqual([]);
  });

  it("puts the API's 422 on the book row it names, counting only the rows sent", async () => {
    const desk = fakeDesk({
      answers: {
        saveTemplate: {
          ok: false,
          status: 422,
          code: "invalid_template",
          field: "books.1.letter",
        },
      },
    });
    const { html } = await page(
      desk,
      template({
        intent: "save-template",
        books: "3",
        "book-0-letter": "A",
        "book-0-name": "News",
        "book-0-pages": "4",
        "book-2-letter": "B",
        "book-2-name": "Sport",
        "book-2-pages": "4",
      }),
    );
    expect(html).toContain('<p class="p-pd-problem" id="p-pd-template-book-2-letter-problem">');
  });

  it("keeps what was sent on a stale template (409)", async () => {
    const desk = fakeDesk({
      answers: { saveTemplate: { ok: false, status: 409, code: "stale_revision" } },
    });
    const { html, status } = await page(
      desk,
      template({
        intent: "save-template",
        books: "1",
        "book-0-letter": "A",
        "book-0-name": "Front",
        "book-0-pages": "9",
      }),
    );
    expect(status).toBe(409);
    expect(booksForm(html)).toContain("Someone else changed the usual books since you opened it.");
    expect(booksForm(html)).toMatch(/name="book-0-name" value="Front"/);
    expect(booksForm(html)).toContain('name="baseRevision" value="3"');
  });
});

describe("who may use the print desk", () => {
  it("gives a contributor the 403 page and asks the API nothing", async () => {
    for (const routeId of Object.keys(paths)) {
      const desk = fakeDesk();
      const request = deskRequest(routeId, {
        role: "contributor",
        params: { date: "2026-11-26" },
        form: { intent: "plan", date: "2026-11-27" },
      });
      const { status, html } = await page(desk, request);
      expect(status).toBe(403);
      expect(html).toContain("<h1>You cannot do this</h1>");
      expect(desk.calls).toEqual([]);
    }
  });

  it("lets admins in, and shows the API's own 403 as the same page", async () => {
    const admin = await page(fakeDesk(), deskRequest("paper.newsroom-print", { role: "admin" }));
    expect(admin.status).toBe(200);
    const refused = fakeDesk({ answers: { plan: { ok: false, status: 403, code: "forbidden" } } });
    const { status, html } = await page(
      refused,
      deskRequest("paper.newsroom-print", { form: { date: "2026-11-27", source: "template" } }),
    );
    expect(status).toBe(403);
    expect(html).toContain("The print desk is for editors and admins.");
  });

  it("sends a person whose session ended to log in, then back (303 after a form)", async () => {
    const desk = fakeDesk({
      answers: { publish: { ok: false, status: 401, code: "unauthorized" } },
    });
    const { outcome } = await answer(desk, edition({ intent: "publish", when: "now" }));
    expect(outcome).toEqual({
      kind: "redirect",
      status: 303,
      location: "/login?next=%2Fnewsroom%2Fprint%2F2026-11-26",
    });
  });
});

describe("the paper Worker", () => {
  it("renders the print desk's routes with its newsroom root (a contributor's 403 page)", async () => {
    const request = deskRequest("paper.newsroom-print", { role: "contributor" });
    const response = await paperWorker.fetch!(
      new Request(`https://mfe-paper.internal${FRAGMENT_RENDER_PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
      }) as Request<unknown, IncomingRequestCfProperties>,
      fakeEnv(editionsApi([])),
      createExecutionContext(),
    );
    const answer = FragmentAnswerSchema.parse(await response.json());
    if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
    expect(answer.status).toBe(403);
    expect(answer.html).toContain("<h1>You cannot do this</h1>");
    expect(answer.html).toContain('<a href="/newsroom/print">Back to the print desk</a>');
  });
});
