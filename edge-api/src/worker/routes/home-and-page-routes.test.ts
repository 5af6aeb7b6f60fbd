import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../db/database.ts";
import type { PageResponse } from "../../contract/article-contract.ts";
import type { HomeResponse } from "../../contract/listing-contract.ts";
import type { ApiErrorBody } from "../../contract/content-contract.ts";
import { apiJson } from "../../test/api-request.ts";
import { createArticle, createDesk, createPage, hoursAgo } from "../../test/factories.ts";

const db = createDatabase(env.DB);

beforeAll(async () => {
  const world = await createDesk(db, { slug: "world", name: "World", position: 1 });
  const culture = await createDesk(db, { slug: "culture", name: "Culture", position: 2 });
  await createDesk(db, { slug: "business", name: "Business", position: 3 });
  for (let i = 0; i < 10; i++) {
    await createArticle(db, {
      category: world.category,
      slug: `world-${i}`,
      publishedAt: hoursAgo(i * 2 + 1),
    });
    await createArticle(db, {
      category: culture.category,
      slug: `culture-${i}`,
      publishedAt: hoursAgo(i * 2 + 2),
    });
  }
  await createArticle(db, {
    category: world.category,
    slug: "draft",
    status: "draft",
    publishedAt: null,
  });
  await createArticle(db, {
    category: world.category,
    slug: "soon",
    status: "published",
    publishedAt: hoursAgo(-3),
  });
  await createPage(db, "about", [
    { type: "heading", text: "Who we are" },
    { type: "list", items: ["One", "Two"] },
  ]);
});

describe("GET /api/home", () => {
  it("leads with the newest article and never repeats lead, top and latest", async () => {
    const { status, body } = await apiJson<HomeResponse>("/api/home");
    expect(status).toBe(200);
    expect(body.lead?.slug).toBe("world-0");
    expect(body.top.map((a) => a.slug)).toEqual(["culture-0", "world-1", "culture-1", "world-2"]);
    const front = [
      body.lead?.slug,
      ...body.top.map((a) => a.slug),
      ...body.latest.map((a) => a.slug),
    ];
    expect(new Set(front).size).toBe(front.length);
    expect(body.latest).toHaveLength(8);
    expect(front).not.toContain("draft");
    expect(front).not.toContain("soon");
  });

  it("gives every section, in order, its newest four", async () => {
    const { body } = await apiJson<HomeResponse>("/api/home");
    expect(body.sections.map((s) => s.section.slug)).toEqual(["world", "culture", "business"]);
    expect(body.sections[0]?.articles.map((a) => a.slug)).toEqual([
      "world-0",
      "world-1",
      "world-2",
      "world-3",
    ]);
    expect(body.sections[2]?.articles).toEqual([]);
  });
});

describe("GET /api/pages/:slug", () => {
  it("serves a static page", async () => {
    const { status, body } = await apiJson<PageResponse>("/api/pages/about");
    expect(status).toBe(200);
    expect(body.page).toMatchObject({
      slug: "about",
      title: "Title of about",
      body: [
        { type: "heading", text: "Who we are" },
        { type: "list", items: ["One", "Two"] },
      ],
    });
  });

  it.each(["missing", "ABOUT", "%00"])("answers 404 for %s", async (slug) => {
    const { status, body } = await apiJson<ApiErrorBody>(`/api/pages/${slug}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });
});
