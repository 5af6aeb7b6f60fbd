import { env } from "cloudflare:workers";
import { fillPlaceholders } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ArticleCursor } from "../domain/article-cursor.ts";
import {
  createArticle,
  createAuthor,
  createCategory,
  createDesk,
  createImage,
  createTag,
  hoursAgo,
} from "../test/factories.ts";
import { listVisibleArticles, type ArticleListFilter } from "./article-queries.ts";
import { loadCardRefs, toCardRefs } from "./article-ref-queries.ts";
import { createDatabase } from "./database.ts";
import {
  authorListingQueries,
  categoryListingQueries,
  LISTING_PAGE_SIZE,
  listingPageValues,
  sectionListingQueries,
  tagListingQueries,
  walkOf,
  type ArticlePageRequest,
  type ListingWalk,
} from "./listing-page-queries.ts";
import { runPrepared, type PreparedSelect } from "./prepared-batch.ts";
import type { AuthorRow, CategoryRow, SectionRow, TagRow } from "./schema.ts";

const db = createDatabase(env.DB);
const fullScan = /^SCAN (articles|article_authors|article_tags)\b/;
const walks: ListingWalk[] = ["newest", "older", "newer"];

let section: SectionRow;
let category: CategoryRow;
let otherCategory: CategoryRow;
let author: AuthorRow;
let tag: TagRow;
let middle: ArticleCursor;

beforeAll(async () => {
  ({ section, category } = await createDesk(db));
  otherCategory = await createCategory(db, section);
  const portrait = await createImage(db);
  author = await createAuthor(db, { portraitImageId: portrait.id });
  const coAuthor = await createAuthor(db);
  tag = await createTag(db);
  const image = await createImage(db);
  // More than two pages, in two categories, with lead images, co-authors and a draft.
  for (let i = 0; i < 2 * LISTING_PAGE_SIZE + 5; i++) {
    await createArticle(db, {
      category: i % 3 === 0 ? otherCategory : category,
      publishedAt: hoursAgo(i + 1),
      leadImageId: i % 2 === 0 ? image.id : null,
      authors: i % 4 === 0 ? [author, coAuthor] : [author],
      tags: [tag],
    });
  }
  await createArticle(db, { category, status: "draft", publishedAt: null, authors: [author] });
  const [row] = await listVisibleArticles(db, {
    now: new Date(),
    filter: { kind: "section", sectionId: section.id },
    bound: undefined,
    limit: LISTING_PAGE_SIZE + 10,
  }).offset(LISTING_PAGE_SIZE + 3);
  if (!row?.publishedAt) throw new Error("no middle article");
  middle = { publishedAt: row.publishedAt, id: row.id };
});

interface Listing {
  name: string;
  queries: (db: ReturnType<typeof createDatabase>, walk: ListingWalk) => PreparedSelect<unknown>[];
  slugs: () => Parameters<typeof listingPageValues>[0];
  owners: number;
  filter: () => ArticleListFilter;
}

const listings: Listing[] = [
  {
    name: "section",
    queries: (d, walk) => [...sectionListingQueries(d, walk)],
    slugs: () => ({ section: section.slug }),
    owners: 2,
    filter: () => ({ kind: "section", sectionId: section.id }),
  },
  {
    name: "category",
    queries: (d, walk) => [...categoryListingQueries(d, walk)],
    slugs: () => ({ section: section.slug, category: category.slug }),
    owners: 3,
    filter: () => ({ kind: "category", categoryId: category.id }),
  },
  {
    name: "author",
    queries: (d, walk) => [...authorListingQueries(d, walk)],
    slugs: () => ({ slug: author.slug }),
    owners: 2,
    filter: () => ({ kind: "author", authorId: author.id }),
  },
  {
    name: "tag",
    queries: (d, walk) => [...tagListingQueries(d, walk)],
    slugs: () => ({ slug: tag.slug }),
    owners: 1,
    filter: () => ({ kind: "tag", tagId: tag.id }),
  },
];

