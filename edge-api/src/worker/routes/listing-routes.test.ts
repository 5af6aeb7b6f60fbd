import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/database.ts";
import type { AuthorRow, CategoryRow, TagRow } from "../../db/schema.ts";
import type {
  ArticlePage,
  AuthorResponse,
  CategoryResponse,
  SectionResponse,
  SectionsResponse,
  TagResponse,
} from "../../contract/listing-contract.ts";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import { encodeCursor } from "../../domain/article-cursor.ts";
import { apiJson } from "../../test/api-request.ts";
import {
  createArticle,
  createAuthor,
  createCategory,
  createDesk,
  createTag,
  HOUR,
} from "../../test/factories.ts";
import { LISTING_PAGE_SIZE } from "../article-listing.ts";

const db = createDatabase(env.DB);
const now = Date.now();
let europe: CategoryRow;
let author: AuthorRow;
let tag: TagRow;

beforeAll(async () => {
  const world = await createDesk(db, { slug: "world", name: "World", position: 1 });
  europe = world.category;
  await createCategory(db, world.section, { slug: "americas", name: "Americas" });
  await createDesk(db, { slug: "culture", name: "Culture", position: 2 });
  author = await createAuthor(db, {
    slug: "ada-quinlan",
    name: "Ada Quinlan",
    title: "Editor",
    bio: "Bio.",
  });
  tag = await createTag(db, { slug: "trade", name: "Trade", description: "About trade." });
  // 45 visible articles; every third pair shares a timestamp, so the id tie-break matters.
  for (let i = 0; i < 45; i++) {
    await createArticle(db, {
      category: europe,
      slug: `story-${i}`,
      publishedAt: new Date(now - (Math.floor(i / 2) + 1) * HOUR),
      authors: [author],
      tags: [tag],
    });
  }
  await createArticle(db, {
    category: europe,
    slug: "hidden-draft",
    status: "draft",
    publishedAt: null,
    authors: [author],
    tags: [tag],
  });
  await createArticle(db, {
    category: europe,
    slug: "hidden-scheduled",
    status: "published",
    publishedAt: new Date(now + HOUR),
    authors: [author],
    tags: [tag],
  });
});

async function walk(path: string): Promise<string[]> {
  const seen: string[] = [];
  let before: string | null = null;
  for (let pages = 0; pages < 10; pages++) {
    const query: string = before ? `?before=${before}` : "";
    const { status, body } = await apiJson<ArticlePage>(`${path}${query}`);
    expect(status).toBe(200);
    expect(body.articles.length).toBeLessThanOrEqual(LISTING_PAGE_SIZE);
    seen.push(...body.articles.map((article) => article.slug));
    before = body.nextBefore;
    if (!before) return seen;
  }
  throw new Error("pagination did not end");
}

