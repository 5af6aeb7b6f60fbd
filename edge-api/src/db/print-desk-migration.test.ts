import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../test/seed-database.ts";

/**
 * Migration 0018 (the print desk, decision 0023) on a seeded paper: existing editions become
 * published at their date's publish hour, each placement takes its page's edition, a story is
 * placed once per edition and a page has one lead.
 */
const PRINT_DESK = "0018_print_desk.sql";

describe("migration 0018 (the print desk) on a populated database", () => {
  const d1 = () => env.MIGRATION_DB;

  beforeAll(async () => {
    const all = env.TEST_MIGRATIONS;
    const upTo = all.findIndex((migration) => migration.name === PRINT_DESK);
    expect(upTo).toBeGreaterThan(0);
    await applyD1Migrations(d1(), all.slice(0, upTo));
    // The seed as it was before 0018: placements without their lead and edition.
    await seedDatabase(d1(), { articles: 60, today: "2026-11-20" }, [], (data) => ({
      ...data,
      printPlacements: data.printPlacements.map(
        ({ isLead: _lead, editionId: _edition, ...placement }) => placement,
      ),
    }));
    await applyD1Migrations(d1(), all);
  });

  it("makes existing editions published at their date's publish hour, revision 1", async () => {
    const { results } = await d1()
      .prepare("SELECT DISTINCT status, publish_at, revision FROM print_editions")
      .all();
    expect(results).toEqual([{ status: "published", publish_at: null, revision: 1 }]);
  });

  it("gives every placement its page's edition and each page's first story the lead", async () => {
    const wrong = await d1()
      .prepare(
        "SELECT count(*) AS n FROM print_placements pl JOIN print_pages p ON p.id = pl.page_id WHERE pl.edition_id IS NOT p.edition_id",
      )
      .first<{ n: number }>();
    expect(wrong?.n).toBe(0);
    const leads = await d1()
      .prepare('SELECT count(*) AS n FROM print_placements WHERE is_lead = 1 AND "order" <> 1')
      .first<{ n: number }>();
    expect(leads?.n).toBe(0);
    const pages = await d1()
      .prepare("SELECT count(*) AS n FROM print_pages")
      .first<{ n: number }>();
    const firsts = await d1()
      .prepare("SELECT count(*) AS n FROM print_placements WHERE is_lead = 1")
      .first<{ n: number }>();
    expect(firsts?.n).toBe(pages?.n);
  });

  it("fills a new placement's edition from its page and refuses a wrong one", async () => {
    const page = await d1()
      .prepare("SELECT id, edition_id FROM print_pages ORDER BY id LIMIT 1")
      .first<{ id: number; edition_id: number }>();
    const unplaced = await d1()
      .prepare(
        "SELECT id FROM articles WHERE id NOT IN (SELECT article_id FROM print_placements WHERE edition_id = ?) LIMIT 1",
      )
      .bind(page?.edition_id)
      .first<{ id: number }>();
    await d1()
      .prepare(
        "INSERT INTO print_placements (id, page_id, article_id, \"order\", print_headline) VALUES (900001, ?, ?, 99, 'x')",
      )
      .bind(page?.id, unplaced?.id)
      .run();
    const filled = await d1()
      .prepare("SELECT edition_id FROM print_placements WHERE id = 900001")
      .first<{ edition_id: number }>();
    expect(filled?.edition_id).toBe(page?.edition_id);
    await expect(
      d1()
        .prepare(
          "INSERT INTO print_placements (page_id, article_id, \"order\", print_headline, edition_id) VALUES (?, ?, 98, 'x', ?)",
        )
        .bind(page?.id, unplaced?.id, (page?.edition_id ?? 0) + 1)
        .run(),
    ).rejects.toThrow(/must be its page's edition/);
  });

  it("places a story once per edition and gives a page one lead", async () => {
    const placed = await d1()
      .prepare("SELECT page_id, article_id FROM print_placements WHERE is_lead = 1 LIMIT 1")
      .first<{ page_id: number; article_id: number }>();
    await expect(
      d1()
        .prepare(
          "INSERT INTO print_placements (page_id, article_id, \"order\", print_headline) VALUES (?, ?, 97, 'again')",
        )
        .bind(placed?.page_id, placed?.article_id)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      d1()
        .prepare(
          "UPDATE print_placements SET is_lead = 1 WHERE page_id = ? AND is_lead = 0 AND id = (SELECT max(id) FROM print_placements WHERE page_id = ? AND is_lead = 0)",
        )
        .bind(placed?.page_id, placed?.page_id)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("refuses an edition status other than planned or published", async () => {
    await expect(
      d1()
        .prepare("INSERT INTO print_editions (date, status) VALUES ('2030-01-01', 'draft')")
        .run(),
    ).rejects.toThrow(/planned or published/);
  });

  it("makes the desk's row: the seed's books, no Sunday paper; a change moves the content version", async () => {
    const desk = await d1()
      .prepare(
        "SELECT template, no_edition_weekdays, no_edition_dates, template_revision, settings_revision FROM print_desk",
      )
      .all<Record<string, unknown>>();
    expect(desk.results).toHaveLength(1);
    const [row] = desk.results;
    expect(JSON.parse(String(row?.template))).toEqual([
      { letter: "A", name: "News", pageCount: 8 },
      { letter: "B", name: "Business", pageCount: 2 },
      { letter: "C", name: "Culture", pageCount: 2 },
      { letter: "D", name: "Sport", pageCount: 2 },
    ]);
    expect(JSON.parse(String(row?.no_edition_weekdays))).toEqual(["sunday"]);
    expect(row).toMatchObject({
      no_edition_dates: "[]",
      template_revision: 1,
      settings_revision: 1,
    });
    const version = async () =>
      (
        await d1()
          .prepare("SELECT counter FROM content_version WHERE id = 1")
          .first<{ counter: number }>()
      )?.counter ?? 0;
    const was = await version();
    await d1().prepare("UPDATE print_desk SET settings_revision = settings_revision + 1").run();
    expect(await version()).toBe(was + 1);
    await expect(
      d1()
        .prepare(
          "INSERT INTO print_desk (id, template, no_edition_weekdays, no_edition_dates) VALUES (2, '[]', '[]', '[]')",
        )
        .run(),
    ).rejects.toThrow(/print_desk_single_row|CHECK/);
  });
});
