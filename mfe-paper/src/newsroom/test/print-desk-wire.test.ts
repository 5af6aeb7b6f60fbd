import { createExecutionContext } from "cloudflare:test";
import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import type { AnswerOf } from "edge-api/contract/endpoints";
import { FRAGMENT_RENDER_PATH, FragmentAnswerSchema, type FragmentRequest } from "shell/contract";
import { describe, expect, it } from "vitest";
import { fakeEnv, renderRequest } from "../../test/test-bindings.ts";
import { paperWorker } from "../../worker/fragment-worker.ts";

/**
 * The print desk through the paper Worker on edge-api's own fake: the screens read and write
 * edge-api's print desk endpoints as the person, with bodies the contract accepts (the fake
 * checks each body against the endpoint's schema).
 */

const template = (): AnswerOf<"printTemplate"> => ({
  template: {
    books: [
      { letter: "A", name: "News", pageCount: 12 },
      { letter: "B", name: "Business", pageCount: 6 },
    ],
    revision: "3",
    updatedAt: null,
    updatedBy: null,
  },
});

const settings = (): AnswerOf<"printSettings"> => ({
  settings: {
    noEditionWeekdays: ["sunday"],
    noEditionDates: [{ date: "2026-12-25", note: "Christmas Day" }],
    timeZone: "Europe/London",
    publishHour: "05:00",
    revision: "5",
    updatedAt: null,
    updatedBy: null,
  },
});

