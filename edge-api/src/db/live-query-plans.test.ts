import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./database.ts";
import { liveBlogQuery, liveUpdatesQuery } from "./live-queries.ts";

/**
 * What an open live page polls every few seconds, and what every article answer asks, must stay
 * cheap however long the blog grows: one walk of `live_updates_article_id_idx` from the newest
 * (or from the cursor) that stops at the page size, never a scan or a sort of the updates; the
 * live blog itself by its primary key.
 */
const db = createDatabase(env.DB);

async function planOf(statement: { sql: string; params: unknown[] }): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join("\n");
}

describe("live blog query plans", () => {
  it.each([
    ["the article's newest updates", { limit: 100 }],
    ["the updates after a cursor", { afterId: 41, limit: 51 }],
  ])("walks the story's index for %s, without sorting", async (_, options) => {
    const plan = await planOf(liveUpdatesQuery(db, 7, options).toSQL());
    expect(plan).toMatch(/USING (?:COVERING )?INDEX live_updates_article_id_idx \(article_id=\?/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(plan).not.toMatch(/^SCAN/m);
  });

  it("finds the live blog by its primary key", async () => {
    const plan = await planOf(liveBlogQuery(db, 7).toSQL());
    expect(plan).toMatch(/SEARCH live_blogs USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });
});
