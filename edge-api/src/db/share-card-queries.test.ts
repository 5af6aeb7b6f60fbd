import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { createDatabase } from "./database.ts";
import { articleCardWordsQuery } from "./share-card-queries.ts";

const db = createDatabase(env.DB);

async function planOf(statement: { sql: string; params: unknown[] }): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join("\n");
}

// Every card request looks its words up (to check `v`), so it must never scan the articles.
it("finds a card's article by its slug or a former one through indexes, never a scan", async () => {
  const plan = await planOf(articleCardWordsQuery(db, "harbour-deal", new Date()).toSQL());
  expect(plan).not.toMatch(/^SCAN/m);
  expect(plan).toMatch(/MULTI-INDEX OR/);
  expect(plan).toMatch(/SEARCH articles USING INDEX articles_slug_unique \(slug=\?\)/);
  expect(plan).toMatch(/SEARCH articles USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  expect(plan).toMatch(/SEARCH sections USING INTEGER PRIMARY KEY/);
});