async function render(answers: FakeAnswers, request: FragmentRequest) {
  const api = createFakeApi(answers);
  const response = await paperWorker.fetch!(
    new Request(`https://mfe-paper.internal${FRAGMENT_RENDER_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    }) as Request<unknown, IncomingRequestCfProperties>,
    fakeEnv(api),
    createExecutionContext(),
  );
  return { api, answer: FragmentAnswerSchema.parse(await response.json()) };
}

const editor = {
  id: "u2",
  displayName: "Eda Editor",
  role: "editor",
  newsroomVerified: true,
} as const;

const templateRequest = (form?: Record<string, string>) =>
  renderRequest({
    routeId: "paper.newsroom-print-template",
    path: "/newsroom/print/template",
    accessToken: "token-of-eda",
    viewer: editor,
    ...(form ? { method: "POST" as const, form } : {}),
  });

describe("the print template on edge-api", () => {
  it("reads the template and the settings as the person", async () => {
    const { api, answer } = await render(
      { printTemplate: template(), printSettings: settings() },
      templateRequest(),
    );
    if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
    expect(answer.html).toMatch(/name="book-1-name" value="Business"/);
    expect(answer.html).toContain(">2026-12-25 Christmas Day</textarea>");
    expect(answer.html).toContain("Editions are published at 05:00");
    expect(api.calls.map((call) => call.endpoint)).toEqual(["printTemplate", "printSettings"]);
    expect(api.calls[0]?.headers.authorization).toBe("Bearer token-of-eda");
  });

  it("saves the usual books in a body the contract accepts (303)", async () => {
    const { api, answer } = await render(
      { savePrintTemplate: template() },
      templateRequest({
        intent: "save-template",
        baseRevision: "3",
        books: "2",
        "book-0-letter": "A",
        "book-0-name": "News",
        "book-0-pages": "14",
        "book-1-letter": "C",
        "book-1-name": "Sport",
        "book-1-pages": "8",
      }),
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/print/template?done=template",
    });
    expect(api.calls[0]).toMatchObject({
      endpoint: "savePrintTemplate",
      method: "PUT",
      body: {
        baseRevision: "3",
        books: [
          { letter: "A", name: "News", pageCount: 14 },
          { letter: "C", name: "Sport", pageCount: 8 },
        ],
      },
    });
  });

  it("saves the days without an edition in a body the contract accepts (303)", async () => {
    const { api, answer } = await render(
      { savePrintSettings: settings() },
      templateRequest({
        intent: "save-settings",
        baseRevision: "5",
        "no-edition-sunday": "on",
        noEditionDates: "2026-12-25 Christmas Day\n2026-12-26",
      }),
    );
    expect(answer).toMatchObject({ kind: "redirect", status: 303 });
    expect(api.calls[0]?.body).toEqual({
      baseRevision: "5",
      noEditionWeekdays: ["sunday"],
      noEditionDates: [
        { date: "2026-12-25", note: "Christmas Day" },
        { date: "2026-12-26", note: null },
      ],
    });
  });

  it("shows the API's 409 and 422 on the form that was sent", async () => {
    const stale = await render(
      {
        savePrintTemplate: apiFailure(409, "stale_revision"),
        printTemplate: template(),
        printSettings: settings(),
      },
      templateRequest({
        intent: "save-template",
        baseRevision: "2",
        books: "1",
        "book-0-letter": "A",
        "book-0-name": "Front",
        "book-0-pages": "4",
      }),
    );
    if (stale.answer.kind !== "page") throw new Error("expected a page");
    expect(stale.answer.status).toBe(409);
    expect(stale.answer.html).toContain("Someone else changed the usual books");
    expect(stale.answer.html).toMatch(/name="book-0-name" value="Front"/);
    const refused = await render(
      {
        savePrintSettings: apiFailure(422, "invalid_settings", { field: "noEditionDates.0.note" }),
        printTemplate: template(),
        printSettings: settings(),
      },
      templateRequest({ intent: "save-settings", baseRevision: "5", noEditionDates: "2026-12-24" }),
    );
    if (refused.answer.kind !== "page") throw new Error("expected a page");
    expect(refused.answer.status).toBe(422);
    expect(refused.answer.html).toContain('id="p-pd-days-noEditionDates-problem"');
  });

  it("shows a contributor's refusal by the API (403) as the desk's 403 page", async () => {
    const { answer } = await render(
      { printTemplate: apiFailure(403, "forbidden") },
      templateRequest(),
    );
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(403);
    expect(answer.html).toContain("The print desk is for editors and admins.");
  });
});

function anEdition(): AnswerOf<"printEdition"> {
  const publishes = "2026-11-26T05:00:00.000Z";
  return {
    edition: {
      date: "2026-11-26",
      status: "planned",
      publishesAt: publishes,
      publishAtSet: false,
      revision: "7",
      updatedAt: null,
      books: [
        {
          letter: "A",
          name: "News",
          pages: [
            {
              label: "A1",
              number: 1,
              placements: [
                {
                  articleId: "12",
                  slug: "harbour-bridge-reopens",
                  webHeadline: "Harbour bridge reopens after three years",
                  printHeadline: "Bridge reopens",
                  order: 1,
                  isLead: true,
                  status: "published",
                  publishedAt: "2026-11-25T08:00:00.000Z",
                },
              ],
            },
          ],
        },
      ],
    },
    newsDay: { from: "2026-11-25T05:00:00.000Z", to: publishes },
    unplaced: [
      {
        articleId: "21",
        slug: "cup-final-extra-time",
        webHeadline: "Cup final goes to extra time",
        section: { slug: "sport", name: "Sport" },
        status: "published",
        publishedAt: "2026-11-25T20:00:00.000Z",
      },
    ],
    publishHour: "05:00",
    timeZone: "Europe/London",
  };
}

const deskRequest = (overrides: Partial<FragmentRequest>) =>
  renderRequest({ accessToken: "token-of-eda", viewer: editor, ...overrides });

describe("the editions on edge-api", () => {
  it("reads one edition as the person: its pages, placements and the day's unplaced stories", async () => {
    const { api, answer } = await render(
      { printEdition: anEdition() },
      deskRequest({
        routeId: "paper.newsroom-print-edition",
        params: { date: "2026-11-26" },
        path: "/newsroom/print/2026-11-26",
      }),
    );
    if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
    expect(answer.html).toContain('<input type="hidden" name="baseRevision" value="7"/>');
    expect(answer.html).toContain('value="Bridge reopens"');
    expect(answer.html).toContain("<li>Cup final goes to extra time</li>");
    expect(answer.html).toContain('<option value="21">Cup final goes to extra time</option>');
    expect(api.calls[0]).toMatchObject({
      endpoint: "printEdition",
      params: { date: "2026-11-26" },
      headers: { authorization: "Bearer token-of-eda" },
    });
  });

  it("answers 404 for a date the desk has no edition on", async () => {
    const { answer } = await render(
      { printEdition: apiFailure(404, "not_found") },
      deskRequest({
        routeId: "paper.newsroom-print-edition",
        params: { date: "2026-11-29" },
        path: "/newsroom/print/2026-11-29",
      }),
    );
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(404);
  });

  it("plans from a copy in a body the contract accepts, and shows edition_exists (409) on the date", async () => {
    const planned = await render(
      { planPrintEdition: anEdition() },
      deskRequest({
        routeId: "paper.newsroom-print",
        path: "/newsroom/print",
        method: "POST",
        form: { date: "2099-01-05", source: "copy", copyFrom: "2026-11-24" },
      }),
    );
    expect(planned.answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: "/newsroom/print/2099-01-05?done=planned",
    });
    expect(planned.api.calls[0]?.body).toEqual({
      date: "2099-01-05",
      from: { copy: "2026-11-24" },
    });
    const exists = await render(
      {
        planPrintEdition: apiFailure(409, "edition_exists", { field: "date" }),
        printEditions: { from: "2026-10-26", to: "2026-12-09", editions: [] },
      },
      deskRequest({
        routeId: "paper.newsroom-print",
        path: "/newsroom/print",
        method: "POST",
        form: { date: "2099-01-05", source: "template" },
      }),
    );
    if (exists.answer.kind !== "page") throw new Error("expected a page");
    expect(exists.answer.status).toBe(409);
    expect(exists.answer.html).toContain("An edition is already planned for this date.");
    expect(exists.api.calls[0]?.body).toEqual({ date: "2099-01-05", from: "template" });
  });
});

describe("page saves and publishing on edge-api", () => {
  const editionRequest = (form: Record<string, string>) =>
    deskRequest({
      routeId: "paper.newsroom-print-edition",
      params: { date: "2026-11-26" },
      path: "/newsroom/print/2026-11-26",
      method: "POST",
      form,
    });

  it("saves a page whole, the added story last, in a body the contract accepts (303)", async () => {
    const { api, answer } = await render(
      { printEdition: anEdition(), savePrintPage: anEdition() },
      editionRequest({
        intent: "save-page",
        page: "A1",
        baseRevision: "7",
        placements: "1",
        "story-0": "12",
        "headline-0": "Bridge open",
        "order-0": "1",
        lead: "12",
        "add-story": "21",
      }),
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/print/2026-11-26?done=page-saved&page=A1#page-A1",
    });
    const save = api.calls.find((call) => call.endpoint === "savePrintPage");
    expect(save?.params).toEqual({ date: "2026-11-26", label: "A1" });
    expect(save?.body).toEqual({
      baseRevision: "7",
      placements: [
        { articleId: "12", printHeadline: "Bridge open", isLead: true },
        { articleId: "21", printHeadline: "Cup final goes to extra time", isLead: false },
      ],
    });
  });

  it("keeps what the editor sent beside the page as it is now on stale_revision (409)", async () => {
    const { answer } = await render(
      { printEdition: anEdition(), savePrintPage: apiFailure(409, "stale_revision") },
      editionRequest({
        intent: "save-page",
        page: "A1",
        baseRevision: "6",
        placements: "1",
        "story-0": "12",
        "headline-0": "My words",
        lead: "12",
      }),
    );
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(409);
    expect(answer.html).toContain('value="My words"');
    expect(answer.html).toContain('name="baseRevision" value="7"');
  });
  it("publishes now or at the publish hour", async () => {
    const { api, answer } = await render(
      { publishPrintEdition: anEdition() },
      editionRequest({ intent: "publish", baseRevision: "7", when: "now" }),
    );
    expect(answer).toMatchObject({ location: "/newsroom/print/2026-11-26?done=published" });
    expect(api.calls[0]).toMatchObject({
      endpoint: "publishPrintEdition",
      body: { baseRevision: "7", when: "now" },
    });
  });
});
