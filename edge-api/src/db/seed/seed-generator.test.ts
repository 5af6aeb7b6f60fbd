import { describe, expect, it } from "vitest";
import { bodyWordCount, parseStoredBody } from "../../domain/body-blocks.ts";
import { checkSectionSlug } from "../../domain/reserved-slugs.ts";
import { collectSeed } from "./seed-generator.ts";
import { seedToSql } from "./seed-sql.ts";

const today = "2026-11-22";
const anchor = Date.parse("2026-11-22T00:00:00Z"); // midnight in London in winter
const data = collectSeed({ today });

describe("generateSeed", () => {
  it("is deterministic for the same date, size and seed", () => {
    const small = { today, articles: 40 };
    expect(seedToSql(small)).toBe(seedToSql(small));
    expect(seedToSql({ ...small, seed: 7 })).not.toBe(seedToSql(small));
    expect(seedToSql({ ...small, today: "2026-11-23" })).not.toBe(seedToSql(small));
  });

  it("writes a publication at demo scale", () => {
    expect(data.sections.map((s) => s.slug)).toEqual([
      "world",
      "politics",
      "business",
      "technology",
      "science",
      "culture",
      "sport",
      "opinion",
    ]);
    expect(data.sections.every((s) => checkSectionSlug(s.slug) === null && s.description)).toBe(
      true,
    );
    for (const section of data.sections) {
      const categories = data.categories.filter((c) => c.sectionId === section.id);
      expect(categories.length).toBeGreaterThanOrEqual(3);
      expect(categories.length).toBeLessThanOrEqual(6);
      expect(categories.every((c) => c.description)).toBe(true);
    }
    expect(data.authors).toHaveLength(25);
    expect(new Set(data.authors.map((a) => a.slug)).size).toBe(25);
    for (const author of data.authors) {
      expect(author.title).toBeTruthy();
      expect(author.bio?.split(". ").length).toBeGreaterThanOrEqual(2);
      const portrait = data.images.find((i) => i.id === author.portraitImageId);
      expect(portrait?.kind).toBe("portrait");
    }
    expect(data.tags).toHaveLength(80);
    expect(new Set(data.tags.map((t) => t.slug)).size).toBe(80);
    expect(data.tags.every((t) => t.description)).toBe(true);
    expect(data.pages.map((p) => p.slug).sort()).toEqual(
      ["about", "contact", "corrections", "privacy", "terms"].sort(),
    );
    expect(new Set(data.articles.map((a) => a.slug)).size).toBe(data.articles.length);
  });

  it("publishes at least 600 articles over 90 days, and keeps drafts and scheduled apart", () => {
    const published = data.articles.filter((a) => a.status === "published");
    expect(published.length).toBeGreaterThanOrEqual(600);
    expect(data.articles.filter((a) => a.status === "draft").length).toBeGreaterThan(0);
    const scheduled = data.articles.filter((a) => a.status === "scheduled");
    expect(scheduled.length).toBeGreaterThan(0);
    for (const article of scheduled) {
      expect(article.publishedAt?.getTime()).toBeGreaterThan(anchor + 86_400_000);
    }
    const ninetyDaysAgo = anchor - 90 * 86_400_000;
    const images = new Map(data.images.map((i) => [i.id, i]));
    for (const article of published) {
      const at = article.publishedAt?.getTime() ?? 0;
      expect(at).toBeLessThan(anchor);
      expect(at).toBeGreaterThanOrEqual(ninetyDaysAgo);
      const body = parseStoredBody(article.body ?? "[]");
      expect(JSON.stringify(body)).toBe(article.body);
      const words = bodyWordCount(body);
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(1500);
      const kinds = body.map((b) => b.type);
      expect(kinds.filter((k) => k === "heading").length).toBeGreaterThanOrEqual(1);
      expect(kinds.filter((k) => k === "heading").length).toBeLessThanOrEqual(3);
      expect(kinds).toContain("pullquote");
      const lead = images.get(article.leadImageId ?? 0);
      expect(lead?.kind).toBe("lead");
      expect(lead?.alt && lead.caption && lead.credit).toBeTruthy();
      const authors = data.articleAuthors.filter((a) => a.articleId === article.id);
      expect(authors.length).toBeGreaterThanOrEqual(1);
      expect(authors.length).toBeLessThanOrEqual(2);
      const tags = data.articleTags.filter((t) => t.articleId === article.id);
      expect(tags.length).toBeGreaterThanOrEqual(2);
      expect(tags.length).toBeLessThanOrEqual(5);
    }
    const kinds = new Set(
      published.flatMap((a) => parseStoredBody(a.body ?? "[]")).map((b) => b.type),
    );
    expect(kinds).toEqual(new Set(["paragraph", "heading", "pullquote", "quote", "list", "image"]));
  });

  it("prints seven editions of two books with only articles already out", () => {
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
    expect(new Set(data.printPages.map((p) => p.bookName))).toEqual(new Set(["News", "Business"]));
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

  it("keeps every statement under D1's size limit", () => {
    const sql = seedToSql({ today, articles: 60 });
    for (const statement of sql.split(";\n")) expect(statement.length).toBeLessThan(100_000);
  });
});
