import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { TemplateBook } from "../../contract/print-desk-contract.ts";
import { auditLog } from "../../db/account-schema.ts";
import type { ArticleRow } from "../../db/schema.ts";
import { addDays, dateInTimeZone, dayOfWeek } from "../../domain/publication-dates.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createArticle, createDesk } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";

const EDITIONS = "/api/newsroom/print/editions";
const HOUR = 3_600_000;
let editor: string;
let contributor: string;

const today = dateInTimeZone(new Date(), "Europe/London");
let DATE = addDays(today, 7);
while (dayOfWeek(DATE) === 0) DATE = addDays(DATE, 1);
const s: Record<string, ArticleRow> = {};

beforeAll(async () => {
  editor = (await signInAs("editor")).tokens.accessToken;
  contributor = (await signInAs("contributor")).tokens.accessToken;
  const { category } = await createDesk(db, { slug: "books-world", name: "World" });
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
  s.one = await createArticle(db, {
    category,
    headline: "Harbour strike ends",
    slug: "harbour-strike-ends",
    publishedAt: ago(3),
  });
  s.two = await createArticle(db, {
    category,
    headline: "Ferry timetable",
    // Longer than the 50 bytes D1 allows a LIKE pattern: the search must not use one.
    slug: "ferry-50-percent-timetable-for-the-winter-crossings-to-the-islands",
    publishedAt: ago(30 * 24),
  });
  s.draft = await createArticle(db, {
    category,
    headline: "Harbour draft",
    status: "draft",
    publishedAt: null,
  });
  const planned = await call("POST", EDITIONS, { date: DATE, from: "template" }, { token: editor });
  expect(planned.status, planned.text).toBe(201);
});

async function edition() {
  const answer = await call("GET", `${EDITIONS}/${DATE}`, undefined, { token: editor });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.printEdition.answer.parse(answer.body);
}

const labels = (answer: Awaited<ReturnType<typeof edition>>) =>
  answer.edition.books.map(
    (book) => `${book.letter} ${book.name}: ${book.pages.map((page) => page.label).join(" ")}`,
  );

function saveBooks(books: TemplateBook[], baseRevision: string, token = editor) {
  return call("PUT", `${EDITIONS}/${DATE}/books`, { baseRevision, books }, { token });
}

const fieldOf = (body: unknown) => (body as { error: { field?: string } }).error.field;
const messageOf = (body: unknown) => (body as { error: { message: string } }).error.message;

