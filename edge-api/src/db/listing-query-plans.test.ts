import { env } from "cloudflare:workers";
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import { createArticle, createAuthor, createDesk, createTag, hoursAgo } from "../test/factories.ts";
import {
  listNewestPerSection,
  listVisibleArticles,
  listVisibleArticlesByIds,
} from "./article-queries.ts";
import type { ArticleListFilter, ListingBound } from "./article-queries.ts";
import { listAuthorsWithArticles, listTagsWithArticles } from "./contributor-index-queries.ts";
import { createDatabase } from "./database.ts";
import { relatedByTagsSql, relatedQueries } from "./related-queries.ts";

/**
 * The listings must stay flat as the archive grows (issue 7: 100,000 articles): each walks one
 * index in listing order and stops at its limit. SQLite's plan names a full pass over a table as
 * `SCAN <table>` and a sort of every candidate row as `USE TEMP B-TREE FOR ORDER BY`; neither
 * may appear for `articles` or a link table. Plans come from D1 itself, as the site runs.
 */
const db = createDatabase(env.DB);
const now = new Date();

async function planOf(statement: { sql: string; params: unknown[] }): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

function planOfSql(query: SQL): Promise<string[]> {
  return planOf(new SQLiteAsyncDialect().sqlToQuery(query));
}

const fullScan = /^SCAN (articles|article_authors|article_tags)\b/;

describe("listing query plans", () => {
  const kinds = ["all", "section", "category", "author", "tag"] as const;
  let filters: ArticleListFilter[] = [];
  let articleId = 0;

  beforeAll(async () => {
    const { section, category } = await createDesk(db);
    const author = await createAuthor(db);
    const tag = await createTag(db);
    const article = await createArticle(db, { category, authors: [author], tags: [tag] });
    articleId = article.id;
    filters = [
      { kind: "all" },
      { kind: "section", sectionId: section.id },
      { kind: "category", categoryId: category.id },
      { kind: "author", authorId: author.id },
      { kind: "tag", tagId: tag.id },
    ];
  });

  // No bound (the first page), older than a cursor (`before`), newer than one (`after`, walked
  // oldest first) and the one-row peeks back past a cursor (inclusive).
  const bounds: { name: string; bound: (cursor: ArticleCursor) => ListingBound | undefined }[] = [
    { name: "", bound: () => undefined },
    { name: " before a cursor", bound: (cursor) => ({ cursor, direction: "older" }) },
    { name: " after a cursor", bound: (cursor) => ({ cursor, direction: "newer" }) },
    {
      name: " at or after a cursor",
      bound: (cursor) => ({ cursor, direction: "newer", inclusive: true }),
    },
    {
      name: " at or before a cursor",
      bound: (cursor) => ({ cursor, direction: "older", inclusive: true }),
    },
  ];
  for (const [index, kind] of kinds.entries()) {
    for (const { name, bound } of bounds) {
      it(`walks an index for ${kind}${name}`, async () => {
        const filter = filters[index] ?? { kind: "all" };
        const cursor: ArticleCursor = { publishedAt: hoursAgo(2), id: articleId };
        const query = listVisibleArticles(db, { now, filter, bound: bound(cursor), limit: 21 });
        const plan = await planOf(query.toSQL());
        expect(plan.filter((line) => fullScan.test(line))).toEqual([]);
        expect(plan).not.toContain("USE TEMP B-TREE FOR ORDER BY");
        expect(plan.join("\n")).toMatch(/SEARCH (articles|article_authors|article_tags) USING/);
        // No list of every article of the author or tag, built before the first row is found.
        expect(plan.join("\n")).not.toMatch(/LIST SUBQUERY|BLOOM FILTER/);
        if (kind === "author" || kind === "tag") {
          expect(plan[0]).toMatch(
            /^SEARCH article_(authors|tags) USING COVERING INDEX \w+_published_idx/,
          );
        }
      });
    }
  }

  it("finds the article through the author's and the tag's link table", async () => {
    for (const filter of filters) {
      const rows = await listVisibleArticles(db, { now, filter, limit: 21 });
      expect(rows.map((row) => row.id)).toEqual([articleId]);
    }
  });

  it("takes the home page's newest per section from each section's index", async () => {
    const plan = await planOf(listNewestPerSection(db, now, 4).toSQL());
    expect(plan.filter((line) => fullScan.test(line))).toEqual([]);
    expect(plan.join("\n")).toMatch(/SEARCH articles USING INDEX articles_section_published_idx/);
    expect(await listNewestPerSection(db, now, 4)).toHaveLength(1);
  });

  it("weighs related articles among the newest of each tag, from the tag's index", async () => {
    const plan = await planOfSql(relatedByTagsSql(articleId, now));
    expect(plan.filter((line) => fullScan.test(line))).toEqual([]);
    expect(plan.join("\n")).toMatch(/SEARCH c USING COVERING INDEX article_tags_tag_published_idx/);
  });

  it("reads the related rows by primary key and tops up from the category's index", async () => {
    const [byTags, newestOfCategory] = relatedQueries(db, { id: articleId, categoryId: 1 }, now);
    const rowsPlan = await planOf(byTags.toSQL());
    expect(rowsPlan.filter((line) => fullScan.test(line))).toEqual([]);
    expect(rowsPlan.join("\n")).toMatch(/SEARCH articles USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    const fillPlan = await planOf(newestOfCategory.toSQL());
    expect(fillPlan.filter((line) => fullScan.test(line))).toEqual([]);
    expect(fillPlan).toEqual([
      expect.stringMatching(/^SEARCH articles USING INDEX articles_category_published_idx/),
    ]);
  });

  it("looks a page of search results up by primary key", async () => {
    const plan = await planOf(listVisibleArticlesByIds(db, [articleId, 7, 9], now).toSQL());
    expect(plan).toEqual(["SEARCH articles USING INTEGER PRIMARY KEY (rowid=?)"]);
    expect(await listVisibleArticlesByIds(db, [articleId, 7], now)).toHaveLength(1);
  });

  it("counts the authors' and tags' visible articles from their link tables' indexes", async () => {
    for (const [query, index] of [
      // Either covering index of the link table (the sitemap's `_updated_idx`, migration 0024,
      // holds the same key and visibility): a count reads every entry of one or the other.
      [listAuthorsWithArticles(db, now), "article_authors_author_(published|updated)_idx"],
      [listTagsWithArticles(db, now), "article_tags_tag_(published|updated)_idx"],
    ] as const) {
      const plan = (await planOf(query.toSQL())).join("\n");
      // One pass over the covering index in author or tag order (a count needs every link),
      // grouped as it goes; `articles` is never read.
      expect(plan).toMatch(new RegExp(`(SCAN|SEARCH) article_\\w+ USING COVERING INDEX ${index}`));
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR GROUP BY/);
      expect(plan).not.toMatch(/\barticles\b/);
      const rows = await query;
      expect(rows.map((row) => row.articleCount)).toEqual([1]);
    }
  });
});

