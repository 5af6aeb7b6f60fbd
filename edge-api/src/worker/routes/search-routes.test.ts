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
});

const search = (query: string) =>
  apiJson<SearchResponse>(`/api/search?q=${encodeURIComponent(query)}`);

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
