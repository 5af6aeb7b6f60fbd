import { env } from "cloudflare:workers";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { articleRevisions } from "../db/account-schema.ts";
import { createDatabase } from "../db/database.ts";
import { importItems, legacyRedirects } from "../db/import-schema.ts";
import {
  articleAuthors,
  articleTags,
  articles,
  authors,
  categories,
  pages,
  sections,
  tags,
} from "../db/schema.ts";
import { createArticle, createAuthor, createDesk, createTag } from "../test/factories.ts";
import type { ImportSource, SourcePost } from "./import-model.ts";
import { originOf, planImport, type ImportRules } from "./import-plan.ts";
import { loadSiteState, writeImport } from "./import-writer.ts";

/**
 * The planner and the writer on a real D1 (issue 18): WordPress categories to sections and
 * categories, Ghost's primary tag by a rule, authors as profiles, tags merged by slug, statuses
 * and dates kept, a taken slug renamed, pages, old addresses, and a second run that changes
 * nothing.
 */

const db = createDatabase(env.DB);
const NOW = new Date("2026-11-25T09:00:00Z");
const RULES: ImportRules = { defaultSection: "archive", tagSections: { sport: "sport-desk" } };

function post(overrides: Partial<SourcePost> & Pick<SourcePost, "sourceId" | "slug">): SourcePost {
  return {
    kind: "post",
    title: `Title of ${overrides.slug}`,
    html: "<p>First <strong>bold</strong> paragraph.</p><p>Second.</p>",
    excerpt: "",
    status: "published",
    publishedAt: new Date("2024-05-01T10:00:00Z"),
    createdAt: new Date("2024-04-30T10:00:00Z"),
    updatedAt: new Date("2024-05-02T10:00:00Z"),
    authorSourceIds: ["u1"],
    tagSourceIds: [],
    categorySourceIds: [],
    featureImage: null,
    oldPaths: [`/${overrides.slug}`],
    ...overrides,
  };
}

function wordPress(): ImportSource {
  return {
    system: "wordpress",
    siteUrl: "https://old-wp.example",
    siteTitle: "Old WP",
    authors: [{ sourceId: "u1", slug: "maren-holt", name: "Maren Holt", bio: "", jobTitle: "" }],
    tags: [
      { sourceId: "t1", slug: "harbour", name: "Harbour", description: "" },
      { sourceId: "t2", slug: "existing-tag", name: "Existing", description: "" },
    ],
    categories: [
      { sourceId: "c1", slug: "world-news", name: "World news", parentSourceId: null },
      { sourceId: "c2", slug: "europe", name: "Europe", parentSourceId: "c1" },
      { sourceId: "c3", slug: "uncategorized", name: "Uncategorized", parentSourceId: null },
    ],
    posts: [
      post({
        sourceId: "101",
        slug: "ferry-strike",
        categorySourceIds: ["c2"],
        tagSourceIds: ["t1", "t2"],
        oldPaths: ["/2024/05/ferry-strike", "/?p=101"],
      }),
      post({ sourceId: "102", slug: "top-level-only", categorySourceIds: ["c1"] }),
      post({ sourceId: "103", slug: "lost-post", categorySourceIds: ["c3"] }),
      post({
        sourceId: "104",
        slug: "a-draft",
        status: "draft",
        publishedAt: null,
        categorySourceIds: ["c2"],
      }),
      post({
        sourceId: "105",
        slug: "scheduled-one",
        status: "scheduled",
        publishedAt: new Date("2030-01-01T08:00:00Z"),
        categorySourceIds: ["c2"],
      }),
      post({ sourceId: "106", slug: "taken-slug", categorySourceIds: ["c2"] }),
      // WordPress writes a non-ASCII slug percent-encoded.
      post({ sourceId: "107", slug: "caf%c3%a9-society", categorySourceIds: ["c2"] }),
      post({
        sourceId: "201",
        kind: "page",
        slug: "about-us",
        oldPaths: ["/about-us", "/?page_id=201"],
      }),
    ],
    notes: [],
  };
}

async function importOnce(source: ImportSource) {
  const plan = planImport(source, await loadSiteState(db, originOf(source)), RULES);
  const outcome = await writeImport(db, plan, { now: NOW, actorId: null, batchSize: 2 });
  return { plan, outcome };
}

const articleBySlug = async (slug: string) =>
  (await db.select().from(articles).where(eq(articles.slug, slug)))[0];

