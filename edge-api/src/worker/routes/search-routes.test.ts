import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/database.ts";
import type { SearchResponse } from "../../contract/search-contract.ts";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import { apiJson } from "../../test/api-request.ts";
import { createArticle, createDesk, HOUR } from "../../test/factories.ts";
import { SEARCH_PAGE_SIZE } from "./search-routes.ts";

const db = createDatabase(env.DB);
const now = Date.now();

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "world", name: "World" });
  // Older, and the word only in the body: must rank below the headline match.
  await createArticle(db, {
    category,
    slug: "body-match",
    headline: "Councils meet again",
    publishedAt: new Date(now - 5 * HOUR),
    body: [{ type: "paragraph", text: "Talk turned to the lighthouse keepers and their pay." }],
  });
  await createArticle(db, {
    category,
    slug: "headline-match",
    headline: "Lighthouse keepers win pay rise",
    publishedAt: new Date(now - 50 * HOUR),
  });
  // 25 articles with the same word and the same timestamp: paging must not repeat.
  for (let i = 0; i < 25; i++) {
    await createArticle(db, {
      category,
      slug: `tide-${i}`,
      headline: `Tide tables ${i}`,
      publishedAt: new Date(now - HOUR),
      body: [{ type: "paragraph", text: "The tide came in." }],
    });
  }
  await createArticle(db, {
    category,
    slug: "secret-draft",
    headline: "Lighthouse keepers strike secretly",
    status: "draft",
    publishedAt: null,
  });
  await createArticle(db, {
    category,
    slug: "secret-scheduled",
    headline: "Lighthouse keepers scheduled",
    status: "published",
    publishedAt: new Date(now + 24 * HOUR),
  });
  await createArticle(db, {
    category,
    slug: "published-in-future",
    headline: "Lighthouse keepers from the future",
    publishedAt: new Date(now + HOUR),
  });
  // Sport: the night of 10-11 June 2026 in London (BST, UTC+1), and a week later.
  const sport = await createDesk(db, { slug: "sport", name: "Sport" });
  await createArticle(db, {
    category: sport.category,
    slug: "lighthouse-regatta",
    headline: "Lighthouse regatta sails at midnight",
    publishedAt: new Date("2026-06-10T23:30:00.000Z"),
  });
  await createArticle(db, {
    category: sport.category,
    slug: "lighthouse-relay",
    headline: "Lighthouse relay runs to the cape",
    publishedAt: new Date("2026-06-17T12:00:00.000Z"),
  });
});

const search = (query: string) =>
  apiJson<SearchResponse>(`/api/search?q=${encodeURIComponent(query)}`);
const slugsOf = (body: SearchResponse) => body.results.map((result) => result.article.slug);

