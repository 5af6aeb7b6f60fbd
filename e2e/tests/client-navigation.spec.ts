import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";
import type { Page } from "@playwright/test";

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

/** A value on `window` survives client-side navigation and dies with a full page load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(
    () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
  );
}

async function expectSameDocument(page: Page): Promise<void> {
  const same = await page.evaluate(
    () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
  );
  expect(same, `no full reload before ${page.url()}`).toBe(true);
}

async function follow(page: Page, href: string, routeId: string): Promise<void> {
  await page.locator(`main a[href="${href}"], header a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await waitForHydration(page, routeId);
  await expectSameDocument(page);
}

/** The first link in the main region that points at an article (`/section/category/slug`). */
async function firstArticleHref(page: Page): Promise<string> {
  return page.evaluate(() => {
    const reserved = ["authors", "tags", "pages", "todays-paper", "feeds", "sitemaps", "images"];
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>("main a[href^='/']")) {
      const parts = new URL(anchor.href).pathname.split("/").filter(Boolean);
      if (parts.length === 3 && !reserved.includes(parts[0] ?? ""))
        return anchor.getAttribute("href") ?? "";
    }
    return "";
  });
}

test("a reader moves between fragments without a full page load", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page, "content.home");
  await markDocument(page);

  await follow(page, `/${demo.section.slug}`, "content.section");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(demo.section.name);

  await follow(page, `/${demo.section.slug}/${demo.category.slug}`, "content.category");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(demo.category.name);

  const article = page
    .locator(`main a[href^="/${demo.section.slug}/${demo.category.slug}/"]`)
    .first();
  const articleHref = (await article.getAttribute("href")) ?? "";
  await follow(page, articleHref, "content.article");
  await expect(page).toHaveTitle(/The Daily Edge/);

  const authorHref =
    (await page.locator('main a[href^="/authors/"]').first().getAttribute("href")) ?? "";
  await follow(page, authorHref, "content.author");

  await follow(page, await firstArticleHref(page), "content.article");
  const tagHref = (await page.locator('main a[href^="/tags/"]').first().getAttribute("href")) ?? "";
  await follow(page, tagHref, "content.tag");

  await follow(page, "/todays-paper", "paper.today");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/today/i);

  const previous = page.getByRole("link", { name: /previous/i }).first();
  const previousHref = (await previous.getAttribute("href")) ?? "";
  expect(previousHref).toMatch(/^\/todays-paper\/\d{4}-\d{2}-\d{2}$/);
  await follow(page, previousHref, "paper.edition");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/paper/i);
});

test("the back button returns to the previous fragment", async ({ page }) => {
  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  await markDocument(page);
  await follow(page, "/todays-paper", "paper.today");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${demo.article.path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(demo.article.headline);
  await expectSameDocument(page);
});
