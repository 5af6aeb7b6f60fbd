import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { hrefFor } from "../../shell/src/contract/site-addresses.ts";
import {
  STRONG_PASSWORD,
  accountNav,
  followMailLink,
  signUp,
  uniqueEmail,
} from "../support/account-pages.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { expectNoAxeViolations } from "../support/newsroom-pages.ts";

/**
 * Issue 15's checks on a phone: 390 x 844 CSS pixels, touch, as a reader holds one. The first
 * screen of an article holds the start of its story, the sections fit in one row, search is
 * one tap away, and saving is one step with a state the reader can see.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not laid out`);
  return found;
}

function saveButton(page: Page): Locator {
  return page.getByRole("main").getByRole("button", { name: "Save for later" });
}

test("a reader on a phone: one row of sections, search in one tap, the story on the first screen", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page, "content.home");

  // The sections are one row (it scrolls sideways), not three.
  const sections = page.getByRole("navigation", { name: "Sections" });
  const links = sections.getByRole("link");
  expect(await links.count()).toBeGreaterThan(3);
  const first = await box(links.first());
  const last = await box(links.last());
  expect(Math.abs(last.y - first.y)).toBeLessThan(2);
  expect((await box(sections)).height).toBeLessThan(first.height * 2);

  // Search: the box is on the first screen; one tap focuses it, then the reader types.
  const search = page.getByRole("search", { name: "Site" }).getByRole("searchbox");
  const searchBox = await box(search);
  expect(searchBox.y + searchBox.height).toBeLessThan(PHONE.height);
  await search.tap();
  await expect(search).toBeFocused();
  const word = demo.article.headline.split(/\s+/).find((w) => w.length > 4) ?? "the";
  await search.fill(word);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // The article's first screen holds the start of the story, not only its header.
  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  const opening = page.locator(".c-article .c-body > p").first();
  expect((await box(opening)).y).toBeLessThan(PHONE.height - 24);
  await expectNoAxeViolations(page);

  for (const path of [hrefFor("content.authors"), hrefFor("content.tags")]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test("saving on a phone is one step, shows Saved, and can be undone", async ({ page }) => {
  const account = {
    email: uniqueEmail("phone-save"),
    name: "Phone Reader",
    password: STRONG_PASSWORD,
  };
  await signUp(page, account);

  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  await saveButton(page).tap();
  await expect(page).toHaveURL(new RegExp(`${demo.article.path}$`));
  await expect(page.getByRole("main").getByText(/Saved/).first()).toBeVisible();
  await expect(saveButton(page)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(hrefFor("account.profile"));
  await expect(page.getByRole("link", { name: demo.article.headline })).toBeVisible();
  await expectNoAxeViolations(page);

  // "Download your data" gives a JSON file of the account, its sessions and saved articles.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download your data" }).tap();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^daily-edge-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await file.path(), "utf8")) as {
    account: { email: string };
    sessions: unknown[];
    savedArticles: { article: { slug: string } }[];
  };
  expect(data.account.email).toBe(account.email);
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(data.savedArticles.map((saved) => saved.article.slug)).toEqual([demo.article.slug]);

  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  await page
    .getByRole("main")
    .getByRole("button", { name: /Remove/ })
    .tap();
  await expect(page).toHaveURL(new RegExp(`${demo.article.path}$`));
  await expect(saveButton(page)).toBeVisible();
});

test("a reader who saves, then signs up instead of logging in, finds it saved after verifying", async ({
  page,
}) => {
  const account = {
    email: uniqueEmail("save-sign-up"),
    name: "New Saver",
    password: STRONG_PASSWORD,
  };
  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  await saveButton(page).tap();
  await expect(page).toHaveURL(/\/login\?next=/);

  await page
    .getByRole("main")
    .getByRole("link", { name: /sign up/i })
    .tap();
  await expect(page).toHaveURL(/\/sign-up\?next=/);
  await waitForHydration(page, "account.sign-up");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Display name").fill(account.name);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await expect(page.getByRole("main").getByRole("link", { name: /privacy notice/i })).toBeVisible();
  await page.getByRole("button", { name: "Sign up" }).tap();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Check your email to finish signing up",
  );
  await expectNoAxeViolations(page);

  await followMailLink(page, account.email, /^Finish signing up$/);
  await waitForHydration(page, "account.verify-email");
  await page.getByRole("button", { name: "Confirm your email address" }).tap();
  await expect(page).toHaveURL(new RegExp(`${demo.article.path}$`));
  await expect(accountNav(page)).toContainText(account.name);
  await expect(page.getByRole("main").getByText(/Saved/).first()).toBeVisible();
  await expect(saveButton(page)).toHaveCount(0);
});
