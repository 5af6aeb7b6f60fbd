import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/database.ts";
import { SITEMAP_PAGE_SIZE } from "../../db/sitemap-queries.ts";
import type { ArticleRow } from "../../db/schema.ts";
import type {
  FeedResponse,
  NewsSitemapResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
} from "../../contract/feed-and-sitemap-contract.ts";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import { apiJson } from "../../test/api-request.ts";
import {
  createArticle,
  createAuthor,
  createCategory,
  createDesk,
  createPage,
  createTag,
  HOUR,
} from "../../test/factories.ts";
import { FEED_SIZE } from "./feed-routes.ts";

const db = createDatabase(env.DB);
const now = Date.now();
const hidden: ArticleRow[] = [];

beforeAll(async () => {
  const world = await createDesk(db, { slug: "world", name: "World", description: "Abroad." });
  await createCategory(db, world.section, { slug: "empty-category" });
  const culture = await createDesk(db, { slug: "culture", name: "Culture", position: 2 });
  const author = await createAuthor(db, { slug: "ada-quinlan", name: "Ada Quinlan" });
  const tag = await createTag(db, { slug: "trade", name: "Trade", description: "About trade." });
  // 60 world articles (every pair shares a timestamp), 3 in culture, one 3 days old.
  for (let i = 0; i < 60; i++) {
    await createArticle(db, {
      category: world.category,
      slug: `world-${i}`,
      publishedAt: new Date(now - (Math.floor(i / 2) + 1) * HOUR),
      updatedAt: new Date(now - (Math.floor(i / 2) + 1) * HOUR),
      authors: i % 2 === 0 ? [author] : [],
      tags: i < 5 ? [tag] : [],
    });
  }
  for (let i = 0; i < 3; i++) {
    await createArticle(db, { category: culture.category, slug: `culture-${i}` });
  }
  await createArticle(db, {
    category: culture.category,
    slug: "old-news",
    publishedAt: new Date(now - 72 * HOUR),
  });
  hidden.push(
    await createArticle(db, {
      category: world.category,
      slug: "hidden-draft",
      status: "draft",
      publishedAt: null,
      authors: [author],
      tags: [tag],
    }),
    await createArticle(db, {
      category: world.category,
      slug: "hidden-scheduled",
      status: "published",
      publishedAt: new Date(now + HOUR),
      authors: [author],
      tags: [tag],
    }),
  );
  await createPage(db, "about", [{ type: "paragraph", text: "Hi." }]);
});

const hiddenSlugs = () => hidden.map((article) => article.slug);

describe("GET /api/feeds", () => {
  it("gives the site's 50 newest articles with the site's description", async () => {
    const { status, body } = await apiJson<FeedResponse>("/api/feeds");
    expect(status).toBe(200);
    expect(body.subject).toEqual({ kind: "site" });
    expect(body.articles).toHaveLength(FEED_SIZE);
    expect(body.updatedAt).toBe(
      body.articles
        .map((a) => a.updatedAt)
        .sort()
        .at(-1),
    );
    expect(body.articles[0]?.updatedAt).toMatch(/Z$/);
    expect(body.articles.map((a) => a.slug)).not.toEqual(expect.arrayContaining(hiddenSlugs()));
    // The whole body, through the body gate, for the feed's content:encoded.
    expect(body.articles.every((a) => a.body?.[0]?.type === "paragraph")).toBe(true);
  });

  it.each([
    ["section=world", { kind: "section", slug: "world" }, 50],
    ["section=culture", { kind: "section", slug: "culture" }, 4],
    ["author=ada-quinlan", { kind: "author", slug: "ada-quinlan" }, 30],
    ["tag=trade", { kind: "tag", slug: "trade" }, 5],
  ])("filters by %s", async (query, subject, count) => {
    const { status, body } = await apiJson<FeedResponse>(`/api/feeds?${query}`);
    expect(status).toBe(200);
    expect(body.subject).toMatchObject(subject);
    // Only what the contract names: no row ids or positions.
    expect(Object.keys(body.subject).sort()).toEqual(
      subject.kind === "author"
        ? ["kind", "name", "slug", "title"]
        : ["description", "kind", "name", "slug"],
    );
    expect(body.articles).toHaveLength(count);
    expect(body.articles.map((a) => a.slug)).not.toEqual(expect.arrayContaining(hiddenSlugs()));
  });

  it("answers 404 for an unknown slug, 400 for two filters or a malformed one", async () => {
    expect((await apiJson<ApiErrorBody>("/api/feeds?section=nowhere")).status).toBe(404);
    expect((await apiJson<ApiErrorBody>("/api/feeds?tag=nothing")).status).toBe(404);
    const two = await apiJson<ApiErrorBody>("/api/feeds?section=world&tag=trade");
    expect(two.status).toBe(400);
    expect(two.body.error.code).toBe("invalid_request");
    expect((await apiJson<ApiErrorBody>("/api/feeds?section=%3Cscript%3E")).status).toBe(400);
    expect((await apiJson<ApiErrorBody>("/api/feeds?format=rss")).status).toBe(400);
  });
});

describe("sitemaps", () => {
  it("indexes article pages and every listing with its newest change", async () => {
    const { status, body } = await apiJson<SitemapIndexResponse>("/api/sitemap");
    expect(status).toBe(200);
    expect(body.articlePages).toBe(1);
    expect(body.sections.map((row) => row.slug)).toEqual(
      expect.arrayContaining(["world", "culture"]),
    );
    expect(body.categories).toContainEqual({
      section: "world",
      slug: "empty-category",
      updatedAt: null,
    });
    expect(body.authors.map((row) => row.slug)).toContain("ada-quinlan");
    expect(body.tags.map((row) => row.slug)).toContain("trade");
    expect(body.pages.map((row) => row.slug)).toContain("about");
    expect(body.siteUpdatedAt).toMatch(/Z$/);
    const world = body.sections.find((row) => row.slug === "world");
    expect(world?.updatedAt).toBe(new Date(now - HOUR).toISOString());
  });

  it("lists visible articles by id, and 404s past the end", async () => {
    const { status, body } = await apiJson<SitemapArticlesResponse>("/api/sitemap/articles/1");
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.articles).toHaveLength(64);
    expect(body.articles[0]).toMatchObject({ section: "world", slug: "world-0" });
    expect(body.articles[0]?.category).toMatch(/^[a-z0-9-]+$/);
    const slugs = body.articles.map((a) => a.slug);
    for (const slug of hiddenSlugs()) expect(slugs).not.toContain(slug);
    expect(SITEMAP_PAGE_SIZE).toBe(1000);
    for (const page of ["2", "0", "-1", "abc", "1.5", "99999999999"]) {
      const past = await apiJson<ApiErrorBody>(`/api/sitemap/articles/${page}`);
      expect(past.status).toBe(404);
      expect(past.body.error.code).toBe("not_found");
    }
  });

  it("lists the last 48 hours in the news sitemap, newest first", async () => {
    const { status, body } = await apiJson<NewsSitemapResponse>("/api/sitemap/news");
    expect(status).toBe(200);
    const slugs = body.articles.map((a) => a.slug);
    expect(slugs).not.toContain("old-news");
    expect(slugs).not.toEqual(expect.arrayContaining(hiddenSlugs()));
    expect(slugs).toHaveLength(63);
    expect(body.articles[0]?.headline).toBeTruthy();
  });
});
