import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArticleResponse } from "../src/contract/article-contract.ts";
import type {
  AuthorResponse,
  HomeResponse,
  SectionsResponse,
} from "../src/contract/listing-contract.ts";
import type { EditionCalendarResponse, EditionResponse } from "../src/contract/edition-contract.ts";
import type { SearchResponse } from "../src/contract/search-contract.ts";
import type {
  NewsSitemapResponse,
  SitemapArticlesResponse,
  SitemapIndexResponse,
} from "../src/contract/feed-and-sitemap-contract.ts";
import { newestPublishedDate } from "../src/domain/edition-schedule.ts";
import { dateInTimeZone, dayOfWeek } from "../src/domain/publication-dates.ts";
import { apiJson, apiRequest } from "../src/test/api-request.ts";
import { seedDatabase } from "../src/test/seed-database.ts";
import type { SeedData } from "./seed-data.ts";

// The one file that loads the full demo seed (about 650 articles) into D1.
let data: SeedData;
const today = dateInTimeZone(new Date(), "Europe/London");

beforeAll(async () => {
  await seedDatabase(env.DB, { today, articles: 30 });
  // Seeding again must work: the seed clears what it wrote before.
  data = await seedDatabase(env.DB, { today });
});

/** What readers see: published, with its time come (a scheduled story is published ahead). */
function isVisible(article: {
  status?: string | undefined;
  publishedAt?: Date | null | undefined;
}): boolean {
  return article.status === "published" && (article.publishedAt?.getTime() ?? 0) <= Date.now();
}

describe("the API over the generated seed", () => {
  it("serves the home page, sections and articles, and hides drafts and scheduled", async () => {
    const home = await apiJson<HomeResponse>("/api/home");
    // The demo's stories lead with photographs: the JPEG fallback of the wide crop.
    expect(home.body.lead?.image?.src).toMatch(
      /^\/images\/media\/[0-9a-f]{32}\/wide-\d+\.jpg\?v=1$/,
    );
    expect(home.body.lead?.image?.media?.use).toBe("wide");
    const sections = await apiJson<SectionsResponse>("/api/sections");
    expect(sections.body.sections).toHaveLength(8);
    const hidden = data.articles.filter((a) => !isVisible(a));
    const sample = [...hidden, ...data.articles.filter(isVisible).slice(-20)];
    for (const article of sample) {
      const { status, body } = await apiJson<ArticleResponse>(`/api/articles/${article.slug}`);
      expect(status).toBe(isVisible(article) ? 200 : 404);
      if (status === 200) {
        expect(body.article.wordCount).toBeGreaterThanOrEqual(400);
        expect(body.article.related.length).toBe(4);
      }
    }
  });

  it("serves authors with portraits that render", async () => {
    const author = data.authors[0];
    const { body } = await apiJson<AuthorResponse>(`/api/authors/${author?.slug}`);
    const image = await apiRequest(body.author.portrait.src);
    expect(image.status).toBe(200);
    expect(await image.text()).toContain("<svg");
  });

  it("serves the newest edition, a month's calendar and print refs that point back", async () => {
    const newest = newestPublishedDate(new Date(), { timeZone: "Europe/London", publishHour: 5 });
    const latest = await apiJson<EditionResponse>(`/api/editions/latest?onOrBefore=${today}`);
    expect(latest.body.edition.date <= newest).toBe(true);
    expect(dayOfWeek(latest.body.edition.date)).not.toBe(0);
    expect(latest.body.edition.pages.map((p) => p.label)).toContain("D1");
    expect(latest.body.edition.pages[0]?.placements[0]?.article.image?.src).toMatch(
      /^\/images\/(\d+\.svg|media\/[0-9a-f]{32}\/wide-\d+\.jpg\?v=1)$/,
    );
    const calendar = await apiJson<EditionCalendarResponse>(
      `/api/editions/calendar?month=${latest.body.edition.date.slice(0, 7)}`,
    );
    expect(calendar.body.dates).toContain(latest.body.edition.date);
    // The newest edition's articles were last printed there.
    const placed = latest.body.edition.pages[1]?.placements[0];
    const article = await apiJson<ArticleResponse>(`/api/articles/${placed?.article.slug}`);
    expect(article.body.article.print).toEqual({
      editionDate: latest.body.edition.date,
      page: latest.body.edition.pages[1]?.label,
      book: "News",
    });
  });

  it("searches the seed and pages through the results without repeats", async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const { status, body } = await apiJson<SearchResponse>(`/api/search?q=harbour${query}`);
      expect(status).toBe(200);
      for (const result of body.results) {
        expect(seen.has(result.article.slug)).toBe(false);
        seen.add(result.article.slug);
      }
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen.size).toBeGreaterThan(10);
    const hidden = new Set(data.articles.filter((a) => !isVisible(a)).map((a) => a.slug));
    expect([...seen].some((slug) => hidden.has(slug))).toBe(false);
  });

  it("lists every visible article in the sitemap, and recent ones in the news sitemap", async () => {
    const index = await apiJson<SitemapIndexResponse>("/api/sitemap");
    expect(index.body.articlePages).toBe(1);
    const page = await apiJson<SitemapArticlesResponse>("/api/sitemap/articles/1");
    const published = data.articles.filter(isVisible);
    expect(page.body.articles).toHaveLength(published.length);
    const news = await apiJson<NewsSitemapResponse>("/api/sitemap/news");
    expect(news.body.articles.length).toBeGreaterThan(0);
  });
});
