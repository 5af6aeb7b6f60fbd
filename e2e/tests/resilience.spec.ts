import { expect, test } from "../support/fixtures.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

test("when a remote's browser code cannot load, the page stays readable and links still work", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowBlockedRequests();
  const blocked: string[] = [];
  await page.route("**/_mf/**", (route) => {
    blocked.push(route.request().url());
    return route.abort();
  });
  await page.goto(demo.article.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.article.headline);
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  // The shell hydrated; the fragment did not, so its links fall back to full page loads.
  await page.locator(`main a[href="/authors/${demo.author.slug}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/authors/${demo.author.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(demo.author.name);
});
