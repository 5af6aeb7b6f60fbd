import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createArticle, createDesk, createEdition, createPrintPage } from "../test/factories.ts";
import type { AuditRecord } from "./audit-queries.ts";
import { createDatabase } from "./database.ts";
import {
  publishEdition,
  replaceEditionPages,
  replacePagePlacements,
} from "./print-edition-queries.ts";
import { printEditions, printPages, printPlacements, type ArticleRow } from "./schema.ts";
import type { PrintEditionRow, PrintPageRow } from "./schema.ts";

/**
 * The print desk's writes against a real D1: two writes from one revision in the same
 * millisecond (a Worker's clock only moves on I/O, so two requests can share one) must not
 * both land; the loser writes nothing and says so (decision 0023).
 */

const db = createDatabase(env.DB);
const NOW = new Date("2026-11-25T09:00:00Z");
const audit: AuditRecord = {
  at: NOW,
  actorId: null,
  action: "print.placements.update",
  subject: "test",
};
let edition: PrintEditionRow;
let a1: PrintPageRow;
const s: ArticleRow[] = [];

beforeAll(async () => {
  const { category } = await createDesk(db);
  for (let i = 0; i < 3; i++) s.push(await createArticle(db, { category }));
  edition = await createEdition(db, "2031-03-04", { status: "planned" });
  a1 = await createPrintPage(db, edition, "A", 1);
});

async function a1Stories(): Promise<number[]> {
  const rows = await db
    .select({ articleId: printPlacements.articleId })
    .from(printPlacements)
    .where(eq(printPlacements.pageId, a1.id))
    .orderBy(asc(printPlacements.order));
  return rows.map((row) => row.articleId);
}

const placement = (story: ArticleRow | undefined) => ({
  articleId: story?.id ?? 0,
  printHeadline: "X",
  isLead: false,
});

describe("two writes from one revision in the same millisecond", () => {
  it("page saves: the first lands, the second writes nothing and is stale", async () => {
    const write = (story: ArticleRow | undefined) =>
      replacePagePlacements(db, {
        editionId: edition.id,
        pageId: a1.id,
        base: 1,
        placements: [placement(story)],
        now: NOW,
        audit,
      });
    expect(await write(s[0])).toBe(true);
    expect(await write(s[1])).toBe(false);
    expect(await a1Stories()).toEqual([s[0]?.id]);
  });

  it("a books save and a publish after a page save from the same base write nothing", async () => {
    const pagesBefore = await db
      .select()
      .from(printPages)
      .where(eq(printPages.editionId, edition.id));
    const cut = await replaceEditionPages(db, {
      editionId: edition.id,
      base: 1,
      pages: [{ book: "B", bookName: "Business", number: 1 }],
      now: NOW,
      audit: { ...audit, action: "print.books.update" },
    });
    expect(cut).toBe(false);
    expect(await db.select().from(printPages).where(eq(printPages.editionId, edition.id))).toEqual(
      pagesBefore,
    );
    const published = await publishEdition(db, {
      editionId: edition.id,
      base: 1,
      publishAt: NOW,
      now: NOW,
      audit: { ...audit, action: "print.edition.publish" },
    });
    expect(published).toBe(false);
    const [row] = await db.select().from(printEditions).where(eq(printEditions.id, edition.id));
    expect(row?.status).toBe("planned");
    expect(row?.revision).toBe(2);
  });
});
