import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchResponse } from "../../contract/search-contract.ts";
import { createDatabase } from "../../db/database.ts";
import { SEARCH_WINDOW } from "../../db/search-queries.ts";
import { apiJson } from "../../test/api-request.ts";
import { createArticle, createDesk, HOUR } from "../../test/factories.ts";
import type { CategoryRow } from "../../db/schema.ts";

/**
 * Relevance without bm25 (issue 19): every term in the headline first, then in the headline or
 * standfirst, then anywhere; newest first inside each; the first two only among the newest
 * `SEARCH_WINDOW` matches, and paging goes on past the window through every older match.
 */
const db = createDatabase(env.DB);
const now = Date.now();
let category: CategoryRow;

const slugsOf = (body: SearchResponse) => body.results.map((result) => result.article.slug);

/** Every result of a search, page by page. */
async function allResults(query: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const after: string = cursor ? `&cursor=${cursor}` : "";
    const { status, body } = await apiJson<SearchResponse>(
      `/api/search?q=${encodeURIComponent(query)}${after}`,
    );
    expect(status).toBe(200);
    seen.push(...slugsOf(body));
    cursor = body.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error("more than 100 pages");
}

beforeAll(async () => {
  ({ category } = await createDesk(db));
  const at = (hours: number) => new Date(now - hours * HOUR);
  const paragraph = (text: string) => [{ type: "paragraph" as const, text }];
  // Oldest first: the headline match is the oldest, the body-only matches the newest.
  await createArticle(db, {
    category,
    slug: "in-headline-old",
    headline: "Ferry timetable cut",
    publishedAt: at(30),
    body: paragraph("Crossings fall to two a day."),
  });
  await createArticle(db, {
    category,
    slug: "in-headline",
    headline: "Ferry timetable restored",
    publishedAt: at(20),
  });
  await createArticle(db, {
    category,
    slug: "in-standfirst",
    headline: "Islanders win their case",
    standfirst: "The ferry timetable returns in spring.",
    publishedAt: at(10),
  });
  await createArticle(db, {
    category,
    slug: "split",
    headline: "A ferry for the island",
    standfirst: "Councillors argue.",
    body: paragraph("The timetable is not settled."),
    publishedAt: at(6),
  });
  await createArticle(db, {
    category,
    slug: "in-body",
    headline: "Harbour news",
    body: paragraph("The ferry timetable was read aloud at the harbour."),
    publishedAt: at(2),
  });
});

describe("search relevance tiers", () => {
  it("ranks headline, then standfirst, then anywhere; newest first within each", async () => {
    expect(await allResults("ferry timetable")).toEqual([
      "in-headline",
      "in-headline-old",
      "in-standfirst",
      "in-body",
      "split",
    ]);
  });

  it("marks the words in every result's snippet, where its tier found them", async () => {
    const { body } = await apiJson<SearchResponse>("/api/search?q=ferry%20timetable");
    const marked = (slug: string) =>
      body.results
        .find((result) => result.article.slug === slug)
        ?.snippet.filter((part) => part.match)
        .map((part) => part.text.toLowerCase());
    // The headline ("Ferry timetable restored"), though the factory's body has neither word.
    expect(marked("in-headline")).toEqual(["ferry", "timetable"]);
    expect(marked("in-standfirst")).toEqual(["ferry", "timetable"]);
    expect(marked("in-body")).toEqual(["ferry", "timetable"]);
    // Split over headline and body: the snippet is the one column with the best fragment.
    expect(marked("split")?.length).toBeGreaterThan(0);
  });

  it("ranks the headline among the newest matches only, and pages on through older ones", async () => {
    // SEARCH_WINDOW + 20 newer articles with the word in the body only.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO articles (slug, section_id, category_id, headline, standfirst, body, status, published_at, updated_at)
       SELECT 'crowd-' || i, ?2, ?3, 'Crowd ' || i, '', json_array(json_object('type', 'paragraph', 'text', 'The ferry timetable again.')), 'published', ?4 + i, ?4 + i FROM n`,
    )
      .bind(SEARCH_WINDOW + 20, category.sectionId, category.id, now - HOUR)
      .run();
    const results = await allResults("ferry timetable");
    expect(results).toHaveLength(SEARCH_WINDOW + 25);
    expect(new Set(results).size).toBe(SEARCH_WINDOW + 25);
    // The headline matches are older than the window: with the rest, by time, at the end.
    expect(results.slice(0, 3)).toEqual([
      `crowd-${SEARCH_WINDOW + 20}`,
      `crowd-${SEARCH_WINDOW + 19}`,
      `crowd-${SEARCH_WINDOW + 18}`,
    ]);
    expect(results.slice(-5)).toEqual([
      "in-body",
      "split",
      "in-standfirst",
      "in-headline",
      "in-headline-old",
    ]);
  });
});
