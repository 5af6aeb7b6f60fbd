import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import { auditLog } from "../../db/account-schema.ts";
import type { ArticleRow } from "../../db/schema.ts";
import { printPlacements } from "../../db/schema.ts";
import { editionPublishedAt } from "../../domain/edition-schedule.ts";
import { addDays, dateInTimeZone, dayOfWeek } from "../../domain/publication-dates.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createArticle, createDesk, createEdition, createPrintPage } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";

const EDITIONS = "/api/newsroom/print/editions";
const SCHEDULE = { timeZone: "Europe/London", publishHour: 5 };
const HOUR = 3_600_000;
let editor: string;
let contributor: string;
let reader: string;

const today = dateInTimeZone(new Date(), SCHEDULE.timeZone);
/** The first date at least `days` ahead that is not a Sunday (Sunday has no paper). */
function weekdayAhead(days: number): string {
  let date = addDays(today, days);
  while (dayOfWeek(date) === 0) date = addDays(date, 1);
  return date;
}
function sundayAhead(): string {
  let date = addDays(today, 1);
  while (dayOfWeek(date) !== 0) date = addDays(date, 1);
  return date;
}

const PLANNED = weekdayAhead(7);
const COPY_SOURCE = weekdayAhead(20);
const COPIED = weekdayAhead(30);
/** The news day of PLANNED: the 24 hours before 05:00 London time on its date. */
const newsDayEnd = editionPublishedAt(PLANNED, SCHEDULE);
const stories: Record<string, ArticleRow> = {};

beforeAll(async () => {
  editor = (await signInAs("editor")).tokens.accessToken;
  contributor = (await signInAs("contributor")).tokens.accessToken;
  reader = (await signInAs("reader")).tokens.accessToken;
  const { category } = await createDesk(db, { slug: "print-world", name: "World" });
  const at = (hoursBeforeEnd: number) => new Date(newsDayEnd.getTime() - hoursBeforeEnd * HOUR);
  stories.early = await createArticle(db, { category, headline: "Early", publishedAt: at(23) });
  stories.late = await createArticle(db, { category, headline: "Late", publishedAt: at(1) });
  stories.placed = await createArticle(db, { category, headline: "Placed", publishedAt: at(2) });
  stories.dayBefore = await createArticle(db, { category, publishedAt: at(25) });
  stories.atPublishTime = await createArticle(db, { category, publishedAt: at(0) });
  stories.draft = await createArticle(db, { category, status: "draft", publishedAt: null });
  const source = await createEdition(db, COPY_SOURCE);
  const a1 = await createPrintPage(db, source, "A", 1);
  await createPrintPage(db, source, "A", 2);
  await createPrintPage(db, source, "D", 1);
  await db.insert(printPlacements).values({
    pageId: a1.id,
    articleId: stories.early.id,
    order: 1,
    printHeadline: "EARLY",
    isLead: true,
  });
});

function plan(body: unknown, token = editor) {
  return call("POST", EDITIONS, body, { token });
}

async function deskEdition(date: string) {
  const answer = await call("GET", `${EDITIONS}/${date}`, undefined, { token: editor });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.printEdition.answer.parse(answer.body);
}

async function contentVersion(): Promise<string> {
  const answer = await call("GET", "/api/content-version");
  return apiEndpoints.contentVersion.answer.parse(answer.body).version;
}

const fieldOf = (body: unknown) => (body as { error: { field?: string } }).error.field;
const messageOf = (body: unknown) => (body as { error: { message: string } }).error.message;

describe("the print desk's editions: who may", () => {
  it("asks for an account (401), turns readers and contributors away (403)", async () => {
    expect((await call("GET", EDITIONS)).status).toBe(401);
    expect((await call("GET", EDITIONS, undefined, { token: reader })).status).toBe(403);
    expect((await call("GET", EDITIONS, undefined, { token: contributor })).status).toBe(403);
    const refused = await plan({ date: weekdayAhead(3), from: "template" }, contributor);
    expect(refused.status).toBe(403);
    expect(errorCode(refused.body)).toBe("forbidden");
  });
});