describe("an edition's books", () => {
  it("cuts, adds and renames pages; kept pages keep their stories; audited", async () => {
    const base = await edition();
    const placed = await call(
      "PUT",
      `${EDITIONS}/${DATE}/pages/A1`,
      {
        baseRevision: base.edition.revision,
        placements: [{ articleId: String(s.one?.id), printHeadline: "STRIKE OVER", isLead: true }],
      },
      { token: editor },
    );
    expect(placed.status, placed.text).toBe(200);
    const revision = apiEndpoints.savePrintPage.answer.parse(placed.body).edition.revision;
    const saved = await saveBooks(
      [
        { letter: "A", name: "News", pageCount: 2 },
        { letter: "B", name: "Money", pageCount: 1 },
        { letter: "S", name: "Weekend", pageCount: 3 },
      ],
      revision,
    );
    expect(saved.status, saved.text).toBe(200);
    const after = apiEndpoints.savePrintBooks.answer.parse(saved.body);
    expect(labels(after)).toEqual(["A News: A1 A2", "B Money: B1", "S Weekend: S1 S2 S3"]);
    expect(after.edition.revision).toBe(String(Number(revision) + 1));
    expect(after.edition.books[0]?.pages[0]?.placements.map((p) => p.printHeadline)).toEqual([
      "STRIKE OVER",
    ]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "print.books.update"))
      .orderBy(desc(auditLog.id));
    expect(entry?.subject).toBe(`the books of the edition of ${DATE}`);
  });

  it("refuses to cut a page that has stories (422 naming it, nothing written)", async () => {
    const before = await edition();
    const refused = await saveBooks(
      [{ letter: "B", name: "Money", pageCount: 1 }],
      before.edition.revision,
    );
    expect(refused.status, refused.text).toBe(422);
    expect(errorCode(refused.body)).toBe("invalid_books");
    expect(fieldOf(refused.body)).toBe("books");
    expect(messageOf(refused.body)).toBe(
      "Page A1 has a story: move or remove them before cutting the page.",
    );
    expect(labels(await edition())).toEqual(labels(before));
  });

  it.each([
    ["no books", [], "books"],
    ["a book without a name", [{ letter: "A", name: " ", pageCount: 1 }], "books.0.name"],
    ["no pages", [{ letter: "A", name: "News", pageCount: 0 }], "books.0.pageCount"],
    ["49 pages", [{ letter: "A", name: "News", pageCount: 49 }], "books.0.pageCount"],
    [
      "a letter twice",
      [
        { letter: "A", name: "News", pageCount: 1 },
        { letter: "A", name: "More", pageCount: 1 },
      ],
      "books.1.letter",
    ],
  ])("refuses %s (422 on the field)", async (_, books, field) => {
    const before = await edition();
    const refused = await saveBooks(books, before.edition.revision);
    expect(refused.status, refused.text).toBe(422);
    expect(errorCode(refused.body)).toBe("invalid_books");
    expect(fieldOf(refused.body)).toBe(field);
  });

  it("answers 409 from a stale revision, 404 without an edition, 403 to contributors", async () => {
    const before = await edition();
    const books = [{ letter: "A", name: "News", pageCount: 1 }];
    const stale = await saveBooks(books, String(Number(before.edition.revision) - 1));
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe("stale_revision");
    expect(labels(await edition())).toEqual(labels(before));
    expect((await saveBooks(books, before.edition.revision, contributor)).status).toBe(403);
    const none = await call(
      "PUT",
      `${EDITIONS}/${addDays(today, 390)}/books`,
      { baseRevision: "1", books },
      { token: editor },
    );
    expect(none.status).toBe(404);
  });
});

describe("finding a story for the desk", () => {
  const find = (q: string, token = editor) =>
    call("GET", `${EDITIONS}/${DATE}/stories?q=${encodeURIComponent(q)}`, undefined, { token });

  it("finds published stories of any day by headline or slug, with the page each is on", async () => {
    const answer = await find("harbour");
    expect(answer.status, answer.text).toBe(200);
    const found = apiEndpoints.findPrintStories.answer.parse(answer.body);
    // The draft is never offered.
    expect(found.stories.map((story) => [story.webHeadline, story.placedOn])).toEqual([
      ["Harbour strike ends", "A1"],
    ]);
    const bySlug = apiEndpoints.findPrintStories.answer.parse(
      (await find("FERRY-50-percent-timetable-for-the-winter-crossings-to-the-islands")).body,
    );
    expect(bySlug.stories.map((story) => [story.webHeadline, story.placedOn])).toEqual([
      ["Ferry timetable", null],
    ]);
  });

  it("takes % and _ literally", async () => {
    const answer = apiEndpoints.findPrintStories.answer.parse((await find("50%")).body);
    expect(answer.stories).toEqual([]);
    const underscore = apiEndpoints.findPrintStories.answer.parse((await find("ferry_50")).body);
    expect(underscore.stories).toEqual([]);
  });

  it("answers 400 to empty words, 404 without an edition, 403 to contributors", async () => {
    const empty = await find("   ");
    expect(empty.status).toBe(400);
    expect(messageOf(empty.body)).toMatch(/Say what to look for/);
    expect((await find("harbour", contributor)).status).toBe(403);
    const none = await call(
      "GET",
      `${EDITIONS}/${addDays(today, 390)}/stories?q=harbour`,
      undefined,
      { token: editor },
    );
    expect(none.status).toBe(404);
  });
});
