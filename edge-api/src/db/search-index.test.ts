import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryRow } from "./schema.ts";
import { articles } from "./schema.ts";
import { createDatabase } from "./database.ts";
import {
  RECENT_INDEX_SIZE,
  SEARCH_WINDOW,
  chooseSearchIndex,
  searchVisibleArticles,
} from "./search-queries.ts";
import { createArticle, createDesk, HOUR } from "../test/factories.ts";

/** The two full-text indexes of migration 0007: every article, and only the newest ones. */
const db = createDatabase(env.DB);
const now = new Date();
let category: CategoryRow;

beforeAll(async () => {
  ({ category } = await createDesk(db, { slug: "coast", name: "Coast" }));
});

async function idsMatching(table: "article_search" | "article_search_recent", word: string) {
  const { results } = await env.DB.prepare(
    `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`,
  )
    .bind(`"${word}"`)
    .all<{ id: number }>();
  return results.map((row) => row.id);
}

/** `count` published articles whose headline holds `word`, in one statement. */
async function insertMany(count: number, word: string, score: (n: string) => string) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO articles (slug, section_id, category_id, headline, standfirst, body, status, published_at, updated_at)
     SELECT ? || '-' || i, ?, ?, ${score("i")}, 'A standfirst.', '[]', 'published', ?, ?
     FROM n`,
  )
    .bind(count, word, category.sectionId, category.id, now.getTime() - HOUR, now.getTime() - HOUR)
    .run();
}

describe("the recent search index", () => {
  it("follows every insert, edit and delete of an article", async () => {
    const article = await createArticle(db, { category, headline: "Zebra crossing repainted" });
    expect(await idsMatching("article_search_recent", "zebra")).toEqual([article.id]);

    await db
      .update(articles)
      .set({ headline: "Giraffe escapes" })
      .where(eq(articles.id, article.id));
    expect(await idsMatching("article_search_recent", "zebra")).toEqual([]);
    expect(await idsMatching("article_search_recent", "giraffe")).toEqual([article.id]);

    await db.delete(articles).where(eq(articles.id, article.id));
    expect(await idsMatching("article_search_recent", "giraffe")).toEqual([]);
  });

  it(`keeps only the newest ${RECENT_INDEX_SIZE} articles; the full index keeps them all`, async () => {
    const old = await createArticle(db, { category, headline: "Walrus sighted" });
    const newer = await createArticle(db, {
      category,
      id: old.id + RECENT_INDEX_SIZE,
      headline: "Walrus sighted again",
    });
    expect(await idsMatching("article_search_recent", "walrus")).toEqual([newer.id]);
    expect(await idsMatching("article_search", "walrus")).toEqual([old.id, newer.id]);

    // An edit to an article that is no longer recent does not bring it back.
    await db.update(articles).set({ headline: "Walrus gone" }).where(eq(articles.id, old.id));
    expect(await idsMatching("article_search_recent", "walrus")).toEqual([newer.id]);
  });
});

describe("choosing the index that ranks a search", () => {
  it("ranks a word with a full window among recent articles in the recent index, in the same order", async () => {
    // Headlines repeat the word a varying number of times, so bm25 gives distinct scores.
    await insertMany(
      SEARCH_WINDOW + 20,
      "harbour",
      (i) =>
        `'Harbour ' || substr('harbour harbour harbour ', 1, 8 * (${i} % 3)) || 'news ' || ${i}`,
    );
    const expression = '"harbour"';
    expect(await chooseSearchIndex(db, expression, now)).toBe("recent");
    const query = { expression, now, limit: 25 };
    const fromRecent = await searchVisibleArticles(db, { ...query, index: "recent" });
    const fromAll = await searchVisibleArticles(db, { ...query, index: "all" });
    expect(fromRecent).toHaveLength(25);
    // One word: bm25's document count scales every score alike, so the order is the same.
    expect(fromRecent.map((match) => match.id)).toEqual(fromAll.map((match) => match.id));
  });

  it("ranks a word with fewer matches than the window in the full index", async () => {
    await insertMany(3, "lighthouse", (i) => `'Lighthouse ' || ${i}`);
    expect(await chooseSearchIndex(db, '"lighthouse"', now)).toBe("all");
    expect(await chooseSearchIndex(db, '"nothingmatchesthis"', now)).toBe("all");
  });
});
