import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { PagePlacementInput } from "../../contract/print-desk-contract.ts";
import { auditLog } from "../../db/account-schema.ts";
import type { ArticleRow } from "../../db/schema.ts";
import { addDays, dateInTimeZone, dayOfWeek } from "../../domain/publication-dates.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createArticle, createDesk } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";

const EDITIONS = "/api/newsroom/print/editions";
const HOUR = 3_600_000;
let editor: string;
let admin: string;
let contributor: string;

const today = dateInTimeZone(new Date(), "Europe/London");
function weekdayAhead(days: number): string {
  let date = addDays(today, days);
  while (dayOfWeek(date) === 0) date = addDays(date, 1);
  return date;
}
const DATE = weekdayAhead(5);
const PUBLISHED_DATE = weekdayAhead(12);
const s: Record<string, ArticleRow> = {};

beforeAll(async () => {
  editor = (await signInAs("editor")).tokens.accessToken;
  admin = (await signInAs("admin")).tokens.accessToken;
  contributor = (await signInAs("contributor")).tokens.accessToken;
  const { category } = await createDesk(db, { slug: "page-world", name: "World" });
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
  s.one = await createArticle(db, { category, headline: "One", publishedAt: ago(3) });
  s.two = await createArticle(db, { category, headline: "Two", publishedAt: ago(2) });
  s.three = await createArticle(db, { category, headline: "Three", publishedAt: ago(1) });
  s.scheduled = await createArticle(db, {
    category,
    headline: "Tomorrow",
    publishedAt: new Date(Date.now() + 24 * HOUR),
  });
  s.draft = await createArticle(db, {
    category,
    headline: "Draft",
    status: "draft",
    publishedAt: null,
  });
  for (const date of [DATE, PUBLISHED_DATE]) {
    const planned = await call("POST", EDITIONS, { date, from: "template" }, { token: editor });
    expect(planned.status, planned.text).toBe(201);
  }
  await env.DB.prepare("UPDATE print_editions SET status = 'published' WHERE date = ?")
    .bind(PUBLISHED_DATE)
    .run();
});

const place = (story: ArticleRow | undefined, printHeadline: string, isLead = false) => ({
  articleId: String(story?.id),
  printHeadline,
  isLead,
});

async function edition(date = DATE) {
  const answer = await call("GET", `${EDITIONS}/${date}`, undefined, { token: editor });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.printEdition.answer.parse(answer.body);
}

function savePage(
  label: string,
  placements: PagePlacementInput[],
  baseRevision: string,
  options: { token?: string; date?: string } = {},
) {
  return call(
    "PUT",
    `${EDITIONS}/${options.date ?? DATE}/pages/${label}`,
    { baseRevision, placements },
    { token: options.token ?? editor },
  );
}

function pageOf(answer: Awaited<ReturnType<typeof edition>>, label: string) {
  return answer.edition.books.flatMap((book) => book.pages).find((page) => page.label === label);
}

async function contentVersion(): Promise<string> {
  const answer = await call("GET", "/api/content-version");
  return apiEndpoints.contentVersion.answer.parse(answer.body).version;
}

const fieldOf = (body: unknown) => (body as { error: { field?: string } }).error.field;
const messageOf = (body: unknown) => (body as { error: { message: string } }).error.message;

