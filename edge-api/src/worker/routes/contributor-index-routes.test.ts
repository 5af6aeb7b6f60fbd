import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/database.ts";
import type { AuthorRow } from "../../db/schema.ts";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import type { AuthorsIndexResponse, TagsIndexResponse } from "../../contract/listing-contract.ts";
import { apiJson } from "../../test/api-request.ts";
import {
  createArticle,
  createAuthor,
  createDesk,
  createTag,
  HOUR,
  hoursAgo,
} from "../../test/factories.ts";

const db = createDatabase(env.DB);
let zadie: AuthorRow;

/**
 * The authors' and tags' indexes (issue 15): only authors and tags with a visible article, each
 * counted by its visible articles; drafts, scheduled and taken-down articles count for nothing.
 */
beforeAll(async () => {
  const { category } = await createDesk(db);
  zadie = await createAuthor(db, { slug: "zadie-brook", name: "Zadie Brook", title: "Critic" });
  const ada = await createAuthor(db, {
    slug: "ada-quinlan",
    name: "Ada Quinlan",
    title: "Editor",
    portraitImageId: null,
  });
  const drafter = await createAuthor(db, { slug: "drafter", name: "Bea Draft" });
  const scheduler = await createAuthor(db, { slug: "scheduler", name: "Cy Later" });
  const withdrawn = await createAuthor(db, { slug: "withdrawn", name: "Di Gone" });
  const trade = await createTag(db, { slug: "trade", name: "Trade" });
  const arts = await createTag(db, { slug: "arts", name: "Arts" });
  const bridges = await createTag(db, { slug: "bridges", name: "Bridges" });
  const unused = await createTag(db, { slug: "unused", name: "Unused" });
  const later = await createTag(db, { slug: "later", name: "Later" });

  await createArticle(db, { category, authors: [zadie], tags: [trade, arts] });
  await createArticle(db, { category, authors: [zadie, ada], tags: [trade, bridges] });
  await createArticle(db, { category, authors: [zadie], tags: [trade] });
  await createArticle(db, {
    category,
    authors: [drafter, zadie],
    tags: [unused, trade],
    status: "draft",
    publishedAt: null,
  });
  await createArticle(db, {
    category,
    authors: [scheduler],
    tags: [later],
    publishedAt: new Date(Date.now() + 24 * HOUR),
  });
  await createArticle(db, {
    category,
    authors: [withdrawn],
    tags: [unused],
    status: "draft",
    publishedAt: hoursAgo(5),
    unpublishedAt: hoursAgo(2),
  });
});

describe("GET /api/authors", () => {
  it("lists every author with a visible article by name, with role, portrait and count", async () => {
    const { status, body } = await apiJson<AuthorsIndexResponse>("/api/authors");
    expect(status).toBe(200);
    expect(body.authors).toEqual([
      {
        slug: "ada-quinlan",
        name: "Ada Quinlan",
        title: "Editor",
        // No portrait of her own: the publication's placeholder, as on her page.
        portrait: expect.objectContaining({
          src: "/images/portrait.svg",
          alt: "Portrait of Ada Quinlan",
        }),
        articleCount: 1,
      },
      {
        slug: "zadie-brook",
        name: "Zadie Brook",
        title: "Critic",
        portrait: expect.objectContaining({ src: `/images/${zadie.portraitImageId}.svg` }),
        articleCount: 3,
      },
    ]);
  });

  it("gives the same portrait as the author's own page", async () => {
    const index = await apiJson<AuthorsIndexResponse>("/api/authors");
    for (const author of index.body.authors) {
      const page = await apiJson<{ author: { portrait: unknown } }>(`/api/authors/${author.slug}`);
      expect(author.portrait).toEqual(page.body.author.portrait);
    }
  });
});

describe("GET /api/tags", () => {
  it("lists every tag with a visible article, most used first, then by name", async () => {
    const { status, body } = await apiJson<TagsIndexResponse>("/api/tags");
    expect(status).toBe(200);
    expect(body.tags).toEqual([
      { slug: "trade", name: "Trade", articleCount: 3 },
      { slug: "arts", name: "Arts", articleCount: 1 },
      { slug: "bridges", name: "Bridges", articleCount: 1 },
    ]);
  });
});

describe("the indexes' bad requests", () => {
  it.each(["/api/authors?page=2", "/api/tags?sort=name", "/api/authors?before=x"])(
    "refuses %s with 400 invalid_request",
    async (path) => {
      const { status, body } = await apiJson<ApiErrorBody>(path);
      expect(status).toBe(400);
      expect(body.error.code).toBe("invalid_request");
    },
  );
});