describe("planning an edition", () => {
  it("makes a planned edition from the template, audited, moving the content version, unseen by readers", async () => {
    const version = await contentVersion();
    const answer = await plan({ date: PLANNED, from: "template" });
    expect(answer.status, answer.text).toBe(201);
    const { edition } = apiEndpoints.planPrintEdition.answer.parse(answer.body);
    expect(edition.status).toBe("planned");
    expect(edition.revision).toBe("1");
    expect(edition.publishAtSet).toBe(false);
    expect(edition.publishesAt).toBe(newsDayEnd.toISOString());
    expect(edition.books.map((book) => [book.letter, book.name, book.pages.length])).toEqual([
      ["A", "News", 8],
      ["B", "Business", 2],
      ["C", "Culture", 2],
      ["D", "Sport", 2],
    ]);
    expect(edition.books[0]?.pages.map((page) => page.label).slice(0, 3)).toEqual([
      "A1",
      "A2",
      "A3",
    ]);
    expect(await contentVersion()).not.toBe(version);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "print.edition.create"))
      .orderBy(desc(auditLog.id));
    expect(entry?.subject).toBe(`the edition of ${PLANNED}`);
    expect((await call("GET", `/api/editions/${PLANNED}`)).status).toBe(404);
  });

  it("answers 409 when the date has an edition", async () => {
    const again = await plan({ date: PLANNED, from: "template" });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe("edition_exists");
    expect(fieldOf(again.body)).toBe("date");
  });

  it("refuses a date in the past and a day without a paper (422, saying which rule)", async () => {
    const past = await plan({ date: addDays(today, -1), from: "template" });
    expect(past.status).toBe(422);
    expect(errorCode(past.body)).toBe("date_in_past");
    expect(fieldOf(past.body)).toBe("date");
    const sunday = await plan({ date: sundayAhead(), from: "template" });
    expect(sunday.status).toBe(422);
    expect(errorCode(sunday.body)).toBe("no_edition_day");
    expect(messageOf(sunday.body)).toBe("There is no paper on Sundays.");
  });

  it("copies another edition's books and pages, not its placements; 404 when it has none", async () => {
    const missing = await plan({ date: COPIED, from: { copy: addDays(today, 200) } });
    expect(missing.status).toBe(404);
    expect(fieldOf(missing.body)).toBe("from.copy");
    const answer = await plan({ date: COPIED, from: { copy: COPY_SOURCE } });
    expect(answer.status, answer.text).toBe(201);
    const { edition } = apiEndpoints.planPrintEdition.answer.parse(answer.body);
    expect(
      edition.books.map((book) => [book.letter, book.pages.map((page) => page.label)]),
    ).toEqual([
      ["A", ["A1", "A2"]],
      ["D", ["D1"]],
    ]);
    expect(edition.books.flatMap((book) => book.pages.flatMap((page) => page.placements))).toEqual(
      [],
    );
  });

  it("refuses a body of another shape (400)", async () => {
    expect((await plan({ date: PLANNED, from: "nothing" })).status).toBe(400);
    expect((await plan({ date: "2026-02-30", from: "template" })).status).toBe(400);
  });
});

describe("the desk's list and one edition", () => {
  it("lists the editions of a range, newest first, with their counts", async () => {
    const answer = await call("GET", `${EDITIONS}?from=${today}&to=${COPIED}`, undefined, {
      token: editor,
    });
    expect(answer.status, answer.text).toBe(200);
    const list = apiEndpoints.printEditions.answer.parse(answer.body);
    expect(list.editions.map((edition) => edition.date)).toEqual([COPIED, COPY_SOURCE, PLANNED]);
    expect(
      list.editions.find((edition) => edition.date === COPY_SOURCE),
      answer.text,
    ).toMatchObject({
      status: "published",
      pageCount: 3,
      placementCount: 1,
    });
    expect(list.editions.find((edition) => edition.date === PLANNED)?.pageCount).toBe(14);
    const backwards = await call("GET", `${EDITIONS}?from=${COPIED}&to=${today}`, undefined, {
      token: editor,
    });
    expect(backwards.status).toBe(400);
  });

  it("shows the news day's unplaced stories, newest first, not those placed, drafts or other days", async () => {
    const before = await deskEdition(PLANNED);
    expect(before.newsDay).toEqual({
      from: new Date(newsDayEnd.getTime() - 24 * HOUR).toISOString(),
      to: newsDayEnd.toISOString(),
    });
    expect(before.publishHour).toBe("05:00");
    const ids = (answer: typeof before) => answer.unplaced.map((story) => story.articleId);
    const id = (name: string) => String(stories[name]?.id);
    expect(ids(before)).toEqual([id("late"), id("placed"), id("early")]);
    expect(before.unplaced[0]?.status).toBe("scheduled");
    await env.DB.prepare(
      "INSERT INTO print_placements (page_id, article_id, \"order\", print_headline, is_lead) SELECT p.id, ?, 1, 'PLACED', 1 FROM print_pages p JOIN print_editions e ON e.id = p.edition_id WHERE e.date = ? AND p.book = 'A' AND p.number = 1",
    )
      .bind(stories.placed?.id, PLANNED)
      .run();
    const after = await deskEdition(PLANNED);
    expect(ids(after)).toEqual([id("late"), id("early")]);
    expect(after.edition.books[0]?.pages[0]?.placements).toEqual([
      {
        articleId: id("placed"),
        slug: stories.placed?.slug,
        webHeadline: "Placed",
        printHeadline: "PLACED",
        order: 1,
        isLead: true,
        status: "scheduled",
        publishedAt: stories.placed?.publishedAt?.toISOString(),
      },
    ]);
  });

  it("answers 404 for a date without an edition", async () => {
    const missing = await call("GET", `${EDITIONS}/${addDays(today, 300)}`, undefined, {
      token: editor,
    });
    expect(missing.status).toBe(404);
  });
});
