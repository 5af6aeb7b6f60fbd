import { env } from "cloudflare:workers";
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { toFtsExpression } from "../domain/search-query.ts";
import { hoursAgo } from "../test/factories.ts";
import { searchSql, type SearchQuery } from "./search-queries.ts";

/**
 * Search must stay flat as the archive grows (issues 7 and 19): every walk of the FTS index
 * goes newest first and stops at the page or at the window's bounds, visibility and filters
 * come from `articles_id_visibility_idx`, and nothing counts every match: `bm25()` does (the
 * IDF of each term), so relevance is a tier from column filters instead. Plans come from D1
 * itself, as the site runs.
 */
const now = new Date();
const expression = toFtsExpression("lighthouse keepers") ?? "";

async function planOf(query: SQL): Promise<string> {
  const statement = new SQLiteAsyncDialect().sqlToQuery(query);
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join("\n");
}

function sqlText(query: SQL): string {
  return new SQLiteAsyncDialect().sqlToQuery(query).sql;
}

const narrowing = { sectionId: 1, from: hoursAgo(48), until: hoursAgo(1) };
const queries: [string, SearchQuery][] = [
  ["relevance", { expression, now, limit: 11 }],
  ["relevance, narrowed", { expression, now, narrowing, limit: 11 }],
  [
    "relevance, after a cursor",
    { expression, now, after: { sort: "relevance", score: 1, id: 40 }, limit: 11 },
  ],
  ["newest, narrowed", { expression, now, narrowing, sort: "newest", limit: 11 }],
  [
    "newest, after a cursor",
    {
      expression,
      now,
      sort: "newest",
      after: { sort: "newest", publishedAt: hoursAgo(2), id: 40 },
      limit: 11,
    },
  ],
];

describe("search query plans", () => {
  for (const [name, query] of queries) {
    it(`walks the FTS index and the id's index only (${name})`, async () => {
      const plan = await planOf(searchSql(query));
      expect(plan).toMatch(/SCAN article_search VIRTUAL TABLE/);
      // Visibility and the filters from the id's index (the section from the row by primary
      // key at most); the only walk of `articles` is down that index to the newest visible id.
      expect(plan).toMatch(
        /SEARCH articles (EXISTS )?USING (COVERING )?INDEX articles_id_visibility_idx/,
      );
      expect(plan).not.toMatch(
        /^SCAN articles\b(?! USING COVERING INDEX articles_id_visibility_idx$)/m,
      );
      expect(plan).not.toMatch(/articles_section_published_idx|articles_status_published_id_idx/);
      expect(sqlText(searchSql(query))).not.toMatch(/bm25|\brank\b/);
    });
  }

  it("walks each relevance tier newest first between the window's bounds, without a sort", async () => {
    const plan = await planOf(searchSql({ expression, now, limit: 11 }));
    // FTS5 takes `rowid >= low AND rowid <= top` (`><`) for the tiers in the window, and
    // `rowid < low` for the older matches; the order is the index's own.
    expect(plan.match(/SCAN article_search VIRTUAL TABLE INDEX \d+:M\d+></g)).toHaveLength(3);
    expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    expect(plan).toMatch(/UNION ALL/);
  });

  it("leaves out the tiers before a cursor's", async () => {
    const after = { sort: "relevance", score: 2, id: 40 } as const;
    const plan = await planOf(searchSql({ expression, now, after, limit: 11 }));
    // Tier 2 only: its part of the window and the older matches.
    expect(plan.match(/SCAN article_search VIRTUAL TABLE/g)).toHaveLength(3);
  });
});