describe("GET /api/search", () => {
  it("ranks a headline match first and marks the matches in the snippet", async () => {
    const { status, body } = await search("lighthouse keepers");
    expect(status).toBe(200);
    expect(body.query).toBe("lighthouse keepers");
    expect(body.results.map((r) => r.article.slug)).toEqual(["headline-match", "body-match"]);
    const snippet = body.results[1]?.snippet ?? [];
    expect(snippet.filter((part) => part.match).map((part) => part.text.toLowerCase())).toEqual([
      "lighthouse",
      "keepers",
    ]);
    expect(snippet.map((part) => part.text).join("")).toContain("lighthouse keepers");
    expect(JSON.stringify(body)).not.toMatch(/[\ue000\ue001<]/);
  });

  it("matches word forms (stemming)", async () => {
    const { body } = await search("keeper");
    expect(body.results.map((r) => r.article.slug)).toContain("headline-match");
  });

  it("never finds drafts, scheduled or future articles", async () => {
    const { body } = await search("lighthouse");
    const slugs = body.results.map((r) => r.article.slug);
    expect(slugs).not.toContain("secret-draft");
    expect(slugs).not.toContain("secret-scheduled");
    expect(slugs).not.toContain("published-in-future");
  });

  it("pages ten at a time with a cursor and never repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const { status, body } = await apiJson<SearchResponse>(`/api/search?q=tide${query}`);
      expect(status).toBe(200);
      expect(body.results.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
      seen.push(...body.results.map((r) => r.article.slug));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it.each([
    '"',
    '"unbalanced',
    "*",
    "NEAR(",
    "NEAR(lighthouse keepers, 2)",
    "lighthouse OR tide",
    "-lighthouse",
    "lighthouse AND",
    "headline:lighthouse",
    "^lighthouse",
    "{lighthouse keepers}",
    "'); DROP TABLE articles; --",
    "🙂🚀 lighthouse",
    "x".repeat(10_240),
    "a ".repeat(5_000),
    "\u0000\u202e",
  ])("answers 200 for the operator or garbage query %s", async (query) => {
    const { status, body } = await search(query);
    expect(status).toBe(200);
    expect(Array.isArray(body.results)).toBe(true);
  });

  it.each(["", "   ", "***", "🙂"])("answers an empty result for %s", async (query) => {
    const { status, body } = await search(query);
    expect(status).toBe(200);
    expect(body).toMatchObject({ results: [], nextCursor: null });
  });

  it("answers an empty result with no q at all", async () => {
    const { status, body } = await apiJson<SearchResponse>("/api/search");
    expect(status).toBe(200);
    expect(body.results).toEqual([]);
  });

  it.each(["garbage", "!!!", btoa("1_1_1"), "a".repeat(5_000), "abcde"])(
    "refuses the cursor %s with 400 invalid_cursor",
    async (cursor) => {
      const { status, body } = await apiJson<ApiErrorBody>(`/api/search?q=tide&cursor=${cursor}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_cursor");
    },
  );

  it("refuses unknown parameters", async () => {
    const { status, body } = await apiJson<ApiErrorBody>("/api/search?q=tide&page=2");
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_request");
  });
});

describe("GET /api/search filters and sorts", () => {
  it("echoes the filters it ran with, relevance by default", async () => {
    const { body } = await search("lighthouse");
    expect(body.filters).toEqual({ section: null, from: null, to: null, sort: "relevance" });
    const narrowed = await apiJson<SearchResponse>(
      "/api/search?q=lighthouse&section=sport&from=2026-06-01&to=2026-06-30&sort=newest",
    );
    expect(narrowed.body.filters).toEqual({
      section: "sport",
      from: "2026-06-01",
      to: "2026-06-30",
      sort: "newest",
    });
  });

  it("narrows to a section", async () => {
    const { status, body } = await apiJson<SearchResponse>(
      "/api/search?q=lighthouse&section=sport",
    );
    expect(status).toBe(200);
    expect(slugsOf(body).sort()).toEqual(["lighthouse-regatta", "lighthouse-relay"]);
    const world = await apiJson<SearchResponse>("/api/search?q=lighthouse&section=world");
    expect(slugsOf(world.body)).toEqual(["headline-match", "body-match"]);
  });

  it("takes dates as calendar days in the publication's time zone, both inclusive", async () => {
    const on = (from: string, to: string) =>
      apiJson<SearchResponse>(`/api/search?q=lighthouse&from=${from}&to=${to}`).then((answer) =>
        slugsOf(answer.body),
      );
    // 23:30 UTC on the 10th is 00:30 on the 11th in London.
    expect(await on("2026-06-11", "2026-06-11")).toEqual(["lighthouse-regatta"]);
    expect(await on("2026-06-10", "2026-06-10")).toEqual([]);
    expect((await on("2026-06-11", "2026-06-17")).sort()).toEqual([
      "lighthouse-regatta",
      "lighthouse-relay",
    ]);
    expect(await on("2026-06-12", "2026-06-16")).toEqual([]);
    const onlyFrom = await apiJson<SearchResponse>("/api/search?q=lighthouse&from=2026-06-12");
    expect(slugsOf(onlyFrom.body)).toContain("headline-match");
    expect(slugsOf(onlyFrom.body)).not.toContain("lighthouse-regatta");
    const onlyTo = await apiJson<SearchResponse>("/api/search?q=lighthouse&to=2026-06-16");
    expect(slugsOf(onlyTo.body)).toEqual(["lighthouse-regatta"]);
  });

  it("sorts by newest, publication time first", async () => {
    const { body } = await apiJson<SearchResponse>("/api/search?q=lighthouse&sort=newest");
    expect(slugsOf(body)).toEqual([
      "body-match",
      "headline-match",
      "lighthouse-relay",
      "lighthouse-regatta",
    ]);
  });

  it("pages by newest with its own cursor and never repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const { status, body } = await apiJson<SearchResponse>(
        `/api/search?q=tide&sort=newest${query}`,
      );
      expect(status).toBe(200);
      seen.push(...slugsOf(body));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it("refuses a cursor of one sort used with the other", async () => {
    const relevance = await apiJson<SearchResponse>("/api/search?q=tide");
    const newest = await apiJson<SearchResponse>("/api/search?q=tide&sort=newest");
    for (const [cursor, sort] of [
      [relevance.body.nextCursor, "newest"],
      [newest.body.nextCursor, "relevance"],
    ] as const) {
      expect(cursor).toEqual(expect.any(String));
      const { status, body } = await apiJson<ApiErrorBody>(
        `/api/search?q=tide&sort=${sort}&cursor=${cursor}`,
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_cursor");
      expect(body.error.message).toContain(`not by ${sort}`);
    }
  });

  it("answers an empty query with the filters echoed, once they are checked", async () => {
    const { status, body } = await apiJson<SearchResponse>(
      "/api/search?q=&section=sport&from=2026-06-01&sort=newest",
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      query: "",
      filters: { section: "sport", from: "2026-06-01", to: null, sort: "newest" },
      results: [],
      nextCursor: null,
    });
    const unknown = await apiJson<ApiErrorBody>("/api/search?section=nowhere");
    expect(unknown.status).toBe(404);
  });

  it("treats empty filter fields as absent, as a form sends them", async () => {
    const { status, body } = await apiJson<SearchResponse>(
      "/api/search?q=lighthouse&section=&from=&to=&sort=",
    );
    expect(status).toBe(200);
    expect(body.filters).toEqual({ section: null, from: null, to: null, sort: "relevance" });
  });

  it("answers 404 not_found for a section that does not exist", async () => {
    const { status, body } = await apiJson<ApiErrorBody>("/api/search?q=lighthouse&section=moon");
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
    expect(body.error.message).toBe('No section is called "moon".');
  });

  it.each([
    ["section=World%20News", /section must be a section's slug/],
    ["section=" + "x".repeat(5_000), /section must be a section's slug/],
    ["from=2026-02-30", /from must be a date written YYYY-MM-DD/],
    ["from=2026-6-1", /from must be a date written YYYY-MM-DD/],
    ["to=yesterday", /to must be a date written YYYY-MM-DD/],
    ["sort=oldest", /sort must be relevance or newest/],
    ["from=2026-06-12&to=2026-06-11", /from \(2026-06-12\) is after to \(2026-06-11\)/],
    ["sort=newest&sort=relevance", /malformed/],
  ])("refuses %s with 400 invalid_request and says why", async (filter, message) => {
    const { status, body } = await apiJson<ApiErrorBody>(`/api/search?q=lighthouse&${filter}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.message).toMatch(message);
  });
});
