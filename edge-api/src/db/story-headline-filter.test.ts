import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createArticle, createDesk } from "../test/factories.ts";
import { createDatabase } from "./database.ts";
import type { CategoryRow } from "./schema.ts";
import {
  fewHeadlinesHold,
  HEADLINE_LOOKUP_LIMIT,
  listStories,
  type StoryListQuery,
} from "./story-queries.ts";

/**
 * The desk's headline filter (issue 19): a substring of the headline, found through the
 * trigram index (`article_headlines`, migration 0025) when few stories hold it, else tested
 * along the list's index. Both ways answer exactly the same stories.
 */
const db = createDatabase(env.DB);
const now = new Date();
let category: CategoryRow;

const ids = (query: Omit<StoryListQuery, "now" | "limit">) =>
  listStories(db, { ...query, now, limit: 26 }).then((rows) => rows.map((row) => row.id));

/** The same filter looked up and walked: the answers must match. */
async function bothWays(q: string, filter: Omit<StoryListQuery, "now" | "limit" | "q"> = {}) {
  const lookedUp = await ids({ ...filter, q, lookUpHeadlines: true });
  const walked = await ids({ ...filter, q, lookUpHeadlines: false });
  expect(lookedUp).toEqual(walked);
  return lookedUp;
}

beforeAll(async () => {
  ({ category } = await createDesk(db));
});

describe("the desk's headline filter", () => {
  it("finds a substring anywhere in the headline, ignoring case, either way", async () => {
    const bridge = await createArticle(db, { category, headline: "Cambridge Bridge reopens" });
    const quoted = await createArticle(db, { category, headline: 'Mayor says "no" to O\'Brien' });
    const accented = await createArticle(db, { category, headline: "Café strike ends" });
    const draft = await createArticle(db, {
      category,
      headline: "Bridgework draft",
      status: "draft",
      publishedAt: null,
    });
    expect(await bothWays("bridge")).toEqual([draft.id, bridge.id]);
    expect(await bothWays("BRIDGE REO")).toEqual([bridge.id]);
    expect(await bothWays('"no" to')).toEqual([quoted.id]);
    expect(await bothWays("o'brien")).toEqual([quoted.id]);
    expect(await bothWays("Café")).toEqual([accented.id]);
    // `containsText` folds ASCII case only; the trigram index's wider folding is not the answer.
    expect(await bothWays("CAFÉ")).toEqual([]);
    expect(await bothWays("bridge", { status: "draft" })).toEqual([draft.id]);
    expect(await bothWays("bridge", { sectionId: category.sectionId })).toEqual([
      draft.id,
      bridge.id,
    ]);
    expect(await bothWays("no such words")).toEqual([]);
  });

  it("follows headline edits and deletions (the index's triggers)", async () => {
    const story = await createArticle(db, { category, headline: "Lantern fair opens" });
    expect(await bothWays("lantern")).toEqual([story.id]);
    await env.DB.prepare("UPDATE articles SET headline = 'Kite fair opens' WHERE id = ?")
      .bind(story.id)
      .run();
    expect(await bothWays("lantern")).toEqual([]);
    expect(await bothWays("kite fair")).toEqual([story.id]);
    await env.DB.prepare("DELETE FROM articles WHERE id = ?").bind(story.id).run();
    expect(await bothWays("kite fair")).toEqual([]);
  });

  it("looks up words few headlines hold, and walks for common or short ones", async () => {
    await createArticle(db, { category, headline: "Orchard harvest" });
    expect(await fewHeadlinesHold(db, "orchard")).toBe(true);
    expect(await fewHeadlinesHold(db, "nothing holds this")).toBe(true);
    // Under three characters there is no trigram.
    expect(await fewHeadlinesHold(db, "or")).toBe(false);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO articles (slug, section_id, category_id, headline, status, published_at, updated_at)
       SELECT 'tide-' || i, ?2, ?3, 'Tide table ' || i, 'published', ?4, ?4 FROM n`,
    )
      .bind(HEADLINE_LOOKUP_LIMIT + 1, category.sectionId, category.id, now.getTime())
      .run();
    expect(await fewHeadlinesHold(db, "tide table")).toBe(false);
    // 99 and 990 to 999.
    expect(await bothWays("tide table 99")).toHaveLength(11);
  });
});