describe("listings", () => {
  it("GET /api/sections lists sections in order with their categories", async () => {
    const { status, body } = await apiJson<SectionsResponse>("/api/sections");
    expect(status).toBe(200);
    expect(body.sections.map((s) => s.slug)).toEqual(["world", "culture"]);
    expect(body.sections[0]?.categories.map((c) => c.slug)).toEqual([europe.slug, "americas"]);
  });

  it.each([
    ["section", "/api/sections/world"],
    ["category", () => `/api/sections/world/categories/${europe.slug}`],
    ["author", "/api/authors/ada-quinlan"],
    ["tag", "/api/tags/trade"],
  ])("pages through a %s newest first without repeats or hidden articles", async (_kind, path) => {
    const slugs = await walk(typeof path === "string" ? path : path());
    expect(slugs).toHaveLength(45);
    expect(new Set(slugs).size).toBe(45);
    expect(slugs).not.toContain("hidden-draft");
    expect(slugs).not.toContain("hidden-scheduled");
    expect(slugs[0]).toBe("story-1");
  });

  it.each([
    ["section", "/api/sections/world"],
    ["category", () => `/api/sections/world/categories/${europe.slug}`],
    ["author", "/api/authors/ada-quinlan"],
    ["tag", "/api/tags/trade"],
  ])("pages a %s back towards newer articles with newerAfter", async (_kind, listing) => {
    const path = typeof listing === "string" ? listing : listing();
    const first = await apiJson<ArticlePage>(path);
    expect(first.body.newerAfter).toBeNull();
    const second = await apiJson<ArticlePage>(`${path}?before=${first.body.nextBefore}`);
    const third = await apiJson<ArticlePage>(`${path}?before=${second.body.nextBefore}`);
    expect(third.body.articles).toHaveLength(45 - 2 * LISTING_PAGE_SIZE);
    expect(third.body.nextBefore).toBeNull();
    expect(second.body.newerAfter).toEqual(expect.any(String));

    // Page 2's way back is page 1 exactly, with its own links both ways.
    const back = await apiJson<ArticlePage>(`${path}?after=${second.body.newerAfter}`);
    expect(back.status).toBe(200);
    expect(back.body.articles).toEqual(first.body.articles);
    expect(back.body.newerAfter).toBeNull();
    expect(back.body.nextBefore).toBe(first.body.nextBefore);

    // From the last page, newer gives page 2 (newest first), which links both ways.
    const middle = await apiJson<ArticlePage>(`${path}?after=${third.body.newerAfter}`);
    expect(middle.body).toEqual(second.body);
  });

  it("answers a page newer than the newest article as empty, with no links", async () => {
    const newest = encodeCursor({ publishedAt: new Date(now), id: 1 });
    const { status, body } = await apiJson<ArticlePage>(`/api/tags/trade?after=${newest}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ articles: [], nextBefore: null, newerAfter: null });
  });

  it("refuses before with after as a 400 that says why", async () => {
    const cursor = encodeCursor({ publishedAt: new Date(now), id: 1 });
    for (const path of ["/api/sections/world", "/api/authors/ada-quinlan", "/api/tags/trade"]) {
      const { status, body } = await apiJson<ApiErrorBody>(
        `${path}?before=${cursor}&after=${cursor}`,
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_request");
      expect(body.error.message).toMatch(/before.*after.*not both/i);
    }
  });

  it.each(["garbage", encodeURIComponent(btoa("2026-01-01_1")), "abcde"])(
    "refuses the after cursor %s with 400 invalid_cursor",
    async (after) => {
      const { status, body } = await apiJson<ApiErrorBody>(
        `/api/sections/world/categories/${europe.slug}?after=${after}`,
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_cursor");
    },
  );

  it("describes the listed thing", async () => {
    const section = await apiJson<SectionResponse>("/api/sections/world");
    expect(section.body.section).toMatchObject({ slug: "world", name: "World" });
    expect(section.body.articles[0]?.authors).toEqual([
      { slug: "ada-quinlan", name: "Ada Quinlan" },
    ]);
    const category = await apiJson<CategoryResponse>(
      `/api/sections/world/categories/${europe.slug}`,
    );
    expect(category.body.category.slug).toBe(europe.slug);
    const byAuthor = await apiJson<AuthorResponse>("/api/authors/ada-quinlan");
    expect(byAuthor.body.author).toEqual({
      slug: "ada-quinlan",
      name: "Ada Quinlan",
      title: "Editor",
      bio: "Bio.",
      portrait: {
        src: `/images/${author.portraitImageId}.svg`,
        alt: "An abstract picture",
        caption: "A caption.",
        credit: "A credit",
        width: 400,
        height: 400,
      },
    });
    const byTag = await apiJson<TagResponse>("/api/tags/trade");
    expect(byTag.body.tag).toEqual({ slug: "trade", name: "Trade", description: "About trade." });
  });

  it("lists an empty section with no cursor", async () => {
    const { body } = await apiJson<SectionResponse>("/api/sections/culture");
    expect(body).toMatchObject({ articles: [], nextBefore: null, newerAfter: null });
  });

  it.each([
    "/api/sections/login",
    "/api/sections/nowhere",
    "/api/sections/world/categories/nowhere",
    "/api/sections/culture/categories/" + "europe",
    "/api/authors/nobody",
    "/api/tags/nothing",
    `/api/tags/${"x".repeat(10_240)}`,
  ])("answers 404 for %s", async (path) => {
    const { status, body } = await apiJson<ApiErrorBody>(path);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });

  it.each([
    "garbage",
    "!!!",
    encodeURIComponent(btoa("2026-01-01_1")),
    btoa("not-a-date_12").replaceAll("=", ""),
    "a".repeat(10_000),
    // Not base64url at all: five characters cannot be decoded.
    "abcde",
  ])("refuses the cursor %s with 400 invalid_cursor", async (before) => {
    const { status, body } = await apiJson<ApiErrorBody>(`/api/sections/world?before=${before}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_cursor");
  });

  it("refuses a repeated or unknown query parameter", async () => {
    const cursor = encodeCursor({ publishedAt: new Date(now), id: 1 });
    const repeated = await apiJson<ApiErrorBody>(
      `/api/tags/trade?before=${cursor}&before=${cursor}`,
    );
    expect(repeated.status).toBe(400);
    const unknown = await apiJson<ApiErrorBody>("/api/tags/trade?page=2");
    expect(unknown.body.error.code).toBe("invalid_request");
  });
});
