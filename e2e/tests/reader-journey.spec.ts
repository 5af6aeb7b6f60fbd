import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

interface JsonLd {
  "@context"?: string;
  "@type"?: string;
  [key: string]: unknown;
}

async function jsonLdOf(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

function expectSchemaOrg(items: JsonLd[], label: string): void {
  for (const item of items) {
    expect(item["@context"], label).toBe("https://schema.org");
    expect(typeof item["@type"], label).toBe("string");
  }
}

test("a reader goes from the front page to a search, and every page type is accessible", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page, "content.home");
  await expectAccessible(page, "home");
  expectSchemaOrg(await jsonLdOf(page), "home");

  const steps: { href: string; routeId: string; label: string }[] = [
    { href: `/${demo.section.slug}`, routeId: "content.section", label: "section" },
    {
      href: `/${demo.section.slug}/${demo.category.slug}`,
      routeId: "content.category",
      label: "category",
    },
  ];
  for (const step of steps) {
    await page
      .locator(`main a[href="${step.href}"], header a[href="${step.href}"]`)
      .first()
      .click();
    await waitForHydration(page, step.routeId);
    await expectAccessible(page, step.label);
    expectSchemaOrg(await jsonLdOf(page), step.label);
  }

  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  await expectAccessible(page, "article");
  const articleLd = await jsonLdOf(page);
  expectSchemaOrg(articleLd, "article");
  const newsArticle = articleLd.find((item) => item["@type"] === "NewsArticle");
  expect(newsArticle?.headline).toBe(demo.article.headline);
  expect(newsArticle?.datePublished).toBeTruthy();
  expect(newsArticle?.image).toBeTruthy();
  expect(Array.isArray(newsArticle?.author)).toBe(true);
  expect(articleLd.some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
  await expect(page.getByRole("main").locator("img").first()).toHaveAttribute("alt", /.+/);
  await expect(page.getByText(/min read/)).toBeVisible();

  await page.locator(`main a[href="/authors/${demo.author.slug}"]`).first().click();
  await waitForHydration(page, "content.author");
  await expectAccessible(page, "author");
  // Structured data is for crawlers, which load each page afresh.
  await page.reload();
  await waitForHydration(page, "content.author");
  expect((await jsonLdOf(page)).some((item) => item["@type"] === "Person")).toBe(true);

  await page.goto(`/tags/${demo.tag.slug}`);
  await waitForHydration(page, "content.tag");
  await expectAccessible(page, "tag");

  await page.goto(`/pages/${demo.pageSlug}`);
  await waitForHydration(page, "content.page");
  await expectAccessible(page, "static page");

  const word = demo.article.headline.split(/\s+/).find((w) => w.length > 5) ?? "the";
  await page.goto("/search");
  await waitForHydration(page, "content.search");
  await expectAccessible(page, "empty search");
  await page.getByRole("searchbox").first().fill(word);
  await page.getByRole("searchbox").first().press("Enter");
  await waitForHydration(page, "content.search");
  await expect(page.locator("main mark").first()).toBeVisible();
  await expectAccessible(page, "search results");
});

test("absurd searches get a helpful page, never a server error", async ({ page, consoleGuard }) => {
  // A search too long to run is a 400 page that says so (issue 14): the browser logs its status.
  consoleGuard.allowMainDocument404();
  for (const q of [
    '"unbalanced',
    "NEAR(a b",
    "<script>alert(1)</script>",
    "*",
    "x".repeat(10_000),
  ]) {
    const response = await page.goto(`/search?q=${encodeURIComponent(q)}`);
    expect(response?.status(), q.slice(0, 40)).toBe(q.length > 200 ? 400 : 200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.locator("main script").count()).toBe(0);
  }
});

test("feeds and sitemaps are well-formed XML", async ({ page, request }) => {
  await page.goto("/pages/about");
  const wellFormed = async (path: string, root: string): Promise<number> => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const xml = await response.text();
    return page.evaluate(
      ([text, rootName]) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        if (doc.getElementsByTagName("parsererror").length > 0) return -1;
        if (doc.documentElement.localName !== rootName) return -2;
        return doc.documentElement.children.length;
      },
      [xml, root] as const,
    );
  };
  expect(await wellFormed("/feeds/all.xml", "rss")).toBeGreaterThan(0);
  expect(await wellFormed(`/feeds/sections/${demo.section.slug}.xml`, "rss")).toBeGreaterThan(0);
  expect(await wellFormed(`/feeds/authors/${demo.author.slug}.xml`, "rss")).toBeGreaterThan(0);
  expect(await wellFormed(`/feeds/tags/${demo.tag.slug}.xml`, "rss")).toBeGreaterThan(0);
  expect(await wellFormed("/sitemap.xml", "sitemapindex")).toBeGreaterThan(1);
  expect(await wellFormed("/sitemaps/articles-1.xml", "urlset")).toBeGreaterThan(0);
  expect(await wellFormed("/sitemaps/news.xml", "urlset")).toBeGreaterThanOrEqual(0);
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Sitemap:");
});

test("public pages are cacheable and set no cookies", async ({ request }) => {
  for (const path of ["/", demo.article.path, `/${demo.section.slug}`]) {
    const response = await request.get(path);
    const cacheControl = response.headers()["cache-control"] ?? "";
    expect(cacheControl, path).toMatch(/max-age=\d+/);
    expect(cacheControl, path).toContain("stale-while-revalidate");
    expect(cacheControl, path).toContain("stale-if-error");
    expect(response.headers()["set-cookie"], path).toBeUndefined();
  }
});
