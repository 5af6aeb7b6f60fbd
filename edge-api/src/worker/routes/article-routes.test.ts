import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/database.ts";
import type { ArticleRow } from "../../db/schema.ts";
import type { ArticleResponse } from "../../contract/article-contract.ts";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import { apiJson } from "../../test/api-request.ts";
import {
  createArticle,
  createAuthor,
  createDesk,
  createEdition,
  createImage,
  createPrintPage,
  createTag,
  hoursAgo,
  placeArticle,
} from "../../test/factories.ts";

const db = createDatabase(env.DB);
let published: ArticleRow;
let draft: ArticleRow;
let scheduled: ArticleRow;
let publishedInFuture: ArticleRow;

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "world", name: "World" });
  const author = await createAuthor(db, { slug: "maren-holt", name: "Maren Holt" });
  const second = await createAuthor(db, { slug: "idris-calloway", name: "Idris Calloway" });
  const tag = await createTag(db, { slug: "climate", name: "Climate" });
  published = await createArticle(db, {
    category,
    slug: "harbour-deal",
    headline: "Harbour deal agreed",
    publishedAt: hoursAgo(30),
    authors: [second, author],
    tags: [tag],
    body: [
      { type: "paragraph", text: "First." },
      { type: "quote", text: "Said.", attribution: "Someone" },
    ],
  });
  draft = await createArticle(db, { category, status: "draft", publishedAt: null });
  scheduled = await createArticle(db, {
    category,
    status: "published",
    publishedAt: hoursAgo(-48),
  });
  publishedInFuture = await createArticle(db, { category, publishedAt: hoursAgo(-1) });
  const older = await createEdition(db, "2020-01-01");
  const newer = await createEdition(db, "2020-01-02");
  const unpublishedEdition = await createEdition(db, "2999-01-01");
  await placeArticle(db, await createPrintPage(db, older, "A", 1), published, 1);
  await placeArticle(db, await createPrintPage(db, newer, "B", 3), published, 2);
  await placeArticle(db, await createPrintPage(db, unpublishedEdition, "A", 1), published, 1);
});

describe("related articles", () => {
  it("prefers shared tags, tops up from the category, lists newest first, hides drafts", async () => {
    const { category } = await createDesk(db);
    const other = await createDesk(db);
    const [a, b, c] = [await createTag(db), await createTag(db), await createTag(db)];
    const lead = await createImage(db);
    const subject = await createArticle(db, { category, slug: "subject", tags: [a, b, c] });
    await createArticle(db, {
      category: other.category,
      slug: "shares-three",
      tags: [a, b, c],
      publishedAt: hoursAgo(90),
      leadImageId: lead.id,
    });
    await createArticle(db, {
      category: other.category,
      slug: "shares-two",
      tags: [a, b],
      publishedAt: hoursAgo(80),
    });
    await createArticle(db, { category: other.category, slug: "shares-one", tags: [c] });
    await createArticle(db, {
      category: other.category,
      slug: "draft-shares-all",
      tags: [a, b, c],
      status: "draft",
      publishedAt: null,
    });
    await createArticle(db, { category, slug: "same-category", publishedAt: hoursAgo(2) });
    await createArticle(db, { category, slug: "older-same-category", publishedAt: hoursAgo(200) });
    const { body } = await apiJson<ArticleResponse>(`/api/articles/${subject.slug}`);
    expect(body.article.related.map((r) => r.slug)).toEqual([
      "shares-one",
      "same-category",
      "shares-two",
      "shares-three",
    ]);
    expect(body.article.related[3]?.image).toMatchObject({
      src: `/images/${lead.id}.svg`,
      alt: "An abstract picture",
    });
  });

  it("falls back to the category when nothing shares a tag, and never lists itself", async () => {
    const { category } = await createDesk(db);
    const alone = await createArticle(db, { category, slug: "alone" });
    const { body } = await apiJson<ArticleResponse>(`/api/articles/${alone.slug}`);
    expect(body.article.related).toEqual([]);
    await createArticle(db, { category, slug: "neighbour" });
    const again = await apiJson<ArticleResponse>(`/api/articles/${alone.slug}`);
    expect(again.body.article.related.map((r) => r.slug)).toEqual(["neighbour"]);
  });
});

describe("GET /api/articles/:slug", () => {
  it("serves a published article with authors in byline order, tags, body and print", async () => {
    const { status, body } = await apiJson<ArticleResponse>("/api/articles/harbour-deal");
    expect(status).toBe(200);
    expect(body.article).toMatchObject({
      slug: "harbour-deal",
      headline: "Harbour deal agreed",
      section: { slug: "world", name: "World" },
      authors: [
        { slug: "idris-calloway", name: "Idris Calloway" },
        { slug: "maren-holt", name: "Maren Holt" },
      ],
      tags: [{ slug: "climate", name: "Climate" }],
      body: [
        { type: "paragraph", text: "First." },
        { type: "quote", text: "Said.", attribution: "Someone" },
      ],
      print: { editionDate: "2020-01-02", page: "B3", book: "Business" },
      wordCount: 3,
      readingMinutes: 1,
      image: null,
    });
    expect(body.article).toMatchObject({ slug: "harbour-deal", section: { slug: "world" } });
    expect(body.article).not.toHaveProperty("path");
    expect(body.article.publishedAt).toBe(published.publishedAt?.toISOString());
  });

  it("shows print only from editions readers may see: never a planned one; one published now before its date", async () => {
    const { category } = await createDesk(db);
    const article = await createArticle(db, { category, slug: "print-visibility" });
    const planned = await createEdition(db, "2020-02-03", { status: "planned" });
    await placeArticle(db, await createPrintPage(db, planned, "A", 1), article, 1);
    const before = await apiJson<ArticleResponse>(`/api/articles/${article.slug}`);
    expect(before.body.article.print).toBeNull();
    // Tomorrow's paper, published at once by the desk: readers see it, and so its placements.
    const early = await createEdition(db, "2998-01-01", {
      status: "published",
      publishAt: hoursAgo(1),
    });
    await placeArticle(db, await createPrintPage(db, early, "B", 2), article, 1);
    const after = await apiJson<ArticleResponse>(`/api/articles/${article.slug}`);
    expect(after.body.article.print).toEqual({
      editionDate: "2998-01-01",
      page: "B2",
      book: "Business",
    });
  });

  it("gives print null for an article never placed", async () => {
    const { category } = await createDesk(db);
    const article = await createArticle(db, { category, slug: "web-only" });
    const { body } = await apiJson<ArticleResponse>(`/api/articles/${article.slug}`);
    expect(body.article.print).toBeNull();
  });

  it.each([
    ["an unknown slug", () => "no-such-article"],
    ["a draft", () => draft.slug],
    ["a scheduled article", () => scheduled.slug],
    ["a published article whose time has not come", () => publishedInFuture.slug],
    ["a malformed slug", () => "Not%20A%20Slug"],
    ["a path traversal", () => "..%2F..%2Fx"],
    ["a 10 KB slug", () => "a".repeat(10_240)],
  ])("answers 404 not_found for %s", async (_name, slug) => {
    const { status, body } = await apiJson<ApiErrorBody>(`/api/articles/${slug()}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
    expect(body.error.requestId).toBeTruthy();
  });

  it("refuses unknown query parameters", async () => {
    const { status, body } = await apiJson<ApiErrorBody>("/api/articles/harbour-deal?x=1");
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid_request");
  });
});
