import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase } from "../../db/database.ts";
import { articles, pages, sections } from "../../db/schema.ts";
import type { ContentVersionResponse } from "../../contract/content-contract.ts";
import { apiJson, apiRequest } from "../../test/api-request.ts";
import {
  HOUR,
  createArticle,
  createDesk,
  createEdition,
  createPage,
  hoursAgo,
} from "../../test/factories.ts";

const db = createDatabase(env.DB);
let desk: Awaited<ReturnType<typeof createDesk>>;

async function version(): Promise<string> {
  const { status, body } = await apiJson<ContentVersionResponse>("/api/content-version");
  expect(status).toBe(200);
  return body.version;
}

beforeAll(async () => {
  desk = await createDesk(db, { slug: "world", name: "World", position: 1 });
  await createArticle(db, { category: desk.category, slug: "old-news", publishedAt: hoursAgo(5) });
  await createPage(db, "about", [{ type: "paragraph", text: "Us." }]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/content-version", () => {
  it("is never cached and stays the same while nothing changes", async () => {
    const response = await apiRequest("/api/content-version");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await version()).toBe(await version());
  });

  it("moves on publishing, editing, unpublishing and deleting an article", async () => {
    const seen = new Set([await version()]);
    const article = await createArticle(db, { category: desk.category, slug: "fresh" });
    seen.add(await version());
    await db.update(articles).set({ headline: "Corrected" }).where(eq(articles.id, article.id));
    seen.add(await version());
    await db.update(articles).set({ status: "draft" }).where(eq(articles.id, article.id));
    seen.add(await version());
    await db.delete(articles).where(eq(articles.id, article.id));
    seen.add(await version());
    expect(seen.size).toBe(5);
  });

  it("moves when a page, a section or an edition changes", async () => {
    const before = await version();
    await db.update(pages).set({ title: "About us" }).where(eq(pages.slug, "about"));
    const afterPage = await version();
    await db.update(sections).set({ name: "The World" }).where(eq(sections.slug, "world"));
    const afterSection = await version();
    await createEdition(db, "2026-01-05");
    const afterEdition = await version();
    expect(new Set([before, afterPage, afterSection, afterEdition]).size).toBe(4);
  });

  it("moves when a scheduled article's time comes, without any write", async () => {
    const now = Date.now();
    await createArticle(db, {
      category: desk.category,
      slug: "embargoed",
      publishedAt: new Date(now + 2 * HOUR),
    });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now + HOUR);
    const beforeEmbargo = await version();
    expect(await version()).toBe(beforeEmbargo);
    vi.setSystemTime(now + 3 * HOUR);
    expect(await version()).not.toBe(beforeEmbargo);
  });

  it("refuses query parameters like every other endpoint", async () => {
    const response = await apiRequest("/api/content-version?x=1");
    expect(response.status).toBe(400);
  });
});
