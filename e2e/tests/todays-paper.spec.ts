import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";

/**
 * Today's paper: a reader opens the newest edition, goes back three editions, picks a day in
 * the calendar, jumps with "Go to date", opens an article and follows its "In print" line
 * back to the edition it was printed in.
 */

const DATE_IN_PATH = /\/todays-paper\/(\d{4}-\d{2}-\d{2})$/;

function longDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", ...options }).format(day);
  return `${part({ weekday: "long" })} ${part({ day: "numeric" })} ${part({ month: "long" })} ${part({ year: "numeric" })}`;
}

function todayInLondon(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
}

function monthTitle(month: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/** The date of the edition on screen, from its canonical URL (the dated route). */
async function editionDateOf(page: Page): Promise<string> {
  const canonical = (await page.locator('link[rel="canonical"]').getAttribute("href")) ?? "";
  const date = DATE_IN_PATH.exec(new URL(canonical).pathname)?.[1];
  if (!date) throw new Error(`no edition date in the canonical URL ${canonical}`);
  return date;
}

async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

async function expectEdition(page: Page, date: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/todays-paper/${date}(\\?[^#]*)?(#page-[A-Z]\\d+)?$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `The paper for ${longDate(date)}`,
  );
}

test("a reader browses the print edition and follows an article back to its page", async ({
  page,
}) => {
  await page.goto("/todays-paper");
  await waitForHydration(page, "paper.today");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today's paper");
  const newest = await editionDateOf(page);
  // Today's edition shows its date; before it is out, the latest one says which day it is.
  const label =
    newest === todayInLondon() ? longDate(newest) : `The latest paper: ${longDate(newest)}`;
  await expect(page.getByText(label, { exact: true })).toBeVisible();

  // The front page: a lead story with its image, then every book in order.
  const front = page.getByRole("region", { name: /front page/i });
  await expect(front.getByRole("img")).toBeVisible();
  const contents = page.getByRole("region", { name: "In this edition" });
  await expect(contents.getByRole("heading", { name: "A News" })).toBeVisible();
  await expect(contents.getByRole("heading", { name: "D Sport" })).toBeVisible();

  const issue = await page.locator('script[type="application/ld+json"]').allTextContents();
  const publicationIssue = issue
    .map((text) => JSON.parse(text) as { "@type"?: string; hasPart?: unknown[] })
    .find((item) => item["@type"] === "PublicationIssue");
  expect(publicationIssue?.hasPart?.length).toBeGreaterThanOrEqual(20);
  // Shared links get a raster image (networks do not render SVG): the lead photograph or the card.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/images\/(media\/[0-9a-f]{32}\/og-1200|cards\/home)\.jpg\?v=\w+$/,
  );

  await expectAccessible(page, "today's paper");

  // Printed, the page is the edition's table of contents: no navigation, calendar or front page.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Editions" })).toBeHidden();
  await expect(page.getByRole("table")).toBeHidden();
  await expect(front).toBeHidden();
  await expect(contents.getByRole("heading", { name: "Page A2" })).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // Back three editions with the "previous" link.
  const visited = [newest];
  for (let step = 0; step < 3; step++) {
    await page.getByRole("link", { name: /previous edition/i }).click();
    await expect(page).not.toHaveURL(new RegExp(`${visited.at(-1)}$`));
    await waitForHydration(page, "paper.edition");
    const date = DATE_IN_PATH.exec(new URL(page.url()).pathname)?.[1] ?? "";
    expect(date < (visited.at(-1) ?? "")).toBe(true);
    await expectEdition(page, date);
    visited.push(date);
  }

  // The calendar: the month of the edition shown; open another day that has a paper.
  const shown = visited.at(-1) ?? "";
  const calendar = page.getByRole("table");
  await expect(calendar.getByRole("columnheader")).toHaveCount(7);
  const otherDay = calendar.getByRole("link", { name: /^(?!.*shown).*\d{4}/ }).first();
  const otherHref = (await otherDay.getAttribute("href")) ?? "";
  const otherDate = DATE_IN_PATH.exec(otherHref)?.[1] ?? "";
  expect(otherDate).not.toBe(shown);
  await otherDay.click();
  await expectEdition(page, otherDate);
  await waitForHydration(page, "paper.edition");

  // An earlier month of the calendar, on the same page.
  const earlier = page.getByRole("link", { name: /previous month/i });
  if ((await earlier.count()) > 0) {
    const month = /month=(\d{4}-\d{2})$/.exec((await earlier.getAttribute("href")) ?? "")?.[1];
    await earlier.click();
    await expect(page).toHaveURL(new RegExp(`\\?month=${month}$`));
    await expect(page.getByRole("table")).toHaveAccessibleName(monthTitle(month ?? ""));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `The paper for ${longDate(otherDate)}`,
    );
  }

  // "Go to date" back to the newest edition.
  await page.getByLabel("Go to date").fill(newest);
  await page.getByRole("button", { name: "Go" }).click();
  await expectEdition(page, newest);
  await waitForHydration(page, "paper.edition");

  // Open an article from an inside page; its print line links back to this edition.
  const pageA2 = contents
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Page A2" }) });
  // A story's link (the page's label now links to the page's own view).
  const story = pageA2.locator("a.p-placement-headline").first();
  const storyHref = (await story.getAttribute("href")) ?? "";
  await story.click();
  await waitForHydration(page, "content.article");
  await expect(page).toHaveURL(new RegExp(`${storyHref}$`));
  const printLine = page.getByRole("link", { name: /^page A2, / });
  // To that page's own view (issue 17), which lists the story and links back to the edition.
  await expect(printLine).toHaveAttribute("href", `/todays-paper/${newest}/A2`);
  await printLine.click();
  await waitForHydration(page, "paper.page");
  await expect(page).toHaveURL(new RegExp(`/todays-paper/${newest}/A2$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    new RegExp(`^Page A2 · .+ · ${longDate(newest)}$`),
  );
  await expect(page.locator(`a[href="${storyHref}"]`).first()).toBeVisible();
  await expectAccessible(page, "a printed page");
  await page.getByRole("link", { name: /^The whole paper for / }).click();
  await expectEdition(page, newest);
  await expect(page.locator("#page-A2")).toBeVisible();
});

test("a day without a paper answers 404 and points to the nearest editions", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allowMainDocument404();
  // The Sunday before the newest edition: inside the archive, but no paper that day.
  await page.goto("/todays-paper");
  const newest = await editionDateOf(page);
  const sunday = new Date(`${newest}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() - (sunday.getUTCDay() || 7));
  const missing = sunday.toISOString().slice(0, 10);

  const response = await page.goto(`/todays-paper/${missing}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `No paper on ${longDate(missing)}`,
  );
  await expect(page.getByText(`There was no paper on ${longDate(missing)}.`)).toBeVisible();
  const earlier = page.getByRole("link", { name: /nearest earlier edition/i });
  await expect(earlier).toHaveAttribute("href", /\/todays-paper\/\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole("link", { name: /nearest later edition/i })).toBeVisible();
  await expect(page.getByRole("table")).toHaveAccessibleName(monthTitle(missing.slice(0, 7)));
  await expectAccessible(page, "a day without a paper");

  // Before the archive starts and in the future: one way out each.
  for (const [date, way, heading] of [
    ["1999-01-01", /nearest later edition/i, "No paper on"],
    ["2999-01-01", /nearest earlier edition/i, "Not yet published: the paper for"],
  ] as const) {
    const answer = await page.goto(`/todays-paper/${date}`);
    expect(answer?.status(), date).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `${heading} ${longDate(date)}`,
    );
    await expect(page.getByRole("link", { name: /nearest (earlier|later) edition/i })).toHaveCount(
      1,
    );
    await expect(page.getByRole("link", { name: way })).toBeVisible();
  }

  await page.goto(`/todays-paper/${missing}`);
  await page.getByRole("link", { name: /nearest earlier edition/i }).click();
  await waitForHydration(page, "paper.edition");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("The paper for");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the calendar's month links and the date form still work", async ({
    page,
    consoleGuard,
  }) => {
    // 2026-01-05 may be outside the archive: its page is then a 404 by design.
    consoleGuard.allowMainDocument404();
    await page.goto("/todays-paper");
    const newest = await editionDateOf(page);
    const earlier = page.getByRole("link", { name: /previous month/i });
    await earlier.click();
    await expect(page).toHaveURL(/\/todays-paper\?month=\d{4}-\d{2}$/);
    await expect(page.getByRole("table").getByRole("link").first()).toBeVisible();

    const response = await page.goto("/todays-paper/2026-1-5");
    expect(response?.url()).toMatch(/\/todays-paper\/2026-01-05$/);

    await page.goto("/todays-paper");
    await page.getByLabel("Go to date").fill(newest);
    await page.getByRole("button", { name: "Go" }).click();
    await expect(page).toHaveURL(new RegExp(`/todays-paper/${newest}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `The paper for ${longDate(newest)}`,
    );
  });
});
