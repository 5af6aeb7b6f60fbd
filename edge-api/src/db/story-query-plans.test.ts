import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./database.ts";
import { listStories, type StoryListQuery } from "./story-queries.ts";
import { listVisibleCorrections } from "./correction-queries.ts";

/**
 * The desk's list and the readers' corrections page walk an index in their order and stop at
 * the page size: no sort of every story (`USE TEMP B-TREE FOR ORDER BY`), whatever the
 * filters. Filters that cannot use the order's index (status, section, headline words) are
 * checked row by row along it, which stays cheap for a desk's first pages.
 */
const db = createDatabase(env.DB);
const now = new Date();

async function planOf(statement: { sql: string; params: unknown[] }): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** Each filter and the index its walk must use (migration 0009 for the last three). */
const queries: [string, Omit<StoryListQuery, "now" | "limit">, string][] = [
  ["everything", {}, "articles_updated_idx"],
  ["headline", { q: "bridge" }, "articles_updated_idx"],
  ["author", { authorId: 1 }, "articles_updated_idx"],
  ["next page", { after: { publishedAt: now, id: 10 } }, "articles_updated_idx"],
  ["contributor", { createdBy: "account-1" }, "articles_created_by_updated_idx"],
  ["status", { status: "submitted" }, "articles_status_updated_idx"],
  ["published", { status: "published" }, "articles_status_updated_idx"],
  ["unpublished", { status: "unpublished" }, "articles_status_updated_idx"],
  ["section", { sectionId: 1 }, "articles_section_updated_idx"],
];

describe("story desk query plans", () => {
  for (const [name, query, index] of queries) {
    it(`lists stories by last update without sorting them all (${name})`, async () => {
      const plan = await planOf(listStories(db, { ...query, now, limit: 26 }).toSQL());
      expect(plan.join("\n")).toMatch(new RegExp(`USING INDEX ${index}\\b`));
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    });
  }

  it("finds scheduled stories by their time ahead (there are few), then sorts those", async () => {
    const plan = await planOf(listStories(db, { status: "scheduled", now, limit: 26 }).toSQL());
    expect(plan.join("\n")).toMatch(
      /USING INDEX articles_status_published_id_idx \(status=\? AND published_at>\?\)/,
    );
  });

  it("lists corrections newest first from their own index", async () => {
    const plan = await planOf(listVisibleCorrections(db, now, undefined, 21).toSQL());
    expect(plan.join("\n")).toMatch(/article_corrections_created_idx/);
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});

describe("story desk headline lookup plans", () => {
  const filters: [string, Omit<StoryListQuery, "now" | "limit" | "q">][] = [
    ["alone", {}],
    ["status", { status: "published" }],
    ["draft", { status: "draft" }],
    ["section", { sectionId: 1 }],
    ["contributor", { createdBy: "account-1" }],
    ["author", { authorId: 1 }],
    ["next page", { after: { publishedAt: now, id: 10 } }],
  ];
  for (const [name, filter] of filters) {
    it(`starts from the trigram index's ids by primary key (${name})`, async () => {
      const query = { ...filter, q: "bridge", lookUpHeadlines: true, now, limit: 26 };
      const plan = (await planOf(listStories(db, query).toSQL())).join("\n");
      expect(plan).toMatch(/SEARCH articles USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(plan).toMatch(/SCAN article_headlines VIRTUAL TABLE/);
      // No index of `articles` walked with each row's id probed in the list.
      expect(plan).not.toMatch(/(SCAN|SEARCH) articles USING (COVERING )?INDEX/);
    });
  }
});
