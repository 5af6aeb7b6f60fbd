import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import { auditLog } from "../../db/account-schema.ts";
import type { ArticleRow } from "../../db/schema.ts";
import { editionPublishedAt } from "../../domain/edition-schedule.ts";
import { addDays, dateInTimeZone, dayOfWeek } from "../../domain/publication-dates.ts";
import { call, db, errorCode } from "../../test/account-helpers.ts";
import { createArticle, createDesk } from "../../test/factories.ts";
import { signInAs } from "../../test/staff-helpers.ts";

const PRINT = "/api/newsroom/print";
const HOUR = 3_600_000;
let editor: string;
let contributor: string;

const today = dateInTimeZone(new Date(), "Europe/London");
let DATE = addDays(today, 3);
while (dayOfWeek(DATE) === 0) DATE = addDays(DATE, 1);
const s: Record<string, ArticleRow> = {};

beforeAll(async () => {
  editor = (await signInAs("editor")).tokens.accessToken;
  contributor = (await signInAs("contributor")).tokens.accessToken;
  const { category } = await createDesk(db, { slug: "publish-world", name: "World" });
  s.lead = await createArticle(db, {
    category,
    headline: "Lead",
    publishedAt: new Date(Date.now() - 2 * HOUR),
  });
  s.other = await createArticle(db, {
    category,
    headline: "Other",
    publishedAt: new Date(Date.now() - HOUR),
  });
  s.soon = await createArticle(db, {
    category,
    headline: "Soon",
    publishedAt: new Date(Date.now() + HOUR),
  });
  const template = await call("GET", `${PRINT}/template`, undefined, { token: editor });
  const { revision } = apiEndpoints.printTemplate.answer.parse(template.body).template;
  const books = [
    { letter: "A", name: "News", pageCount: 1 },
    { letter: "B", name: "Business", pageCount: 1 },
  ];
  const saved = await call(
    "PUT",
    `${PRINT}/template`,
    { baseRevision: revision, books },
    { token: editor },
  );
  expect(saved.status, saved.text).toBe(200);
  const planned = await call(
    "POST",
    `${PRINT}/editions`,
    { date: DATE, from: "template" },
    { token: editor },
  );
  expect(planned.status, planned.text).toBe(201);
});

async function revision(): Promise<string> {
  const answer = await call("GET", `${PRINT}/editions/${DATE}`, undefined, { token: editor });
  return apiEndpoints.printEdition.answer.parse(answer.body).edition.revision;
}

async function fill(label: string, story: ArticleRow | undefined, isLead: boolean) {
  const placements = [{ articleId: String(story?.id), printHeadline: "IN PRINT", isLead }];
  const answer = await call(
    "PUT",
    `${PRINT}/editions/${DATE}/pages/${label}`,
    { baseRevision: await revision(), placements },
    { token: editor },
  );
  expect(answer.status, answer.text).toBe(200);
}

async function publish(when: "now" | "scheduled", baseRevision?: string, token = editor) {
  return call(
    "POST",
    `${PRINT}/editions/${DATE}/publish`,
    { baseRevision: baseRevision ?? (await revision()), when },
    { token },
  );
}

const fieldOf = (body: unknown) => (body as { error: { field?: string } }).error.field;
const messageOf = (body: unknown) => (body as { error: { message: string } }).error.message;

describe("publishing an edition", () => {
  it("keeps contributors out (403)", async () => {
    expect((await publish("now", undefined, contributor)).status).toBe(403);
  });

  it("refuses an edition with an empty page or no lead on A1 (422 saying which)", async () => {
    const empty = await publish("scheduled");
    expect(empty.status).toBe(422);
    expect(errorCode(empty.body)).toBe("not_ready");
    expect(messageOf(empty.body)).toBe("Page A1 has no stories.");
    await fill("A1", s.lead, false);
    const noLead = await publish("scheduled");
    expect(messageOf(noLead.body)).toBe("Page A1 has no lead story.");
    await fill("A1", s.lead, true);
    const emptyB = await publish("scheduled");
    expect(fieldOf(emptyB.body)).toBe("B1");
  });

  it("publishes at the publish hour of its date a story out by then; readers wait for it", async () => {
    await fill("B1", s.soon, false);
    const now = await publish("now");
    expect(now.status).toBe(422);
    expect(messageOf(now.body)).toMatch(/“Soon” on page B1 is not published by/);
    const scheduled = await publish("scheduled");
    expect(scheduled.status, scheduled.text).toBe(200);
    const { edition } = apiEndpoints.publishPrintEdition.answer.parse(scheduled.body);
    expect(edition.status).toBe("published");
    expect(edition.publishAtSet).toBe(false);
    expect(edition.publishesAt).toBe(
      editionPublishedAt(DATE, { timeZone: "Europe/London", publishHour: 5 }).toISOString(),
    );
    expect((await call("GET", `/api/editions/${DATE}`)).status).toBe(404);
  });

  it("takes a late change and publishes now: readers see it at once; audited; 409 when stale", async () => {
    const stale = await revision();
    await fill("B1", s.other, false);
    const refused = await publish("now", stale);
    expect(refused.status).toBe(409);
    expect(errorCode(refused.body)).toBe("stale_revision");
    const published = await publish("now");
    expect(published.status, published.text).toBe(200);
    expect(apiEndpoints.publishPrintEdition.answer.parse(published.body).edition.publishAtSet).toBe(
      true,
    );
    const reader = await call("GET", `/api/editions/${DATE}`);
    expect(reader.status).toBe(200);
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "print.edition.publish"))
      .orderBy(desc(auditLog.id));
    expect(entries.map((entry) => JSON.parse(entry.detail ?? "{}").when)).toEqual([
      "now",
      "scheduled",
    ]);
  });
});
