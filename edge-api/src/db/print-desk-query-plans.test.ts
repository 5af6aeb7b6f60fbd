import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./database.ts";
import {
  editionPlacementsQuery,
  listDeskEditions,
  listUnplacedStories,
} from "./print-edition-queries.ts";

/**
 * The print desk's queries (decision 0023) stay searches however many editions and stories
 * there are: an edition's placements by the (edition_id, article_id) index, the news day's
 * stories by the publication-time index, the desk's list by the date index; never a scan of
 * the placements or the stories.
 */
const db = createDatabase(env.DB);

async function planOf(statement: { sql: string; params: unknown[] }): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail).join("\n");
}

describe("print desk query plans", () => {
  it("finds an edition's placements by its edition index and their stories by key", async () => {
    const plan = await planOf(editionPlacementsQuery(db, 7).toSQL());
    expect(plan).toMatch(
      /SEARCH print_placements USING INDEX print_placements_edition_article_unique \(edition_id=\?/,
    );
    expect(plan).toMatch(/SEARCH articles USING INTEGER PRIMARY KEY/);
    expect(plan).not.toMatch(/SCAN print_placements|SCAN articles/);
  });

  it("finds the news day's stories by publication time, skipping the placed by index", async () => {
    const day = { from: new Date("2026-11-24T05:00:00Z"), to: new Date("2026-11-25T05:00:00Z") };
    const plan = await planOf(listUnplacedStories(db, 7, day).toSQL());
    expect(plan).not.toMatch(/SCAN articles|SCAN print_placements/);
    expect(plan).toMatch(/SEARCH articles USING INDEX \S+ \(.*published_at>\?/);
    expect(plan).toMatch(/print_placements_edition_article_unique/);
  });

  it("lists a range of editions by the date index, counting by the page and edition indexes", async () => {
    const plan = await planOf(listDeskEditions(db, "2026-11-01", "2026-12-01").toSQL());
    expect(plan).toMatch(
      /SEARCH print_editions USING (?:COVERING )?INDEX print_editions_date_unique \(date>\? AND date<\?\)/,
    );
    expect(plan).not.toMatch(/SCAN print_pages|SCAN print_placements|SCAN print_editions/);
  });
});
