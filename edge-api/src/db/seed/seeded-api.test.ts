import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type {
  ArticleResponse,
  EditionResponse,
  HomeResponse,
  SectionsResponse,
} from "../../domain/api-types.ts";
import { addDays, dateInTimeZone } from "../../domain/publication-dates.ts";
import { apiJson } from "../../test/api-request.ts";
import { seedDatabase } from "../../test/seed-database.ts";
import type { SeedData } from "./seed-data.ts";

let data: SeedData;
const now = new Date();

beforeAll(async () => {
  data = await seedDatabase(env.DB, now);
  // Seeding twice must work: the seed clears what it wrote before.
  data = await seedDatabase(env.DB, now);
});

describe("the API over the generated seed", () => {
  it("serves the home page, sections and every published article, and hides the rest", async () => {
    const home = await apiJson<HomeResponse>("/api/home");
    expect(home.body.lead).not.toBeNull();
    const sections = await apiJson<SectionsResponse>("/api/sections");
    expect(sections.body.sections).toHaveLength(4);
    for (const article of data.articles) {
      const { status } = await apiJson<ArticleResponse>(`/api/articles/${article.slug}`);
      expect(status).toBe(article.status === "published" ? 200 : 404);
    }
  });

  it("serves today's and yesterday's editions", async () => {
    const today = dateInTimeZone(now, "Europe/London");
    const latest = await apiJson<EditionResponse>(`/api/editions/latest?onOrBefore=${today}`);
    expect(latest.body.edition.date).toBe(today);
    const yesterday = await apiJson<EditionResponse>(`/api/editions/${addDays(today, -1)}`);
    expect(yesterday.status).toBe(200);
    expect(yesterday.body.edition.pages.map((p) => p.label)).toEqual(["A1", "A2", "B1", "B2"]);
    expect(yesterday.body.nextDate).toBe(today);
  });
});
