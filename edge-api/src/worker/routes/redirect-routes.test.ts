import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody, RedirectAnswer } from "../../contract/content-contract.ts";
import { createDatabase } from "../../db/database.ts";
import { articles } from "../../db/schema.ts";
import { apiJson, apiRequest } from "../../test/api-request.ts";
import {
  createArticle,
  createDesk,
  createLegacyRedirect,
  createPage,
  hoursAgo,
} from "../../test/factories.ts";

const db = createDatabase(env.DB);

const ask = (path: string) => `/api/redirects?path=${encodeURIComponent(path)}`;

let movedId = 0;

beforeAll(async () => {
  const { category } = await createDesk(db, { slug: "redirect-world", position: 41 });
  const out = await createArticle(db, { category, slug: "imported-story" });
  const draft = await createArticle(db, {
    category,
    slug: "imported-draft",
    status: "draft",
    publishedAt: null,
  });
  const scheduled = await createArticle(db, {
    category,
    slug: "imported-scheduled",
    publishedAt: hoursAgo(-5),
  });
  const takenDown = await createArticle(db, {
    category,
    slug: "imported-taken-down",
    status: "draft",
    publishedAt: hoursAgo(10),
    unpublishedAt: hoursAgo(1),
  });
  const moved = await createArticle(db, { category, slug: "before-the-move" });
  movedId = moved.id;
  const about = await createPage(db, "imported-about", [{ type: "paragraph", text: "Us." }]);
  await createLegacyRedirect(db, "/my-old-post", { articleId: out.id });
  await createLegacyRedirect(db, "/2024/05/my-post", { articleId: out.id }, "wordpress:x");
  await createLegacyRedirect(db, "/?p=123", { articleId: out.id }, "wordpress:x");
  await createLegacyRedirect(db, "/?page_id=7", { pageId: about.id }, "wordpress:x");
  await createLegacyRedirect(db, "/about-us", { pageId: about.id });
  await createLegacyRedirect(db, "/a-draft", { articleId: draft.id });
  await createLegacyRedirect(db, "/a-scheduled-one", { articleId: scheduled.id });
  await createLegacyRedirect(db, "/taken-down", { articleId: takenDown.id });
  await createLegacyRedirect(db, "/moved-later", { articleId: moved.id });
});

describe("GET /api/redirects", () => {
  it("answers an old address with the article's section, category and slug, without an account", async () => {
    const response = await apiRequest(ask("/my-old-post"));
    expect(response.status).toBe(200);
    const body = (await response.json()) as RedirectAnswer;
    expect(body.target).toMatchObject({
      kind: "article",
      section: "redirect-world",
      slug: "imported-story",
    });
    expect(body.target.kind === "article" && body.target.category).toMatch(/^category-/);
    // A content read: kept briefly like the others, never for long.
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=60\b/);
  });

  it("finds the old address whatever its case, trailing slash, other parameters or fragment", async () => {
    for (const path of [
      "/2024/05/my-post/",
      "/2024/05/My-Post",
      "/2024/05/my-post/?utm_source=newsletter",
      "/2024/05/my-post#comments",
    ]) {
      const { status, body } = await apiJson<RedirectAnswer>(ask(path));
      expect(status, path).toBe(200);
      expect(body.target, path).toMatchObject({ kind: "article", slug: "imported-story" });
    }
  });

  it("answers WordPress's short links: ?p= to the article, ?page_id= to the page", async () => {
    const post = await apiJson<RedirectAnswer>(ask("/?p=123&utm_medium=social"));
    expect(post.status).toBe(200);
    expect(post.body.target).toMatchObject({ kind: "article", slug: "imported-story" });
    const page = await apiJson<RedirectAnswer>(ask("/?page_id=7"));
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ target: { kind: "page", slug: "imported-about" } });
  });

  it("answers an old address of a page with the page's slug", async () => {
    const { status, body } = await apiJson<RedirectAnswer>(ask("/about-us/"));
    expect(status).toBe(200);
    expect(body).toEqual({ target: { kind: "page", slug: "imported-about" } });
  });

  it("follows the article where it is now: a later change of slug is the new address", async () => {
    await db.update(articles).set({ slug: "after-the-move" }).where(eq(articles.id, movedId));
    const { status, body } = await apiJson<RedirectAnswer>(ask("/moved-later"));
    expect(status).toBe(200);
    expect(body.target).toMatchObject({ kind: "article", slug: "after-the-move" });
  });

  it("answers 404 for a draft, a scheduled or a taken-down article, exactly as for no old address", async () => {
    const unknown = await apiRequest(ask("/never-was"));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("no-store");
    const expected = ((await unknown.json()) as ApiErrorBody).error;
    for (const path of ["/a-draft", "/a-scheduled-one", "/taken-down"]) {
      const { status, body } = await apiJson<ApiErrorBody>(ask(path));
      expect(status, path).toBe(404);
      expect(body.error.code, path).toBe("not_found");
      expect(body.error.message, path).toBe(expected.message);
      expect(JSON.stringify(body), path).not.toContain("imported-");
    }
  });

  it("answers 400 for a path it could not have stored, a missing path or another parameter", async () => {
    for (const url of [
      "/api/redirects",
      "/api/redirects?path=",
      ask("my-old-post"),
      ask("https://old.example/my-old-post"),
      ask("/my old post"),
      ask("/my\told-post"),
      ask(`/${"a".repeat(1_000)}`),
      ask(`/${"a".repeat(20_000)}`),
      `${ask("/my-old-post")}&also=1`,
    ]) {
      const { status, body } = await apiJson<ApiErrorBody>(url);
      expect(status, url.slice(0, 80)).toBe(400);
      expect(body.error.code, url.slice(0, 80)).toBe("invalid_request");
    }
  });
});
