import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { NoEditionDate, TemplateBook, Weekday } from "../../contract/print-desk-contract.ts";
import { auditLog } from "../../db/account-schema.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { signInAs } from "../../test/staff-helpers.ts";

const PRINT = "/api/newsroom/print";
let editor: string;
let admin: string;
let contributor: string;
let reader: string;

beforeAll(async () => {
  editor = (await signInAs("editor", { displayName: "Eda Editor" })).tokens.accessToken;
  admin = (await signInAs("admin")).tokens.accessToken;
  contributor = (await signInAs("contributor")).tokens.accessToken;
  reader = (await signInAs("reader")).tokens.accessToken;
});

async function template(token = editor) {
  const answer = await call("GET", `${PRINT}/template`, undefined, { token });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.printTemplate.answer.parse(answer.body).template;
}

function saveTemplate(books: TemplateBook[], baseRevision: string, token = editor) {
  return call("PUT", `${PRINT}/template`, { baseRevision, books }, { token });
}

async function settings(token = editor) {
  const answer = await call("GET", `${PRINT}/settings`, undefined, { token });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.printSettings.answer.parse(answer.body).settings;
}

function saveSettings(
  noEditionWeekdays: Weekday[],
  noEditionDates: NoEditionDate[],
  baseRevision: string,
  token = editor,
) {
  return call(
    "PUT",
    `${PRINT}/settings`,
    { baseRevision, noEditionWeekdays, noEditionDates },
    { token },
  );
}

async function contentVersion(): Promise<string> {
  const answer = await call("GET", "/api/content-version");
  return apiEndpoints.contentVersion.answer.parse(answer.body).version;
}

