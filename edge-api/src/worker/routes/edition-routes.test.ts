import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/database.ts";
import type { ApiErrorBody, EditionResponse } from "../../domain/api-types.ts";
import { addDays, dateInTimeZone } from "../../domain/publication-dates.ts";
import { apiJson } from "../../test/api-request.ts";
import {
  createArticle,
  createDesk,
  createEdition,
  createPrintPage,
  hoursAgo,
  placeArticle,
} from "../../test/factories.ts";

const db = createDatabase(env.DB);
const today = dateInTimeZone(new Date(), "Europe/London");
const yesterday = addDays(today, -1);
const threeDaysAgo = addDays(today, -3);
const fourDaysAgo = addDays(today, -4);

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "world", name: "World" });
  const lead = await createArticle(db, {
    category,
    slug: "lead-story",
    headline: "Lead story",
    publishedAt: hoursAgo(100),
  });
  const second = await createArticle(db, {
    category,
    slug: "second-story",
    publishedAt: hoursAgo(99),
  });
  const draft = await createArticle(db, {
    category,
    slug: "draft-story",
    status: "draft",
    publishedAt: null,
  });
  for (const date of [fourDaysAgo, threeDaysAgo, yesterday]) {
    const edition = await createEdition(db, date, hoursAgo(48));
    const a1 = await createPrintPage(db, edition, "A", 1);
    const b1 = await createPrintPage(db, edition, "B", 1);
    await placeArticle(db, a1, second, 2);
    await placeArticle(db, a1, lead, 1, "LEAD IN PRINT");
    await placeArticle(db, b1, draft, 1);
  }
  // Tomorrow's edition exists but is not published yet.
  await createEdition(db, addDays(today, 1), hoursAgo(-24));
});

describe("GET /api/editions/:date", () => {
  it("serves yesterday's edition with ordered pages, placements and neighbours", async () => {
    const { status, body } = await apiJson<EditionResponse>(`/api/editions/${yesterday}`);
    expect(status).toBe(200);
    expect(body.previousDate).toBe(threeDaysAgo);
    expect(body.nextDate).toBeNull();
    expect(body.edition.date).toBe(yesterday);
    expect(body.edition.pages.map((p) => p.label)).toEqual(["A1", "B1"]);
    const a1 = body.edition.pages[0];
    expect(a1).toMatchObject({ book: "A", bookName: "News", number: 1 });
    expect(a1?.placements.map((p) => [p.order, p.printHeadline, p.article.slug])).toEqual([
      [1, "LEAD IN PRINT", "lead-story"],
      [2, "Print: A headline", "second-story"],
    ]);
    // A draft placed in print is still not served.
    expect(body.edition.pages[1]?.placements).toEqual([]);
  });

  it("links the oldest edition forward", async () => {
    const { body } = await apiJson<EditionResponse>(`/api/editions/${fourDaysAgo}`);
    expect(body.previousDate).toBeNull();
    expect(body.nextDate).toBe(threeDaysAgo);
  });

  it.each([
    ["an impossible date", "2026-02-30"],
    ["a date without an edition", addDays(today, -2)],
    ["an unpublished edition", addDays(today, 1)],
    ["a sloppy date", "2026-2-3"],
    ["a traversal", "..%2F..%2Fx"],
    ["a long string", "9".repeat(10_240)],
  ])("answers 404 not_found for %s", async (_name, date) => {
    const { status, body } = await apiJson<ApiErrorBody>(`/api/editions/${date}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});

describe("GET /api/editions/latest", () => {
  it("finds the newest published edition on or before a date", async () => {
    const onDay = await apiJson<EditionResponse>(`/api/editions/latest?onOrBefore=${yesterday}`);
    expect(onDay.body.edition.date).toBe(yesterday);
    const gap = await apiJson<EditionResponse>(
      `/api/editions/latest?onOrBefore=${addDays(today, -2)}`,
    );
    expect(gap.body.edition.date).toBe(threeDaysAgo);
    const future = await apiJson<EditionResponse>(
      `/api/editions/latest?onOrBefore=${addDays(today, 5)}`,
    );
    expect(future.body.edition.date).toBe(yesterday);
  });

  it("answers 404 before the first edition", async () => {
    const { status } = await apiJson<ApiErrorBody>("/api/editions/latest?onOrBefore=1999-12-31");
    expect(status).toBe(404);
  });

  it.each(["", "?onOrBefore=2026-02-30", "?onOrBefore=today", "?onOrBefore=2026-01-01&x=1"])(
    "answers 400 invalid_request for %s",
    async (query) => {
      const { status, body } = await apiJson<ApiErrorBody>(`/api/editions/latest${query}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_request");
    },
  );
});