describe("link-table listing key", () => {
  it("follows the article's status and publication time", async () => {
    const { category } = await createDesk(db);
    const author = await createAuthor(db);
    const tag = await createTag(db);
    const draft = await createArticle(db, {
      category,
      authors: [author],
      tags: [tag],
      status: "draft",
      publishedAt: null,
    });
    const listed = (filter: ArticleListFilter) =>
      listVisibleArticles(db, { now: new Date(), filter, limit: 21 }).then((rows) =>
        rows.map((row) => row.id),
      );
    const byAuthor: ArticleListFilter = { kind: "author", authorId: author.id };
    const byTag: ArticleListFilter = { kind: "tag", tagId: tag.id };
    expect(await listed(byAuthor)).toEqual([]);

    const publishedAt = hoursAgo(3);
    await env.DB.prepare("UPDATE articles SET status = 'published', published_at = ? WHERE id = ?")
      .bind(publishedAt.getTime(), draft.id)
      .run();
    expect(await listed(byAuthor)).toEqual([draft.id]);
    expect(await listed(byTag)).toEqual([draft.id]);
    const { results } = await env.DB.prepare(
      "SELECT published_at AS p FROM article_tags WHERE article_id = ?",
    )
      .bind(draft.id)
      .all<{ p: number | null }>();
    expect(results).toEqual([{ p: publishedAt.getTime() }]);

    await env.DB.prepare("UPDATE articles SET status = 'draft' WHERE id = ?").bind(draft.id).run();
    expect(await listed(byAuthor)).toEqual([]);
    expect(await listed(byTag)).toEqual([]);
  });
});