beforeAll(async () => {
  await createTag(db, { slug: "existing-tag", name: "Already here" });
  const { category } = await createDesk(db, { slug: "home-news", name: "Home" });
  await createArticle(db, { category, slug: "taken-slug" });
  await createAuthor(db, { slug: "someone-else", name: "Someone" });
});

describe("a WordPress site in another language", () => {
  it("takes its translated default category (Sin categoría, Non classé, Без рубрики) as uncategorised", async () => {
    const source: ImportSource = {
      ...wordPress(),
      categories: [
        { sourceId: "1", slug: "sin-categoria", name: "Sin categoría", parentSourceId: null },
        { sourceId: "2", slug: "non-classe", name: "Non classé", parentSourceId: null },
        {
          sourceId: "3",
          slug: "%d0%b1%d0%b5%d0%b7-%d1%80%d1%83%d0%b1%d1%80%d0%b8%d0%ba%d0%b8",
          name: "Без рубрики",
          parentSourceId: null,
        },
        { sourceId: "4", slug: "deportes", name: "Deportes", parentSourceId: null },
      ],
      posts: [
        post({ sourceId: "1", slug: "uno", categorySourceIds: ["1"] }),
        post({ sourceId: "2", slug: "deux", categorySourceIds: ["2"] }),
        post({ sourceId: "3", slug: "tri", categorySourceIds: ["3"] }),
        post({ sourceId: "4", slug: "futbol", categorySourceIds: ["1", "4"] }),
      ],
    };
    const plan = planImport(source, await loadSiteState(db, "wordpress:elsewhere"), RULES);
    expect(plan.articles.map((article) => [article.slug, article.placedIn.section])).toEqual([
      ["uno", "archive"],
      ["deux", "archive"],
      ["tri", "archive"],
      ["futbol", "deportes"],
    ]);
    expect(plan.newSections.map((section) => section.slug)).not.toContain("sin-categoria");
  });
});

