import { env } from "cloudflare:workers";
import { fillPlaceholders } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createArticle, createDesk, createTag, hoursAgo } from "../test/factories.ts";
import { articleSlugHistory } from "./account-schema.ts";
import { articlePageQueries, articlePageValues } from "./article-page-queries.ts";
import { articleAtSlugQueries } from "./article-queries.ts";
import { cardRefQueries, loadCardRefs, tagsOfArticleQuery } from "./article-ref-queries.ts";
import { createDatabase } from "./database.ts";
import { runPrepared } from "./prepared-batch.ts";
import { relatedQueries } from "./related-queries.ts";

const db = createDatabase(env.DB);
const schedule = { publishHour: 5, timeZone: "Europe/London" };
const fullScan = /^SCAN (articles|article_authors|article_tags|article_corrections|live_updates)\b/;

describe("an article page's statements, built once and sent in one batch", () => {
  let first = { id: 0, slug: "" };
  let second = { id: 0, slug: "" };
  let tagId = 0;

  beforeAll(async () => {
    const { category } = await createDesk(db);
    const tag = await createTag(db);
    tagId = tag.id;
    const a = await createArticle(db, { category, tags: [tag], publishedAt: hoursAgo(3) });
    const b = await createArticle(db, { category, tags: [tag], publishedAt: hoursAgo(2) });
    first = { id: a.id, slug: a.slug };
    second = { id: b.id, slug: b.slug };
  });

  it("walks an index in every statement (no pass over a table of articles or links)", async () => {
    const values = articlePageValues(first.slug, new Date(), schedule);
    for (const query of articlePageQueries(db)) {
      const built = query.getQuery();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
        .bind(...fillPlaceholders(built.params, values))
        .all<{ detail: string }>();
      expect(results.map((row) => row.detail).filter((line) => fullScan.test(line))).toEqual([]);
    }
  });

  it("looks the cards' references up by key, whatever the number of ids", async () => {
    const values = {
      sectionIds: "[1,2,3]",
      categoryIds: "[1]",
      articleIds: `[${first.id},${second.id}]`,
      imageIds: "[]",
      mediaIds: '["a","b"]',
    };
    for (const query of cardRefQueries(db)) {
      const built = query.getQuery();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
        .bind(...fillPlaceholders(built.params, values))
        .all<{ detail: string }>();
      const plan = results.map((row) => row.detail);
      expect(plan.filter((line) => /^SCAN (?!json_each)/.test(line))).toEqual([]);
    }
    const [article] = await runPrepared(
      db,
      articlePageQueries(db),
      articlePageValues(first.slug, new Date(), schedule),
    );
    const refs = await loadCardRefs(db, article);
    expect([...refs.sections.keys()]).toEqual(article.map((row) => row.sectionId));
    expect([...refs.categories.keys()]).toEqual(article.map((row) => row.categoryId));
  });

  it("answers what the same statements built per request answer", async () => {
    const now = new Date();
    const [current, old, tags, , , , , byTags, newestOfCategory] = await runPrepared(
      db,
      articlePageQueries(db),
      articlePageValues(first.slug, now, schedule),
    );
    const [expectedCurrent, expectedOld] = await db.batch(articleAtSlugQueries(db, first.slug));
    const [expectedByTags, expectedNewest] = await db.batch(
      relatedQueries(db, { id: first.id, categoryId: expectedCurrent[0]?.categoryId ?? 0 }, now),
    );
    expect(current).toEqual(expectedCurrent);
    expect(old).toEqual(expectedOld);
    expect(tags).toEqual(await tagsOfArticleQuery(db, first.id));
    expect(tags.map((tag) => tag.id)).toEqual([tagId]);
    expect(byTags).toEqual(expectedByTags);
    expect(byTags.map((row) => row.id)).toEqual([second.id]);
    expect(newestOfCategory).toEqual(expectedNewest);
  });

  it("is built once per database and bound anew for each request", async () => {
    expect(articlePageQueries(db)).toBe(articlePageQueries(db));
    const now = new Date();
    const [a] = await runPrepared(
      db,
      articlePageQueries(db),
      articlePageValues(first.slug, now, schedule),
    );
    const [b] = await runPrepared(
      db,
      articlePageQueries(db),
      articlePageValues(second.slug, now, schedule),
    );
    expect(a.map((row) => row.id)).toEqual([first.id]);
    expect(b.map((row) => row.id)).toEqual([second.id]);
  });

  it("finds the article under a former slug, and its tags through it", async () => {
    await db
      .insert(articleSlugHistory)
      .values({ slug: "a-former-slug", articleId: second.id, createdAt: new Date() });
    const [current, old, tags] = await runPrepared(
      db,
      articlePageQueries(db),
      articlePageValues("a-former-slug", new Date(), schedule),
    );
    expect(current).toEqual([]);
    expect(old.map((row) => row.id)).toEqual([second.id]);
    expect(tags.map((tag) => tag.id)).toEqual([tagId]);
  });

  it("finds nothing for a slug nobody has had", async () => {
    const rows = await runPrepared(
      db,
      articlePageQueries(db),
      articlePageValues("nobody-had-this", new Date(), schedule),
    );
    expect(rows.every((result) => result.length === 0)).toBe(true);
  });
});