function audits(action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

const fieldOf = (body: unknown) => (body as { error: { field?: string } }).error.field;

const BOOKS: TemplateBook[] = [
  { letter: "A", name: "News", pageCount: 10 },
  { letter: "B", name: "Money", pageCount: 4 },
];

describe("the print desk's template and settings: who may", () => {
  it("asks for an account (401) and turns readers and contributors away (403)", async () => {
    for (const path of ["/template", "/settings"]) {
      expect((await call("GET", `${PRINT}${path}`)).status).toBe(401);
      const asReader = await call("GET", `${PRINT}${path}`, undefined, { token: reader });
      expect(asReader.status).toBe(403);
      const asContributor = await call("GET", `${PRINT}${path}`, undefined, {
        token: contributor,
      });
      expect(asContributor.status).toBe(403);
      expect(errorCode(asContributor.body)).toBe("forbidden");
    }
    const before = await template();
    const refused = await saveTemplate(BOOKS, before.revision, contributor);
    expect(refused.status).toBe(403);
    expect((await template()).revision).toBe(before.revision);
    expect((await template(admin)).revision).toBe(before.revision);
  });
});

describe("the template", () => {
  it("starts with the seed's books and is replaced from its revision, audited, moving the content version", async () => {
    const start = await template();
    expect(start.books.map((book) => book.letter)).toEqual(["A", "B", "C", "D"]);
    const version = await contentVersion();
    const saved = await saveTemplate(
      [{ letter: "A", name: "  News  ", pageCount: 10 }, BOOKS[1] as TemplateBook],
      start.revision,
    );
    expect(saved.status, saved.text).toBe(200);
    const answer = apiEndpoints.savePrintTemplate.answer.parse(saved.body).template;
    expect(answer.books).toEqual(BOOKS);
    expect(answer.revision).toBe(String(Number(start.revision) + 1));
    expect(answer.updatedBy?.displayName).toBe("Eda Editor");
    expect(await contentVersion()).not.toBe(version);
    const [entry] = await audits("print.template.update");
    expect(entry?.subject).toBe("the print template");
  });

  it("answers 409 to the second of two editors from the same revision; the first's books stand", async () => {
    const base = (await template()).revision;
    const first = await saveTemplate([{ letter: "A", name: "First", pageCount: 2 }], base);
    expect(first.status, first.text).toBe(200);
    const entries = (await audits("print.template.update")).length;
    const second = await saveTemplate([{ letter: "A", name: "Second", pageCount: 3 }], base, admin);
    expect(second.status).toBe(409);
    expect(errorCode(second.body)).toBe("stale_revision");
    expect((await template()).books).toEqual([{ letter: "A", name: "First", pageCount: 2 }]);
    expect(await audits("print.template.update")).toHaveLength(entries);
  });

  it.each([
    ["no books", [], "books"],
    ["an empty name", [{ letter: "A", name: "  ", pageCount: 2 }], "books.0.name"],
    ["0 pages", [{ letter: "A", name: "News", pageCount: 0 }], "books.0.pageCount"],
    ["49 pages", [{ letter: "A", name: "News", pageCount: 49 }], "books.0.pageCount"],
    [
      "a letter twice",
      [
        { letter: "A", name: "News", pageCount: 2 },
        { letter: "A", name: "More", pageCount: 2 },
      ],
      "books.1.letter",
    ],
  ])("refuses %s (422 with the field, nothing written)", async (_, books, field) => {
    const before = await template();
    const refused = await saveTemplate(books as TemplateBook[], before.revision);
    expect(refused.status, refused.text).toBe(422);
    expect(errorCode(refused.body)).toBe("invalid_template");
    expect(fieldOf(refused.body)).toBe(field);
    expect(await template()).toEqual(before);
  });

  it("refuses a body of another shape (400)", async () => {
    const refused = await call(
      "PUT",
      `${PRINT}/template`,
      { baseRevision: "1", books: [{ letter: "a1", name: "x", pageCount: 1 }] },
      { token: editor },
    );
    expect(refused.status).toBe(400);
  });
});

describe("the days without a paper", () => {
  it("start as Sundays, and are replaced from their revision, audited, moving the content version", async () => {
    const start = await settings();
    expect(start.noEditionWeekdays).toEqual(["sunday"]);
    expect(start.noEditionDates).toEqual([]);
    expect(start.publishHour).toMatch(/^\d{2}:00$/);
    const version = await contentVersion();
    const saved = await saveSettings(
      ["sunday", "monday"],
      [
        { date: "2026-12-26", note: null },
        { date: "2026-12-25", note: " Christmas Day " },
      ],
      start.revision,
    );
    expect(saved.status, saved.text).toBe(200);
    const answer = apiEndpoints.savePrintSettings.answer.parse(saved.body).settings;
    expect(answer.noEditionWeekdays).toEqual(["monday", "sunday"]);
    expect(answer.noEditionDates).toEqual([
      { date: "2026-12-25", note: "Christmas Day" },
      { date: "2026-12-26", note: null },
    ]);
    expect(await contentVersion()).not.toBe(version);
    const [entry] = await audits("print.settings.update");
    expect(entry?.subject).toBe("the days without a paper");
  });

  it("answers 409 to a stale revision and keeps what is there", async () => {
    const base = (await settings()).revision;
    expect((await saveSettings(["sunday"], [], base)).status).toBe(200);
    const stale = await saveSettings(["saturday"], [], base, admin);
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe("stale_revision");
    expect((await settings()).noEditionWeekdays).toEqual(["sunday"]);
  });

  it("refuses every weekday off, a date twice and a long note (422 with the field)", async () => {
    const base = (await settings()).revision;
    const everyDay = await saveSettings(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
      [],
      base,
    );
    expect(everyDay.status).toBe(422);
    expect(fieldOf(everyDay.body)).toBe("noEditionWeekdays");
    const twice = await saveSettings(
      ["sunday"],
      [
        { date: "2026-12-25", note: null },
        { date: "2026-12-25", note: "again" },
      ],
      base,
    );
    expect(twice.status).toBe(422);
    expect(fieldOf(twice.body)).toBe("noEditionDates.1.date");
    const long = await saveSettings(
      ["sunday"],
      [{ date: "2026-12-25", note: "x".repeat(121) }],
      base,
    );
    expect(long.status).toBe(422);
    expect(errorCode(long.body)).toBe("invalid_settings");
    expect(fieldOf(long.body)).toBe("noEditionDates.0.note");
    const impossible = await saveSettings(["sunday"], [{ date: "2026-02-30", note: null }], base);
    expect(impossible.status).toBe(422);
    expect((await settings()).revision).toBe(base);
  });
});
