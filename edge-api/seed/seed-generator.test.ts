import { describe, expect, it } from "vitest";
import { bodyWordCount, parseStoredBody } from "../src/domain/body-blocks.ts";
import { editionPublishedAt } from "../src/domain/edition-schedule.ts";
import { addDays, dateInTimeZone, dayOfWeek } from "../src/domain/publication-dates.ts";
import { checkSectionSlug } from "../src/domain/section-slugs.ts";
import { collectSeed } from "./seed-collect.ts";
import { SPREAD_DAYS } from "./seed-generator.ts";
import { leadsWithPhoto, SEED_PHOTO_COUNT, seedPhotoSvg, seedPhotos } from "./seed-photos.ts";
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

  it("publishes at least 600 articles over 100 days, and keeps drafts and scheduled apart", () => {
    const ahead = (a: (typeof data.articles)[number]) => (a.publishedAt?.getTime() ?? 0) > anchor;
    const published = data.articles.filter((a) => a.status === "published" && !ahead(a));
    expect(published.length).toBeGreaterThanOrEqual(600);
    expect(data.articles.filter((a) => a.status === "draft").length).toBeGreaterThan(0);
    // Scheduled: published with the time still ahead.
    const scheduled = data.articles.filter((a) => a.status === "published" && ahead(a));
    expect(scheduled.length).toBeGreaterThan(0);
    for (const article of scheduled) {
      expect(article.publishedAt?.getTime()).toBeGreaterThan(anchor + 86_400_000);
    }
    const spreadStart = anchor - SPREAD_DAYS * 86_400_000;
    const images = new Map(data.images.map((i) => [i.id, i]));
    const photoIds = new Set(data.media.map((m) => m.id));
    expect(photoIds.size).toBe(SEED_PHOTO_COUNT);
    expect(data.media.every((m) => m.r2Key === `originals/${m.id}` && m.alt !== "")).toBe(true);
    for (const article of published) {
      const at = article.publishedAt?.getTime() ?? 0;
      expect(at).toBeLessThan(anchor);
      expect(at).toBeGreaterThanOrEqual(spreadStart);
      const body = parseStoredBody(article.body ?? "[]");
      expect(JSON.stringify(body)).toBe(article.body);
      const words = bodyWordCount(body);
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(1500);
      const kinds = body.map((b) => b.type);
      expect(kinds.filter((k) => k === "heading").length).toBeGreaterThanOrEqual(1);
      expect(kinds.filter((k) => k === "heading").length).toBeLessThanOrEqual(3);
      expect(kinds).toContain("pullquote");
      // A demo photograph, or (about one story in seven) a drawn illustration; never both.
      if (leadsWithPhoto(article.id ?? 0)) {
        expect(article.leadImageId).toBeNull();
        expect(photoIds.has(article.leadMediaId ?? "")).toBe(true);
      } else {
        expect(article.leadMediaId).toBeNull();
        const lead = images.get(article.leadImageId ?? 0);
        expect(lead?.kind).toBe("lead");
        expect(lead?.alt && lead.caption && lead.credit).toBeTruthy();
      }
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

  it("prints an edition every Monday to Saturday of the last 90 days, from articles already out", () => {
    // 22 November 2026 is a Sunday: no paper that day.
    const expected: string[] = [];
    for (let back = 89; back >= 0; back--) {
      const date = addDays(today, -back);
      if (dayOfWeek(date) !== 0) expected.push(date);
    }
    expect(data.printEditions.map((e) => e.date)).toEqual(expected);
    expect(expected).toHaveLength(77);
    const articles = new Map(data.articles.map((a) => [a.id, a]));
    const sectionSlugs = new Map(data.sections.map((s) => [s.id, s.slug]));
    const pages = new Map(data.printPages.map((p) => [p.id, p]));
    const editions = new Map(data.printEditions.map((e) => [e.id, e]));
    expect(new Set(data.printPages.map((p) => `${p.book} ${p.bookName}`))).toEqual(
      new Set(["A News", "B Business", "C Culture", "D Sport"]),
    );
    for (const edition of data.printEditions) {
      const editionPages = data.printPages.filter((p) => p.editionId === edition.id);
      for (const book of ["A", "B", "C", "D"]) {
        const numbers = editionPages.filter((p) => p.book === book).map((p) => p.number);
        expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      }
      const pageIds = new Set(editionPages.map((p) => p.id));
      const placed = data.printPlacements.filter((p) => pageIds.has(p.pageId));
      expect(placed.length).toBeGreaterThanOrEqual(20);
      expect(placed.length).toBeLessThanOrEqual(40);
      expect(new Set(placed.map((p) => p.articleId)).size).toBe(placed.length);
      const front = editionPages.find((p) => p.book === "A" && p.number === 1);
      expect(placed.filter((p) => p.pageId === front?.id)).toHaveLength(6);
      for (const page of editionPages) {
        const onPage = placed.filter((p) => p.pageId === page.id);
        expect(onPage.filter((p) => p.isLead).map((p) => p.order)).toEqual([1]);
        expect(onPage.every((p) => p.editionId === edition.id)).toBe(true);
      }
    }
    const goesToPress = (date: string) =>
      editionPublishedAt(date, { timeZone: "Europe/London", publishHour: 5 }).getTime();
    const ownSection = { B: "business", C: "culture", D: "sport" } as Record<string, string>;
    let inOwnSection = 0;
    let inBooksBToD = 0;
    for (const placement of data.printPlacements) {
      const page = pages.get(placement.pageId);
      const edition = editions.get(page?.editionId ?? 0);
      const article = articles.get(placement.articleId);
      expect(article?.status).toBe("published");
      const publishedAt = article?.publishedAt ?? new Date(0);
      expect(publishedAt.getTime()).toBeLessThan(goesToPress(edition?.date ?? ""));
      expect(dateInTimeZone(publishedAt, "Europe/London") <= (edition?.date ?? "")).toBe(true);
      expect(placement.printHeadline).not.toBe(article?.headline);
      expect(placement.printHeadline.length).toBeLessThan(article?.headline?.length ?? 0);
      const own = ownSection[page?.book ?? ""];
      if (own) {
        inBooksBToD++;
        if (sectionSlugs.get(article?.sectionId ?? 0) === own) inOwnSection++;
      }
    }
    // Books prefer their own sections.
    expect(inOwnSection / inBooksBToD).toBeGreaterThan(0.9);
  });

  it("keeps every statement under D1's size limit", () => {
    const sql = seedToSql({ today, articles: 60 });
    for (const statement of sql.split(";\n")) expect(statement.length).toBeLessThan(100_000);
  });
  it("draws distinct demo photographs with stable ids that the media library accepts", () => {
    const ids = seedPhotos.map((photo) => photo.id);
    expect(new Set(ids).size).toBe(SEED_PHOTO_COUNT);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    const drawings = seedPhotos.map(seedPhotoSvg);
    expect(new Set(drawings).size).toBe(SEED_PHOTO_COUNT);
    for (const svg of drawings) {
      expect(svg.startsWith("<svg ")).toBe(true);
      expect(svg).not.toMatch(/<script|NaN|undefined/);
    }
    for (const photo of seedPhotos) {
      expect(photo.focal.x).toBeGreaterThanOrEqual(0);
      expect(photo.focal.x).toBeLessThanOrEqual(1);
    }
  });
});
