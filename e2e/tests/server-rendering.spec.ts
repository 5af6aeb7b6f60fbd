import { expect, test } from "../support/fixtures.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";

// Every route, with JavaScript off: real status codes and readable server-rendered HTML.
test.use({ javaScriptEnabled: false });

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

test("every route answers 200 with its content rendered on the server", async ({ page }) => {
  const routes: { path: string; heading: RegExp | string }[] = [
    { path: "/", heading: /./ },
    { path: "/login", heading: /log in/i },
    { path: "/sign-up", heading: /sign up|create/i },
    { path: "/forgot-password", heading: /password/i },
    { path: "/reset-password", heading: /password|link from your email/i },
    { path: "/todays-paper", heading: /today/i },
    { path: `/todays-paper/${demo.editionDate}`, heading: /paper/i },
    { path: `/${demo.section.slug}`, heading: demo.section.name },
    { path: `/${demo.section.slug}/${demo.category.slug}`, heading: demo.category.name },
    { path: demo.article.path, heading: demo.article.headline },
    { path: `/authors/${demo.author.slug}`, heading: demo.author.name },
    { path: `/tags/${demo.tag.slug}`, heading: new RegExp(demo.tag.name, "i") },
    { path: `/pages/${demo.pageSlug}`, heading: /about/i },
  ];
  for (const { path, heading } of routes) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
    await expect(page.getByRole("navigation", { name: "Sections" }), path).toContainText(
      demo.section.name,
    );
    await expect(page.getByRole("contentinfo"), path).toBeVisible();
  }
});

test("the article page shows its real byline and body", async ({ page }) => {
  await page.goto(demo.article.path);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: demo.author.name }).first()).toBeVisible();
  expect((await main.locator("p").allTextContents()).join(" ").length).toBeGreaterThan(300);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${demo.article.path}$`),
  );
});

test("the profile sends an anonymous reader to log in", async ({ request }) => {
  const response = await request.get("/profile", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/login?next=%2Fprofile");
});

test("unknown and malformed addresses get the site's 404 page", async ({ page, consoleGuard }) => {
  consoleGuard.allowMainDocument404();
  const missing = [
    "/no-such-section",
    `/${demo.section.slug}/no-such-category`,
    `/${demo.section.slug}/${demo.category.slug}/no-such-article`,
    "/authors/no-such-author",
    "/tags/no-such-tag",
    "/pages/no-such-page",
    "/todays-paper/2026-02-30",
    "/todays-paper/yesterday",
    "/a/b/c/d",
    `/${"x".repeat(10_000)}`,
  ];
  for (const path of missing) {
    const label = path.slice(0, 60);
    const response = await page.goto(path);
    expect(response?.status(), label).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), label).toHaveText("Page not found");
    await expect(page.getByRole("banner"), label).toBeVisible();
  }
  // A real date without a paper is missing too, and its heading says why (issue 15).
  const noPaper = await page.goto("/todays-paper/1999-01-01");
  expect(noPaper?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "No paper on Friday 1 January 1999",
  );
  await expect(page.getByRole("banner")).toBeVisible();
});
