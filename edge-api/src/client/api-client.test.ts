import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../db/database.ts";
import { addDays, dateInTimeZone } from "../domain/publication-dates.ts";
import {
  createArticle,
  createAuthor,
  createDesk,
  createEdition,
  createPage,
  createPrintPage,
  createTag,
  placeArticle,
} from "../test/factories.ts";
import app from "../worker/api-worker.ts";
import { createApiClient } from "./api-client.ts";

const db = createDatabase(env.DB);
const seen: Request[] = [];
const client = createApiClient(
  {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      seen.push(request.clone());
      return app.fetch(request, env);
    },
  },
  "client-req-1",
);
const yesterday = addDays(dateInTimeZone(new Date(), "Europe/London"), -1);

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "world", name: "World" });
  const author = await createAuthor(db, { slug: "maren-holt" });
  const tag = await createTag(db, { slug: "trade" });
  const article = await createArticle(db, {
    category,
    slug: "story",
    authors: [author],
    tags: [tag],
  });
  await createPage(db, "about", [{ type: "paragraph", text: "Hi." }]);
  const edition = await createEdition(db, yesterday);
  await placeArticle(db, await createPrintPage(db, edition, "A", 1), article, 1);
});

describe("createApiClient", () => {
  it("reaches every endpoint through the binding and returns typed data", async () => {
    const sections = await client.sections();
    expect(sections.ok && sections.data.sections[0]?.slug).toBe("world");
    const home = await client.home();
    expect(home.ok && home.data.lead?.slug).toBe("story");
    const section = await client.section("world");
    expect(section.ok && section.data.articles).toHaveLength(1);
    const category = section.ok ? (section.data.section.categories[0]?.slug ?? "") : "";
    expect((await client.category("world", category)).ok).toBe(true);
    const article = await client.article("story");
    expect(article.ok && article.data.article.print).toEqual({
      editionDate: yesterday,
      page: "A1",
      book: "News",
    });
    expect((await client.author("maren-holt")).ok).toBe(true);
    expect((await client.tag("trade")).ok).toBe(true);
    expect((await client.page("about")).ok).toBe(true);
    expect((await client.edition(yesterday)).ok).toBe(true);
    const latest = await client.latestEdition(addDays(yesterday, 3));
    expect(latest.ok && latest.data.edition.date).toBe(yesterday);
    const found = await client.search("headline");
    expect(found.ok && found.data.results[0]?.article.slug).toBe("story");
    expect(found.ok && found.data.nextCursor).toBeNull();
    const feed = await client.feed({ section: "world" });
    expect(feed.ok && feed.data.articles[0]?.slug).toBe("story");
    expect((await client.feed()).ok).toBe(true);
    const index = await client.sitemapIndex();
    expect(index.ok && index.data.articlePages).toBe(1);
    const articles = await client.sitemapArticles(1);
    expect(articles.ok && articles.data.articles).toHaveLength(1);
    expect(await client.sitemapArticles(2)).toEqual({ ok: false, status: 404, code: "not_found" });
    const news = await client.newsSitemap();
    expect(news.ok && news.data.articles).toHaveLength(1);
  });

  it("passes the request id and encodes path segments", async () => {
    seen.length = 0;
    const result = await client.article("../../admin");
    expect(result).toEqual({ ok: false, status: 404, code: "not_found" });
    expect(seen[0]?.url).toBe("https://edge-api.internal/api/articles/..%2F..%2Fadmin");
    expect(seen[0]?.headers.get("x-request-id")).toBe("client-req-1");
  });

  it("reports error codes", async () => {
    expect(await client.section("world", "garbage")).toEqual({
      ok: false,
      status: 400,
      code: "invalid_cursor",
    });
    expect(await client.search("x", "garbage")).toEqual({
      ok: false,
      status: 400,
      code: "invalid_cursor",
    });
    expect(await client.edition("2026-02-30")).toEqual({
      ok: false,
      status: 404,
      code: "not_found",
    });
  });
});