describe("a WordPress export", () => {
  it("maps categories, authors, tags, statuses, dates, pages and old addresses", async () => {
    const { plan, outcome } = await importOnce(wordPress());
    expect(outcome).toMatchObject({ articles: 7, pages: 1 });
    expect(await articleBySlug("cafe-society")).toBeDefined();

    // A nested category is a category of its parent's section; a top-level one a section.
    const ferry = await articleBySlug("ferry-strike");
    const [world] = await db.select().from(sections).where(eq(sections.slug, "world-news"));
    const [europe] = await db.select().from(categories).where(eq(categories.slug, "europe"));
    expect(world?.name).toBe("World news");
    expect(ferry?.sectionId).toBe(world?.id);
    expect(ferry?.categoryId).toBe(europe?.id);
    expect(europe?.sectionId).toBe(world?.id);
    const topLevel = await articleBySlug("top-level-only");
    const [general] = await db
      .select()
      .from(categories)
      .where(eq(categories.id, topLevel?.categoryId ?? 0));
    expect(general?.slug).toBe("general");
    // Uncategorised: the section the importer named.
    const lost = await articleBySlug("lost-post");
    const [archive] = await db.select().from(sections).where(eq(sections.slug, "archive"));
    expect(lost?.sectionId).toBe(archive?.id);

    // Statuses and dates kept; the body is our blocks with its marks.
    expect(ferry).toMatchObject({
      status: "published",
      publishedAt: new Date("2024-05-01T10:00:00Z"),
    });
    expect(JSON.parse(ferry?.body ?? "[]")).toEqual([
      {
        type: "paragraph",
        text: "First bold paragraph.",
        runs: [{ text: "First " }, { text: "bold", bold: true }, { text: " paragraph." }],
      },
      { type: "paragraph", text: "Second." },
    ]);
    expect(await articleBySlug("a-draft")).toMatchObject({ status: "draft", publishedAt: null });
    expect(await articleBySlug("scheduled-one")).toMatchObject({
      status: "published",
      publishedAt: new Date("2030-01-01T08:00:00Z"),
    });

    // A taken slug gets a suffix and the report says so; the existing story is untouched.
    expect(await articleBySlug("taken-slug-2")).toBeDefined();
    expect(plan.notes).toContainEqual({
      post: { sourceId: "106", title: "Title of taken-slug" },
      kind: "renamed",
      detail: "taken-slug is taken here: taken-slug-2.",
    });

    // The author is a profile; tags: the new one made, the existing one merged.
    const byline = await db
      .select({ slug: authors.slug })
      .from(articleAuthors)
      .innerJoin(authors, eq(authors.id, articleAuthors.authorId))
      .where(eq(articleAuthors.articleId, ferry?.id ?? 0));
    expect(byline).toEqual([{ slug: "maren-holt" }]);
    const tagged = await db
      .select({ slug: tags.slug, name: tags.name })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(eq(articleTags.articleId, ferry?.id ?? 0))
      .orderBy(asc(tags.slug));
    expect(tagged).toEqual([
      { slug: "existing-tag", name: "Already here" },
      { slug: "harbour", name: "Harbour" },
    ]);

    // A story the story desk can open: revision 1 with its fields.
    const [revision] = await db
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.id, ferry?.currentRevisionId ?? 0));
    expect(JSON.parse(revision?.fields ?? "{}")).toMatchObject({
      slug: "ferry-strike",
      section: "world-news",
      category: "europe",
      authors: ["maren-holt"],
    });

    // The page, and every old address.
    const [page] = await db.select().from(pages).where(eq(pages.slug, "about-us"));
    expect(page?.title).toBe("Title of about-us");
    const redirects = await db
      .select()
      .from(legacyRedirects)
      .where(eq(legacyRedirects.origin, "wordpress:https://old-wp.example"));
    expect(redirects.map((row) => row.path).sort()).toEqual(
      [
        "/2024/05/ferry-strike",
        "/?p=101",
        "/top-level-only",
        "/lost-post",
        "/scheduled-one",
        "/taken-slug",
        "/caf%c3%a9-society",
        "/about-us",
        "/?page_id=201",
      ].sort(),
    );
    expect(redirects.find((row) => row.path === "/?page_id=201")?.pageId).toBe(page?.id);
  });

  it("changes nothing the second time", async () => {
    const count = async () => ({
      articles: (await db.select().from(articles)).length,
      tags: (await db.select().from(tags)).length,
      authors: (await db.select().from(authors)).length,
      sections: (await db.select().from(sections)).length,
      items: (await db.select().from(importItems)).length,
      redirects: (await db.select().from(legacyRedirects)).length,
    });
    const before = await count();
    const { plan, outcome } = await importOnce(wordPress());
    expect(plan.alreadyImported).toEqual({ posts: 7, pages: 1 });
    expect(plan.articles).toEqual([]);
    expect(outcome).toMatchObject({ articles: 0, pages: 0 });
    expect(await count()).toEqual(before);
  });
});

describe("a Ghost export", () => {
  it("puts a post in the section its primary tag's rule names, the rest in the default", async () => {
    const source: ImportSource = {
      system: "ghost",
      siteUrl: "https://old-ghost.example",
      siteTitle: "Old Ghost",
      authors: [
        { sourceId: "u1", slug: "someone-else", name: "Another Someone", bio: "", jobTitle: "" },
      ],
      tags: [
        { sourceId: "g1", slug: "sport", name: "Sport", description: "" },
        { sourceId: "g2", slug: "cup", name: "Cup", description: "" },
      ],
      categories: [],
      posts: [
        post({ sourceId: "p1", slug: "cup-final", tagSourceIds: ["g1", "g2"] }),
        post({ sourceId: "p2", slug: "no-rule", tagSourceIds: ["g2"] }),
        post({ sourceId: "p3", slug: "nobody-wrote-it", authorSourceIds: [] }),
      ],
      notes: [],
    };
    const { plan } = await importOnce(source);
    const [sport] = await db.select().from(sections).where(eq(sections.slug, "sport-desk"));
    expect((await articleBySlug("cup-final"))?.sectionId).toBe(sport?.id);
    const [archive] = await db.select().from(sections).where(eq(sections.slug, "archive"));
    expect((await articleBySlug("no-rule"))?.sectionId).toBe(archive?.id);
    // An author slug taken by someone else here: a new profile with a suffix, never theirs.
    expect(plan.newAuthors.map((author) => author.slug)).toEqual(["someone-else-2", "imported"]);
    const nobody = await articleBySlug("nobody-wrote-it");
    const byline = await db
      .select({ slug: authors.slug })
      .from(articleAuthors)
      .innerJoin(authors, eq(authors.id, articleAuthors.authorId))
      .where(eq(articleAuthors.articleId, nobody?.id ?? 0));
    expect(byline).toEqual([{ slug: "imported" }]);
  });
});
