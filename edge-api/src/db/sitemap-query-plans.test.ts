import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createArticle, createAuthor, createDesk, createTag, hoursAgo } from "../test/factories.ts";
import type { AuthorRow, CategoryRow, SectionRow, TagRow } from "./schema.ts";
import { createDatabase } from "./database.ts";
import { findMaxVisibleId, loadSitemapIndex, sitemapIndexQueries } from "./sitemap-queries.ts";

/**
 * The sitemap index must cost O(listings), not O(articles) (issue 19: aggregating
 * `max(updated_at)` over every visible article took about 4 s at 100,000 articles). Each
 * listing's newest change is read from the top of an index that carries visibility, so
 * drafts and scheduled stories are skipped in the index and no article row is read. Plans come
 * from D1 itself, as the site runs.
 */
const db = createDatabase(env.DB);

async function planOf(statement: { sql: string; params: unknown[] }): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join("\n");
}

describe("sitemap index query plans", () => {
  it("reads each listing's newest change from an index, never every article", async () => {
    const statements = sitemapIndexQueries(db, new Date()).map((query) => query.toSQL());
    expect(statements).toHaveLength(6);
    const plans = await Promise.all(statements.map(planOf));
    for (const plan of plans) {
      // No aggregate over every visible article, no pass over a table that reads its rows: the
      // only walks are down an ordered covering index from the top, stopped by `LIMIT 1`.
      expect(plan).not.toMatch(/USE TEMP B-TREE FOR GROUP BY/);
      expect(plan).not.toMatch(/articles_status_published_id_idx/);
      expect(plan).not.toMatch(/^SCAN (articles|article_authors|article_tags)$/m);
      expect(plan).not.toMatch(/^SCAN (articles|article_authors|article_tags) USING INDEX/m);
    }
    const all = plans.join("\n");
    for (const index of [
      "articles_id_visibility_idx",
      "articles_updated_idx",
      "articles_section_updated_idx \\(section_id=\\?\\)",
      "articles_category_updated_idx \\(category_id=\\?\\)",
      "article_authors_author_updated_idx \\(author_id=\\?\\)",
      "article_tags_tag_updated_idx \\(tag_id=\\?\\)",
    ]) {
      // Covering: visibility is checked in the index; the row (and its body) is never read.
      expect(all).toMatch(new RegExp(`^(SCAN|SEARCH) \\w+ USING COVERING INDEX ${index}`, "m"));
    }
  });
});

describe("sitemap index freshness", () => {
  let section: SectionRow;
  let category: CategoryRow;
  let author: AuthorRow;
  let tag: TagRow;
  let visibleId = 0;

  beforeAll(async () => {
    ({ section, category } = await createDesk(db));
    author = await createAuthor(db);
    tag = await createTag(db);
    const visible = await createArticle(db, {
      category,
      authors: [author],
      tags: [tag],
      publishedAt: hoursAgo(5),
      updatedAt: hoursAgo(4),
    });
    visibleId = visible.id;
    // Newer changes no reader can see: a draft and a scheduled story, both edited just now.
    await createArticle(db, {
      category,
      authors: [author],
      tags: [tag],
      status: "draft",
      publishedAt: null,
      updatedAt: hoursAgo(0.1),
    });
    await createArticle(db, {
      category,
      authors: [author],
      tags: [tag],
      publishedAt: hoursAgo(-24),
      updatedAt: hoursAgo(0.1),
    });
  });

  async function lastChanged() {
    const index = await loadSitemapIndex(db, new Date());
    const of = (rows: readonly { id: number; updatedAt: Date | null }[], id: number) =>
      rows.find((row) => row.id === id)?.updatedAt?.getTime() ?? null;
    return {
      section: of(index.updatedBySection, section.id),
      category: of(index.updatedByCategory, category.id),
      author: of(index.updatedByAuthor, author.id),
      tag: of(index.updatedByTag, tag.id),
      maxVisibleId: index.maxVisibleId,
    };
  }

  it("is the newest visible article's change, never a draft's or a scheduled story's", async () => {
    const at = hoursAgo(4).getTime();
    const changed = await lastChanged();
    // Within the minute the factory's `hoursAgo` ran in.
    for (const key of ["section", "category", "author", "tag"] as const) {
      expect(Math.abs((changed[key] ?? 0) - at)).toBeLessThan(60_000);
    }
    expect(changed.maxVisibleId).toBe(visibleId);
    expect(await findMaxVisibleId(db, new Date())).toBe(visibleId);
  });

  it("follows an edit of the article, through the link tables' copy, and its unpublishing", async () => {
    const edited = Date.now() - 60_000;
    await env.DB.prepare("UPDATE articles SET updated_at = ? WHERE id = ?")
      .bind(edited, visibleId)
      .run();
    expect(await lastChanged()).toMatchObject({
      section: edited,
      category: edited,
      author: edited,
      tag: edited,
    });
    const { results } = await env.DB.prepare(
      "SELECT updated_at AS u FROM article_authors WHERE article_id = ? UNION ALL SELECT updated_at FROM article_tags WHERE article_id = ?",
    )
      .bind(visibleId, visibleId)
      .all<{ u: number }>();
    expect(results).toEqual([{ u: edited }, { u: edited }]);

    await env.DB.prepare("UPDATE articles SET status = 'draft' WHERE id = ?").bind(visibleId).run();
    expect(await lastChanged()).toMatchObject({
      section: null,
      category: null,
      author: null,
      tag: null,
    });
  });
});

describe("migration 0024 on a populated database", () => {
  it("copies each article's updated_at onto its existing author and tag links", async () => {
    const d1 = env.MIGRATION_DB;
    const all = env.TEST_MIGRATIONS;
    const upTo = all.findIndex((migration) => migration.name === "0024_listing_freshness.sql");
    expect(upTo).toBeGreaterThan(0);
    await applyD1Migrations(d1, all.slice(0, upTo));
    await d1.batch([
      d1.prepare("INSERT INTO sections (id, slug, name, position) VALUES (1, 'world', 'World', 1)"),
      d1.prepare(
        "INSERT INTO categories (id, section_id, slug, name) VALUES (1, 1, 'news', 'News')",
      ),
      d1.prepare("INSERT INTO authors (id, slug, name) VALUES (1, 'ada', 'Ada')"),
      d1.prepare("INSERT INTO tags (id, slug, name) VALUES (1, 'trade', 'Trade')"),
      d1.prepare(
        "INSERT INTO articles (id, slug, section_id, category_id, headline, status, published_at, updated_at) VALUES (1, 'a', 1, 1, 'A', 'published', 1000, 2000), (2, 'b', 1, 1, 'B', 'draft', NULL, 3000)",
      ),
      d1.prepare("INSERT INTO article_authors (article_id, author_id) VALUES (1, 1), (2, 1)"),
      d1.prepare("INSERT INTO article_tags (article_id, tag_id) VALUES (1, 1), (2, 1)"),
    ]);
    await applyD1Migrations(d1, all);
    const links = await d1
      .prepare(
        "SELECT 'author' AS kind, article_id AS id, published_at AS p, updated_at AS u FROM article_authors UNION ALL SELECT 'tag', article_id, published_at, updated_at FROM article_tags ORDER BY 1, 2",
      )
      .all();
    expect(links.results).toEqual([
      { kind: "author", id: 1, p: 1000, u: 2000 },
      { kind: "author", id: 2, p: null, u: 3000 },
      { kind: "tag", id: 1, p: 1000, u: 2000 },
      { kind: "tag", id: 2, p: null, u: 3000 },
    ]);
  });
});
