import { env } from "cloudflare:workers";
import { fillPlaceholders } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FRONT_PAGE_PER_SECTION, FRONT_PAGE_TOP_SLOTS } from "../contract/front-page-contract.ts";
import { curatedIds, parseStoredCuration } from "../domain/front-page-curation.ts";
import {
  createArticle,
  createAuthor,
  createDesk,
  createImage,
  hoursAgo,
} from "../test/factories.ts";
import {
  listNewestPerSection,
  listVisibleArticles,
  listVisibleArticlesByIds,
} from "./article-queries.ts";
import { loadCardRefs, toCardRefs } from "./article-ref-queries.ts";
import { createDatabase } from "./database.ts";
import { frontPage } from "./front-page-schema.ts";
import { HOME_LATEST_COUNT, homePageQueries } from "./home-page-queries.ts";
import { runPrepared } from "./prepared-batch.ts";
import type { ArticleRow } from "./schema.ts";
import { listSections } from "./taxonomy-queries.ts";

const db = createDatabase(env.DB);
const fullScan = /^SCAN (articles|article_authors|article_tags)\b/;
let stories: ArticleRow[] = [];
let draft: ArticleRow;

async function storeCuration(curation: string) {
  await db
    .insert(frontPage)
    .values({ id: 1, revision: 1, curation, updatedAt: new Date() })
    .onConflictDoUpdate({ target: frontPage.id, set: { curation } });
}

async function homeBatch(now = new Date()) {
  return runPrepared(db, homePageQueries(db), { nowMs: now.getTime() });
}

beforeAll(async () => {
  const author = await createAuthor(db);
  const image = await createImage(db);
  for (const position of [1, 2, 3]) {
    const { category } = await createDesk(db, { position });
    for (let i = 0; i < 8; i++) {
      stories.push(
        await createArticle(db, {
          category,
          publishedAt: hoursAgo(i * 3 + position),
          leadImageId: i % 2 === 0 ? image.id : null,
          authors: [author],
        }),
      );
    }
  }
  stories = stories.sort(
    (a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0),
  );
  const [{ category }] = [await createDesk(db, { position: 4 })];
  draft = await createArticle(db, { category, status: "draft", publishedAt: null });
});

describe("the home page's statements, built once and sent in one batch", () => {
  it("walks an index or a primary key in every statement (no pass over the articles)", async () => {
    await storeCuration(JSON.stringify({ lead: stories[5]?.id, top: [], sections: {} }));
    for (const query of homePageQueries(db)) {
      const built = query.getQuery();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
        .bind(...fillPlaceholders(built.params, { nowMs: Date.now() }))
        .all<{ detail: string }>();
      expect(results.map((row) => row.detail).filter((line) => fullScan.test(line))).toEqual([]);
    }
  });

  it("answers what the statements built per request answer, the cards' references included", async () => {
    const oldest = stories.at(-1);
    const curation = JSON.stringify({
      lead: oldest?.id,
      top: [null, draft.id],
      sections: { [String(oldest?.sectionId)]: [stories.at(-2)?.id] },
    });
    await storeCuration(curation);
    const now = new Date();
    const [[row], newest, perSection, sections, curated, ...refRows] = await homeBatch(now);
    expect(row?.curation).toBe(curation);
    const expectedNewest = await listVisibleArticles(db, {
      now,
      filter: { kind: "all" },
      limit: 1 + FRONT_PAGE_TOP_SLOTS + HOME_LATEST_COUNT,
    });
    expect(newest).toEqual(expectedNewest);
    expect(perSection).toEqual(await listNewestPerSection(db, now, FRONT_PAGE_PER_SECTION));
    expect(sections).toEqual(await listSections(db));
    const ids = curatedIds(parseStoredCuration(curation));
    expect(curated).toEqual(await listVisibleArticlesByIds(db, ids, now));
    // The draft is named but not visible.
    expect(curated.map((story) => story.id).sort()).toEqual(
      [oldest?.id, stories.at(-2)?.id].sort(),
    );
    // Every reference of every story that can be shown, as the per-request lookup finds it.
    const refs = toCardRefs([sections, ...refRows]);
    const expected = await loadCardRefs(db, [...newest, ...perSection, ...curated]);
    for (const key of ["sections", "categories", "authorsByArticle", "images", "media"] as const) {
      for (const [id, value] of expected[key]) {
        expect(refs[key].get(id as never)).toEqual(value);
      }
    }
    expect(expected.images.size).toBeGreaterThan(0);
    const shown = new Set([...newest, ...perSection, ...curated].map((story) => story.id));
    expect(expected.authorsByArticle.size).toBe(shown.size);
  });

  it("reads a curation that is not JSON as none, without failing the batch", async () => {
    await storeCuration("{not json");
    const [[row], newest, , , curated] = await homeBatch();
    expect(row?.curation).toBe("{not json");
    expect(curated).toEqual([]);
    expect(newest.length).toBeGreaterThan(0);
  });

  it("lists nothing curated without a curation", async () => {
    await db.delete(frontPage);
    const [rows, , , , curated] = await homeBatch();
    expect(rows).toEqual([]);
    expect(curated).toEqual([]);
  });
});
