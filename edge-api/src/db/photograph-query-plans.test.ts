import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { photographsQuery } from "./article-ref-queries.ts";
import { createDatabase } from "./database.ts";

/**
 * Every card page and article page looks up its photographs (issue 16) in the batch it already
 * makes: by the library's primary key, never a pass over the library, however large it grows.
 */
const db = createDatabase(env.DB);

async function planOf(statement: { sql: string; params: unknown[] }): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

describe("photograph lookups", () => {
  it.each([
    ["no photograph", []],
    ["one photograph", ["0123456789abcdef0123456789abcdef"]],
    ["several", ["0123456789abcdef0123456789abcdef", "f".repeat(32), "e".repeat(32)]],
  ])("finds %s by primary key", async (_, ids) => {
    const plan = await planOf(photographsQuery(db, ids).toSQL());
    expect(plan.join("\n")).toMatch(/SEARCH media USING INDEX sqlite_autoindex_media_1 \(id=\?\)/);
    expect(plan.join("\n")).not.toMatch(/SCAN media/);
  });
});