function pageRequest(walk: ListingWalk): ArticlePageRequest {
  if (walk === "older") return { before: middle };
  if (walk === "newer") return { after: middle };
  return {};
}

describe("a listing page's statements, built once and sent in one batch", () => {
  for (const listing of listings) {
    for (const walk of walks) {
      it(`walks an index in every statement: ${listing.name}, ${walk}`, async () => {
        const page = pageRequest(walk);
        expect(walkOf(page)).toBe(walk);
        const values = listingPageValues(listing.slugs(), page, new Date());
        for (const query of listing.queries(db, walk)) {
          const built = query.getQuery();
          const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${built.sql}`)
            .bind(...fillPlaceholders(built.params, values))
            .all<{ detail: string }>();
          const plan = results.map((row) => row.detail);
          expect(plan.filter((line) => fullScan.test(line))).toEqual([]);
          // No sort of a listing's candidates (a section's few categories may be sorted).
          if (built.sql.includes('"articles"')) {
            expect(plan, built.sql).not.toContain("USE TEMP B-TREE FOR ORDER BY");
          }
        }
      });

      it(`answers what the listing built per request answers: ${listing.name}, ${walk}`, async () => {
        const now = new Date();
        const page = pageRequest(walk);
        const results = await runPrepared(
          db,
          listing.queries(db, walk),
          listingPageValues(listing.slugs(), page, now),
        );
        const [rows, behind, ...refRows] = results.slice(listing.owners);
        const filter = listing.filter();
        const cursor = page.after ?? page.before;
        const direction = page.after ? "newer" : "older";
        const expectedRows = await listVisibleArticles(db, {
          now,
          filter,
          bound: cursor && { cursor, direction },
          limit: LISTING_PAGE_SIZE + 1,
        });
        expect(rows).toEqual(expectedRows);
        expect(expectedRows.length).toBeGreaterThan(0);
        const expectedBehind = cursor
          ? await listVisibleArticles(db, {
              now,
              filter,
              bound: {
                cursor,
                direction: direction === "newer" ? "older" : "newer",
                inclusive: true,
              },
              limit: 1,
            })
          : [];
        expect(behind).toEqual(expectedBehind);
        const refs = toCardRefs(refRows as Parameters<typeof toCardRefs>[0]);
        expect(refs).toEqual(await loadCardRefs(db, expectedRows));
      });
    }
  }

  it("finds the owners by slug: the section with its categories, the category, the author's portrait", async () => {
    const now = new Date();
    const [[sectionRow], categories, [categoryRow]] = await runPrepared(
      db,
      categoryListingQueries(db, "newest"),
      listingPageValues({ section: section.slug, category: otherCategory.slug }, {}, now),
    );
    expect(sectionRow).toEqual(section);
    expect(categories.map((row) => row.id)).toEqual([category.id, otherCategory.id]);
    expect(categoryRow).toEqual(otherCategory);
    const [[authorRow], [portrait]] = await runPrepared(
      db,
      authorListingQueries(db, "newest"),
      listingPageValues({ slug: author.slug }, {}, now),
    );
    expect(authorRow).toEqual(author);
    expect(portrait?.id).toBe(author.portraitImageId);
  });

  it("finds nothing, and lists nothing, for slugs nobody has", async () => {
    for (const listing of listings) {
      const slugs =
        "slug" in listing.slugs()
          ? { slug: "nobody-has-this" }
          : { section: section.slug, category: "nobody-has-this" };
      const missing = listing.name === "section" ? { section: "nobody-has-this" } : slugs;
      const results = await runPrepared(
        db,
        listing.queries(db, "newest"),
        listingPageValues(missing, {}, new Date()),
      );
      const [owner] = listing.name === "category" ? results.slice(2) : results;
      expect(owner).toEqual([]);
      expect(results.slice(listing.owners).every((rows) => rows.length === 0)).toBe(true);
    }
  });

  it("is built once per database and walk", () => {
    expect(sectionListingQueries(db, "older")).toBe(sectionListingQueries(db, "older"));
    expect(sectionListingQueries(db, "older")).not.toBe(sectionListingQueries(db, "newer"));
  });
});