describe("saving a page", () => {
  it("replaces the page's placements in order, moves the revision, audits, moves the content version", async () => {
    const before = await edition();
    const version = await contentVersion();
    const saved = await savePage(
      "A1",
      [place(s.two, " TWO IN PRINT ", true), place(s.one, "ONE")],
      before.edition.revision,
    );
    expect(saved.status, saved.text).toBe(200);
    const after = apiEndpoints.savePrintPage.answer.parse(saved.body);
    expect(after.edition.revision).toBe(String(Number(before.edition.revision) + 1));
    expect(
      pageOf(after, "A1")?.placements.map((p) => [
        p.webHeadline,
        p.printHeadline,
        p.order,
        p.isLead,
      ]),
    ).toEqual([
      ["Two", "TWO IN PRINT", 1, true],
      ["One", "ONE", 2, false],
    ]);
    expect(await contentVersion()).not.toBe(version);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "print.placements.update"))
      .orderBy(desc(auditLog.id));
    expect(entry?.subject).toBe(`page A1 of the edition of ${DATE}`);
    // Saving again replaces, it does not add.
    const again = await savePage("A1", [place(s.one, "ONE", true)], after.edition.revision);
    expect(again.status, again.text).toBe(200);
    const now = apiEndpoints.savePrintPage.answer.parse(again.body);
    expect(pageOf(now, "A1")?.placements.map((p) => p.articleId)).toEqual([String(s.one?.id)]);
  });

  it("answers 409 to the second of two editors from one revision; the first's placements stand", async () => {
    const base = (await edition()).edition.revision;
    const first = await savePage("A2", [place(s.three, "FIRST")], base);
    expect(first.status, first.text).toBe(200);
    const second = await savePage("A3", [place(s.two, "SECOND")], base, { token: admin });
    expect(second.status).toBe(409);
    expect(errorCode(second.body)).toBe("stale_revision");
    const now = await edition();
    expect(pageOf(now, "A2")?.placements.map((p) => p.printHeadline)).toEqual(["FIRST"]);
    expect(pageOf(now, "A3")?.placements).toEqual([]);
  });

  it("keeps contributors out (403) and answers 404 for a page not in the plan or no edition", async () => {
    const base = (await edition()).edition.revision;
    expect((await savePage("B1", [], base, { token: contributor })).status).toBe(403);
    const noPage = await savePage("Z9", [], base);
    expect(noPage.status).toBe(404);
    expect(messageOf(noPage.body)).toBe(`The edition of ${DATE} has no page Z9.`);
    expect((await savePage("A1", [], base, { date: addDays(today, 400) })).status).toBe(404);
  });

  it.each([
    [
      "a story already on another page",
      () => [place(s.one, "ONE AGAIN")],
      "placements.0.articleId",
      /already on page A1/,
    ],
    [
      "two leads",
      () => [place(s.two, "A", true), place(s.three, "B", true)],
      "placements",
      /one lead/,
    ],
    [
      "an empty print headline",
      () => [place(s.two, "   ")],
      "placements.0.printHeadline",
      /1 to 120/,
    ],
    [
      "a print headline of 121 characters",
      () => [place(s.two, "x".repeat(121))],
      "placements.0.printHeadline",
      /1 to 120/,
    ],
    [
      "an unknown story",
      () => [{ articleId: "999999", printHeadline: "X", isLead: false }],
      "placements.0.articleId",
      /no story 999999/,
    ],
    [
      "a draft",
      () => [place(s.draft, "DRAFT")],
      "placements.0.articleId",
      /is not published \(draft\)/,
    ],
    [
      "the same story twice",
      () => [place(s.two, "A"), place(s.two, "B")],
      "placements.1.articleId",
      /twice/,
    ],
  ])("refuses %s (422 naming it, nothing written)", async (_, placements, field, message) => {
    const before = await edition();
    const refused = await savePage("B1", placements(), before.edition.revision);
    expect(refused.status, refused.text).toBe(422);
    expect(errorCode(refused.body)).toBe("invalid_placements");
    expect(fieldOf(refused.body)).toBe(field);
    expect(messageOf(refused.body)).toMatch(message);
    expect((await edition()).edition.revision).toBe(before.edition.revision);
  });

  it("places a scheduled story on a planned edition, not on a published one", async () => {
    const planned = await edition();
    const ok = await savePage("C1", [place(s.scheduled, "SOON")], planned.edition.revision);
    expect(ok.status, ok.text).toBe(200);
    const published = await edition(PUBLISHED_DATE);
    const refused = await savePage("C1", [place(s.scheduled, "SOON")], published.edition.revision, {
      date: PUBLISHED_DATE,
    });
    expect(refused.status).toBe(422);
    expect(messageOf(refused.body)).toMatch(/“Tomorrow” is not published yet/);
  });
});
