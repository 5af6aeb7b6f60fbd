import { describe, expect, it } from "vitest";
import { bodyBlocksSchema } from "../../domain/body-blocks.ts";
import { checkSectionSlug } from "../../domain/reserved-slugs.ts";
import { generateSeed } from "./seed-generator.ts";
import { seedToSql } from "./seed-sql.ts";

const now = new Date("2026-11-22T10:30:00Z");

describe("generateSeed", () => {
  it("is deterministic for the same seed and clock", () => {
    expect(seedToSql(generateSeed({ now }))).toBe(seedToSql(generateSeed({ now })));
    expect(seedToSql(generateSeed({ now, seed: 7 }))).not.toBe(seedToSql(generateSeed({ now })));
  });

  it("writes the agreed amount of content", () => {
    const data = generateSeed({ now });
    expect(data.sections.map((s) => s.slug)).toEqual(["world", "politics", "business", "culture"]);
    expect(data.sections.every((s) => checkSectionSlug(s.slug) === null)).toBe(true);
    expect(data.authors).toHaveLength(6);
    expect(data.tags).toHaveLength(10);
    expect(data.pages.map((p) => p.slug)).toEqual(["about", "contact"]);
    const published = data.articles.filter((a) => a.status === "published");
    expect(published).toHaveLength(32);
    expect(data.articles.filter((a) => a.status === "draft")).toHaveLength(2);
    const scheduled = data.articles.filter((a) => a.status === "scheduled");
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.publishedAt?.getTime()).toBeGreaterThan(now.getTime());
    const fourteenDaysAgo = now.getTime() - 14 * 86_400_000;
    for (const article of published) {
      const at = article.publishedAt?.getTime() ?? 0;
      expect(at).toBeLessThanOrEqual(now.getTime());
      expect(at).toBeGreaterThan(fourteenDaysAgo);
      const body = bodyBlocksSchema.parse(JSON.parse(article.body ?? "[]"));
      expect(body.length).toBeGreaterThanOrEqual(5);
      expect(body.length).toBeLessThanOrEqual(8);
      expect(new Set(body.map((b) => b.type))).toEqual(
        new Set(["paragraph", "heading", "quote", "list"]),
      );
    }
    expect(new Set(data.articles.map((a) => a.slug)).size).toBe(data.articles.length);
  });

  it("prints seven editions of two books with only articles already out", () => {
    const data = generateSeed({ now });
    expect(data.printEditions.map((e) => e.date)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    const articles = new Map(data.articles.map((a) => [a.id, a]));
    const pages = new Map(data.printPages.map((p) => [p.id, p]));
    const editions = new Map(data.printEditions.map((e) => [e.id, e]));
    expect(data.printPages).toHaveLength(7 * 4);
    for (const placement of data.printPlacements) {
      const page = pages.get(placement.pageId);
      const edition = editions.get(page?.editionId ?? 0);
      const article = articles.get(placement.articleId);
      expect(article?.status).toBe("published");
      expect(article?.publishedAt?.getTime()).toBeLessThan(edition?.publishedAt.getTime() ?? 0);
      expect(placement.printHeadline).not.toBe(article?.headline);
    }
    for (const page of data.printPages) {
      const count = data.printPlacements.filter((p) => p.pageId === page.id).length;
      expect(count).toBeGreaterThanOrEqual(2);
      expect(count).toBeLessThanOrEqual(3);
    }
  });
});
