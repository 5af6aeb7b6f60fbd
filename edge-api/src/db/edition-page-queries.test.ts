import { env } from "cloudflare:workers";
import { eq, fillPlaceholders, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createArticle,
  createAuthor,
  createDesk,
  createEdition,
  createImage,
  createPrintPage,
  hoursAgo,
  placeArticle,
} from "../test/factories.ts";
import { listVisibleArticlesByIds } from "./article-queries.ts";
import { loadCardRefs } from "./article-ref-queries.ts";
import { toCardRefs } from "./article-ref-queries.ts";
import { createDatabase } from "./database.ts";
import {
  editionDatesQueries,
  editionPageQueries,
  findEditionByDate,
  findNeighbourDates,
  readerWindowValues,
  type EditionLookup,
  type ReaderWindow,
} from "./edition-queries.ts";
import { runPrepared } from "./prepared-batch.ts";
import { printPages, printPlacements, type ArticleRow, type PrintEditionRow } from "./schema.ts";

const db = createDatabase(env.DB);
const fullScan = /^SCAN (articles|article_authors|print_editions|print_pages|print_placements)\b/;
const window: ReaderWindow = { now: new Date(), newestDate: "2031-03-12" };
let edition: PrintEditionRow;
const placed: ArticleRow[] = [];
let draft: ArticleRow;

beforeAll(async () => {
  const { category } = await createDesk(db);
  const author = await createAuthor(db);
  const image = await createImage(db);
  await createEdition(db, "2031-03-09", { status: "published" });
  edition = await createEdition(db, "2031-03-10", { status: "published" });
  // Planned, and published but not out yet: neither exists for readers.
  await createEdition(db, "2031-03-11", { status: "planned" });
  await createEdition(db, "2031-03-13", { status: "published" });
  const front = await createPrintPage(db, edition, "A", 1);
  const back = await createPrintPage(db, edition, "B", 1);
  for (let i = 0; i < 4; i++) {
    const story = await createArticle(db, {
      category,
      publishedAt: hoursAgo(i + 2),
      leadImageId: i === 0 ? image.id : null,
      authors: [author],
    });
    placed.push(story);
    await placeArticle(db, i < 2 ? front : back, story, i);
  }
  draft = await createArticle(db, { category, status: "draft", publishedAt: null });
  await placeArticle(db, back, draft, 9);
});

const lookups: { lookup: EditionLookup; values: Record<string, unknown> }[] = [
  { lookup: "latest", values: { onOrBefore: "2031-03-12" } },
  { lookup: "dated", values: { date: "2031-03-10" } },
];

describe("a reader's edition page in one batch", () => {
  for (const { lookup, values } of lookups) {
    it(`walks an index or a primary key in every statement (${lookup})`, async () => {
      for (const query of editionPageQueries[lookup](db)) {
        const built = query.getQuery();
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
          .bind(...fillPlaceholders(built.params, { ...values, ...readerWindowValues(window) }))
          .all<{ detail: string }>();
        const plan = results.map((row) => row.detail);
        expect(plan.filter((line) => fullScan.test(line))).toEqual([]);
      }
    });

    it(`answers what the per-request lookups answer (${lookup})`, async () => {
      const [[found], pages, placements, previous, next, rows, ...refRows] = await runPrepared(
        db,
        editionPageQueries[lookup](db),
        { ...values, ...readerWindowValues(window) },
      );
      expect(found).toEqual(await findEditionByDate(db, "2031-03-10", window));
      expect(pages).toEqual(
        await db.select().from(printPages).where(eq(printPages.editionId, edition.id)),
      );
      expect(placements).toEqual(
        await db
          .select()
          .from(printPlacements)
          .where(
            inArray(
              printPlacements.pageId,
              pages.map((page) => page.id),
            ),
          ),
      );
      expect({ previousDate: previous[0]?.date ?? null, nextDate: next[0]?.date ?? null }).toEqual(
        await findNeighbourDates(db, "2031-03-10", window),
      );
      expect(previous[0]?.date).toBe("2031-03-09");
      expect(next).toEqual([]);
      const ids = placements.map((placement) => placement.articleId);
      expect(rows).toEqual(await listVisibleArticlesByIds(db, ids, window.now));
      expect(rows.map((row) => row.id).sort()).toEqual(placed.map((row) => row.id).sort());
      expect(rows.map((row) => row.id)).not.toContain(draft.id);
      const refs = toCardRefs(refRows);
      const expected = await loadCardRefs(db, rows);
      for (const key of [
        "sections",
        "categories",
        "authorsByArticle",
        "images",
        "media",
      ] as const) {
        for (const [id, value] of expected[key]) {
          expect(refs[key].get(id as never)).toEqual(value);
        }
      }
      expect(expected.images.size).toBe(1);
    });
  }

  it("finds nothing for a date without a paper, a planned one or one not out yet", async () => {
    for (const values of [
      { date: "2031-03-01" },
      { date: "2031-03-11" },
      { date: "2031-03-13" },
      { onOrBefore: "2031-03-08" },
    ]) {
      const lookup = "date" in values ? "dated" : "latest";
      const results = await runPrepared(db, editionPageQueries[lookup](db), {
        ...values,
        ...readerWindowValues(window),
      });
      expect(results.every((rows) => rows.length === 0)).toBe(true);
    }
  });

  it("lists a month's editions with the nearest outside it, as readers may see them", async () => {
    const [dates, previous, next] = await runPrepared(db, editionDatesQueries(db), {
      first: "2031-03-10",
      last: "2031-03-31",
      ...readerWindowValues(window),
    });
    expect(dates.map((row) => row.date)).toEqual(["2031-03-10"]);
    expect(previous.map((row) => row.date)).toEqual(["2031-03-09"]);
    expect(next).toEqual([]);
  });
});
