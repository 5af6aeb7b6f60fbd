import type { APIRequestContext } from "@playwright/test";
import { STRONG_PASSWORD, accountNav, signUp, uniqueEmail } from "../support/account-pages.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";
import { expect, test } from "../support/fixtures.ts";
import { newsroomSql, sqlText, waitOutEdgeState } from "../support/newsroom-commands.ts";

/**
 * The edge cache against the real chain (shell -> fragment -> API -> D1): anonymous pages come
 * from the cache, an edit or a publish shows on the next request once the shell's short trust in
 * the content version has passed, and account holders only ever see their own page.
 */
let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { cookie: "" } });
  return {
    status: response.status(),
    cache: response.headers()["x-edge-cache"],
    cacheControl: response.headers()["cache-control"],
    html: await response.text(),
  };
}

test("an anonymous page is served from the edge cache, and an edit shows on the next request", async ({
  request,
}) => {
  const path = demo.article.path;
  await fetchPage(request, path);
  const cached = await fetchPage(request, path);
  expect(cached.cache).toBe("HIT");
  expect(cached.cacheControl).toMatch(/^public, max-age=\d+/);
  expect(cached.html).toContain(demo.article.headline);

  const corrected = `${demo.article.headline} (corrected ${Date.now()})`;
  newsroomSql(
    `UPDATE articles SET headline = ${sqlText(corrected)} WHERE slug = ${sqlText(demo.article.slug)}`,
  );
  try {
    await waitOutEdgeState();
    const next = await fetchPage(request, path);
    expect(next.cache).toBe("MISS");
    expect(next.html).toContain(corrected);
    expect((await fetchPage(request, path)).cache).toBe("HIT");
  } finally {
    newsroomSql(
      `UPDATE articles SET headline = ${sqlText(demo.article.headline)} WHERE slug = ${sqlText(demo.article.slug)}`,
    );
  }
  await waitOutEdgeState();
  expect((await fetchPage(request, path)).html).not.toContain("(corrected ");
});

test("publishing a draft shows it on its page and in its section on the next request", async ({
  request,
}) => {
  const [draft] = newsroomSql(
    `SELECT a.slug AS slug, a.headline AS headline, s.slug AS section, c.slug AS category
       FROM articles a JOIN sections s ON s.id = a.section_id JOIN categories c ON c.id = a.category_id
      WHERE a.status = 'draft' ORDER BY a.id LIMIT 1`,
  ) as { slug: string; headline: string; section: string; category: string }[];
  if (!draft) throw new Error("the demo publication has no draft");
  const path = `/${draft.section}/${draft.category}/${draft.slug}`;
  const sectionPath = `/${draft.section}`;
  expect((await fetchPage(request, path)).status).toBe(404);
  await fetchPage(request, sectionPath);
  expect((await fetchPage(request, sectionPath)).cache).toBe("HIT");

  const publishedAt = Date.now() - 60_000;
  newsroomSql(
    `UPDATE articles SET status = 'published', published_at = ${publishedAt} WHERE slug = ${sqlText(draft.slug)}`,
  );
  try {
    await waitOutEdgeState();
    const page = await fetchPage(request, path);
    expect(page.status).toBe(200);
    expect(page.html).toContain(draft.headline);
    const section = await fetchPage(request, sectionPath);
    expect(section.cache).toBe("MISS");
    expect(section.html).toContain(draft.headline);
  } finally {
    newsroomSql(
      `UPDATE articles SET status = 'draft', published_at = NULL WHERE slug = ${sqlText(draft.slug)}`,
    );
  }
  await waitOutEdgeState();
  expect((await fetchPage(request, path)).status).toBe(404);
});

test("account holders never receive another person's page, nor a cached one", async ({
  browser,
  request,
}) => {
  const readers = ["Ada Cachetest", "Grace Cachetest"];
  const contexts = await Promise.all(readers.map(() => browser.newContext()));
  try {
    for (const [index, name] of readers.entries()) {
      const page = await (contexts[index]?.newPage() ?? Promise.reject(new Error("no context")));
      await signUp(page, { email: uniqueEmail("cache"), name, password: STRONG_PASSWORD });
      await expect(accountNav(page)).toContainText(name);
    }
    // The article is in the edge cache for anonymous readers.
    await fetchPage(request, demo.article.path);
    expect((await fetchPage(request, demo.article.path)).cache).toBe("HIT");
    // Signed-in readers get the page from the readers' template (decision 0025): made by the
    // first (MISS, unless an earlier reader made it), then kept (HIT), each response carrying
    // that reader's own name, never stored for anyone else, and `no-store` for the browser.
    const seen: (string | undefined)[] = [];
    for (const [index, name] of readers.entries()) {
      const context = contexts[index];
      if (!context) throw new Error("no context");
      const page = await context.newPage();
      const response = await page.goto(demo.article.path);
      seen.push(response?.headers()["x-edge-cache"]);
      expect(response?.headers()["cache-control"]).toBe("no-store");
      await expect(accountNav(page)).toContainText(name);
      const other = readers.find((reader) => reader !== name) ?? "";
      await expect(page.locator("body")).not.toContainText(other);
    }
    expect(["MISS", "HIT"]).toContain(seen[0]);
    expect(seen[1]).toBe("HIT");
    const anonymous = await fetchPage(request, demo.article.path);
    expect(anonymous.cache).toBe("HIT");
    for (const name of readers) expect(anonymous.html).not.toContain(name);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
