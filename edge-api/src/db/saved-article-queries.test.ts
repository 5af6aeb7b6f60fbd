import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createArticle, createDesk } from "../test/factories.ts";
import { createDatabase } from "./database.ts";
import { savedStateQuery } from "./saved-article-queries.ts";

/**
 * `GET /api/account/saved/:slug` runs on every signed-in article view (issue 15), so its one
 * query must look both rows up by index: the article by its unique slug, the saved row by its
 * primary key. SQLite names a pass over a whole table `SCAN <table>`.
 */
const db = createDatabase(env.DB);

describe("the saved-state query", () => {
  it("finds the article by slug and the saved row by key, scanning neither table", async () => {
    const { category } = await createDesk(db);
    const article = await createArticle(db, { category });
    const query = savedStateQuery(db, "some-account", article.slug, new Date()).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    expect(plan.join("\n")).not.toMatch(/^SCAN /m);
    expect(plan).toEqual([
      expect.stringMatching(/^SEARCH articles USING INDEX \w+ \(slug=\?\)$/),
      // The composite primary key's own index (a rowid table's is an autoindex).
      expect.stringMatching(
        /^SEARCH saved_articles USING INDEX sqlite_autoindex_saved_articles_1 \(user_id=\? AND article_id=\?\)/,
      ),
    ]);
  });
});
