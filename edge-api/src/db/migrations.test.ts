import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedDatabase } from "../test/seed-database.ts";

/**
 * Migration 0007 rebuilds `sections` (to drop the reserved-word CHECK) on a populated
 * database: every row of every table must survive, foreign keys must still hold, and the
 * content-version triggers must still fire (decision 0011). Migration 0008 (the newsroom) runs
 * after it on the same data and retires the `scheduled` status.
 */
const REBUILD = "0007_drop_reserved_slug_check.sql";

async function rowCounts(d1: D1Database): Promise<Record<string, number>> {
  const { results } = await d1
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
    )
    .all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of results) {
    const row = await d1.prepare(`SELECT count(*) AS n FROM "${name}"`).first<{ n: number }>();
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe("migration 0007 on a populated database", () => {
  it("keeps every row of every table, the foreign keys and the triggers", async () => {
    const d1 = env.MIGRATION_DB;
    const all = env.TEST_MIGRATIONS;
    const upTo = all.findIndex((migration) => migration.name === REBUILD);
    expect(upTo).toBeGreaterThan(0);
    await applyD1Migrations(d1, all.slice(0, upTo));
    // The live blog's tables (migration 0015), the media library (0016) and a story's lead
    // photograph (0017) do not exist yet at 0007: its stories lead with illustrations only.
    await seedDatabase(
      d1,
      { articles: 60, today: "2026-11-20" },
      ["liveBlogs", "liveUpdates", "media"],
      (data) => ({
        ...data,
        articles: data.articles.map(({ leadMediaId: _, ...article }) => article),
        // A placement's lead and edition come with migration 0018.
        printPlacements: data.printPlacements.map(
          ({ isLead: _lead, editionId: _edition, ...placement }) => placement,
        ),
      }),
    );
    await d1.batch([
      d1.prepare(
        "INSERT INTO users (id, email, display_name, password_hash, created_at) VALUES ('u1', 'a@example.com', 'A', 'x', 0)",
      ),
      d1.prepare(
        "INSERT INTO saved_articles (user_id, article_id, saved_at) SELECT 'u1', id, 0 FROM articles LIMIT 3",
      ),
    ]);
    // A story the old desk marked `scheduled` (migration 0008 makes it published at its time).
    await d1
      .prepare(
        "UPDATE articles SET status = 'scheduled', published_at = 4102444800000 WHERE id = (SELECT max(id) FROM articles)",
      )
      .run();
    const before = await rowCounts(d1);
    expect(before.sections).toBeGreaterThan(0);
    expect(before.categories).toBeGreaterThan(0);
    expect(before.articles).toBeGreaterThan(0);

    await applyD1Migrations(d1, all);

    // Every table that was there keeps every row (0008 adds tables of its own, empty).
    const after = await rowCounts(d1);
    expect(Object.fromEntries(Object.keys(before).map((name) => [name, after[name]]))).toEqual(
      before,
    );
    const broken = await d1.prepare("PRAGMA foreign_key_check").all();
    expect(broken.results).toEqual([]);
    const version = () =>
      d1.prepare("SELECT counter FROM content_version WHERE id = 1").first<{ counter: number }>();
    const was = (await version())?.counter ?? 0;
    await d1
      .prepare("UPDATE sections SET name = name || '!' WHERE id = (SELECT min(id) FROM sections)")
      .run();
    expect((await version())?.counter).toBe(was + 1);
    // The CHECK is gone: the database takes any slug; section-writes.ts refuses reserved ones.
    await d1.prepare("INSERT INTO sections (slug, name, position) VALUES ('login', 'x', 99)").run();

    // 0008: `scheduled` became `published` with its time, and is refused from then on.
    const scheduled = await d1
      .prepare(
        "SELECT status, published_at FROM articles WHERE id = (SELECT max(id) FROM articles)",
      )
      .first<{ status: string; published_at: number }>();
    expect(scheduled).toEqual({ status: "published", published_at: 4102444800000 });
    await expect(
      d1
        .prepare(
          "UPDATE articles SET status = 'scheduled' WHERE id = (SELECT min(id) FROM articles)",
        )
        .run(),
    ).rejects.toThrow(/scheduled is retired/);
  });
});
