import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { newsroomSql, sqlText, waitOutEdgeState } from "../support/newsroom-commands.ts";
import { expectNoAxeViolations, devStaffActor, type Actor } from "../support/newsroom-pages.ts";

/**
 * Issue 17's print desk in Chromium: the development editor plans tomorrow's edition from the
 * template, trims it to pages A1 and B1, finds and places six stories on A1 and three on B1
 * with their print headlines and leads, and publishes it now; a reader then opens the edition,
 * follows "In print: page B1" from an article to the page's own view, and sees its stories in
 * the desk's order, the lead first and larger. Serial: one editor, one edition.
 */
test.describe.configure({ mode: "serial" });

const EDITOR_EMAIL = "editor@dailyedge.test";
let editor: Actor;
/** The edition this journey makes (tomorrow, or the next day with a paper and no edition). */
let date = "";
/** The stories placed, in page order, with the print headline the editor gave each. */
const placed: { A1: Placed[]; B1: Placed[] } = { A1: [], B1: [] };

interface Story {
  slug: string;
  headline: string;
}
interface Placed extends Story {
  printHeadline: string;
}

function londonDate(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(day);
}

/** Tomorrow, unless it is a Sunday (no paper by the desk's default settings) or has an edition. */
function editionDate(): string {
  for (let offset = 1; offset < 14; offset++) {
    const candidate = londonDate(offset);
    const sunday = new Date(`${candidate}T12:00:00Z`).getUTCDay() === 0;
    const taken =
      newsroomSql(`SELECT 1 FROM print_editions WHERE date = ${sqlText(candidate)}`).length > 0;
    if (!sunday && !taken) return candidate;
  }
  throw new Error("no free date for an edition in the next two weeks");
}

/** Nine published stories of the demo paper, from the home page's answer. */
async function publishedStories(request: APIRequestContext): Promise<Story[]> {
  const response = await request.get("/api/home");
  expect(response.ok()).toBe(true);
  const home = (await response.json()) as Record<string, unknown>;
  const stories = new Map<string, string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const card = value as { slug?: unknown; headline?: unknown };
      if (typeof card.slug === "string" && typeof card.headline === "string") {
        stories.set(card.slug, card.headline);
      }
      Object.values(value).forEach(visit);
    }
  };
  visit(home);
  const nine = [...stories].slice(0, 9).map(([slug, headline]) => ({ slug, headline }));
  expect(nine).toHaveLength(9);
  return nine;
}

/** A print headline is shorter than the web one: its first four words, numbered on the page. */
const printHeadlineOf = (story: Story, page: string, position: number) =>
  `${page}.${position} ${story.headline.split(" ").slice(0, 4).join(" ")}`;

const pageForm = (page: Page, label: string) => page.locator(`form#page-${label}`);

test.beforeAll(async ({ browser }) => {
  editor = await devStaffActor(browser, EDITOR_EMAIL);
  date = editionDate();
});

test.afterAll(async () => {
  await editor?.context.close();
  // Leave the demo paper as it was for the journeys after this one (they read the newest
  // edition): the desk has no "delete an edition", so the set-up's own SQL takes it away.
  if (date !== "") {
    const edition = `(SELECT id FROM print_editions WHERE date = ${sqlText(date)})`;
    newsroomSql(
      `DELETE FROM print_placements WHERE edition_id = ${edition};
       DELETE FROM print_pages WHERE edition_id = ${edition};
       DELETE FROM print_editions WHERE date = ${sqlText(date)};`,
    );
    await waitOutEdgeState();
  }
});

test.afterEach(() => editor?.guard.check());

test("the editor plans tomorrow's edition from the template and trims it to A1 and B1", async () => {
  const { page } = editor;
  await page.getByRole("link", { name: "Print desk" }).click();
  await expect(page).toHaveURL(/\/newsroom\/print$/);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "The usual books and the days without an edition" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Print template");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "All editions" }).click();
  await page.getByLabel("Date of the edition").fill(date);
  await page.getByLabel("From the template").check();
  await page.getByRole("button", { name: "Plan the edition" }).click();
  await expect(page).toHaveURL(new RegExp(`/newsroom/print/${date}\\?done=planned$`));
  await expect(page.getByRole("status")).toHaveText(/planned/i);
  // The template's books: A News (8 pages) to D Sport.
  await expect(page.getByRole("heading", { name: "Book A: News" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page A8", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Book D: Sport" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A thin day: one page of news and one of business; the other books' rows emptied.
  const books = page.locator("form", {
    has: page.getByRole("heading", { name: "Pages of this edition" }),
  });
  await books.locator('input[name="book-0-pages"]').fill("1");
  await books.locator('input[name="book-1-pages"]').fill("1");
  for (const row of [2, 3]) {
    for (const field of ["letter", "name", "pages"]) {
      await books.locator(`input[name="book-${row}-${field}"]`).fill("");
    }
  }
  await books.getByRole("button", { name: "Save the pages of this edition" }).click();
  await expect(page).toHaveURL(/done=books-saved/);
  await expect(page.getByRole("status").first()).toHaveText("The edition's pages are saved.");
  await expect(page.locator("form.p-pd-page")).toHaveCount(2);
  await expect(pageForm(page, "A1")).toBeVisible();
  await expect(pageForm(page, "B1")).toBeVisible();

  // On a phone the desk fits the screen: nothing to scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
});

test("the editor finds and places six stories on A1 and three on B1 with print headlines", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const { page } = editor;
  const stories = await publishedStories(request);
  const plan = { A1: stories.slice(0, 6), B1: stories.slice(6, 9) };
  for (const [label, onPage] of Object.entries(plan) as ["A1" | "B1", Story[]][]) {
    for (const story of onPage) {
      // Find the story by its slug (it may be of any day), then add it to the page.
      const search = page.getByRole("search");
      await search.getByLabel("Words of its headline or its slug").fill(story.slug);
      await search.getByRole("button", { name: "Find" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${story.slug}`));
      await expect(page.getByRole("search").getByRole("status")).toHaveText(
        "One story matches “" + story.slug + "”.",
      );
      const form = pageForm(page, label);
      await form.getByLabel(`Add a story to page ${label}`).selectOption({ label: story.headline });
      await form.getByRole("button", { name: `Save page ${label}`, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`done=page-saved.*#page-${label}$`));
    }
    // Then the page's print headlines, and its lead, in one save.
    const form = pageForm(page, label);
    await expect(form.locator("li.p-pd-placement")).toHaveCount(onPage.length);
    for (const [index, story] of onPage.entries()) {
      const printHeadline = printHeadlineOf(story, label, index + 1);
      await form.locator(`input[name="headline-${index}"]`).fill(printHeadline);
      placed[label].push({ ...story, printHeadline });
    }
    await form.locator(`#p-pd-page-${label}-lead-0`).check();
    await form.getByRole("button", { name: `Save page ${label}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`done=page-saved.*#page-${label}$`));
    await expect(pageForm(page, label).locator('input[name="headline-0"]')).toHaveValue(
      placed[label][0]?.printHeadline ?? "",
    );
  }
  await expectNoAxeViolations(page);
});

test("the editor publishes the edition now", async () => {
  const { page } = editor;
  await page.getByLabel("Now", { exact: true }).check();
  await page.getByRole("button", { name: "Publish the edition" }).click();
  await expect(page).toHaveURL(/done=published/);
  await expect(page.getByRole("status").first()).toHaveText("The edition is published.");
  await expect(page.getByText("Published.", { exact: false }).first()).toBeVisible();
  await waitOutEdgeState();
});

test("a reader sees the edition, follows “In print: page B1” to the page, stories in order", async ({
  page,
}) => {
  const response = await page.goto(`/todays-paper/${date}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, "paper.edition");
  const b1 = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Page B1" }) });
  await expect(b1.locator("a.p-placement-headline")).toHaveText(
    placed.B1.map((story) => story.printHeadline),
  );

  // An article placed on B1 says so, and links to the page's own view.
  const story = placed.B1[1];
  if (!story) throw new Error("no story on B1");
  await b1.locator("a.p-placement-headline", { hasText: story.printHeadline }).click();
  await waitForHydration(page, "content.article");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(story.headline);
  const printLine = page.getByRole("link", { name: /^page B1, / });
  await expect(printLine).toHaveAttribute("href", `/todays-paper/${date}/B1`);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.join("\n")).toContain('"printPage":"B1"');

  await printLine.click();
  await waitForHydration(page, "paper.page");
  await expect(page).toHaveURL(new RegExp(`/todays-paper/${date}/B1$`));
  const stories = page.getByRole("region", { name: "Stories on page B1" });
  // The page's stories in the desk's order, by their print headlines; the lead is larger.
  await expect(stories.getByRole("heading")).toHaveText(
    placed.B1.map((placement) => placement.printHeadline),
  );
  const lead = stories.getByRole("heading", { name: placed.B1[0]?.printHeadline });
  const other = stories.getByRole("heading", { name: placed.B1[1]?.printHeadline });
  const size = (locator: typeof lead) =>
    locator.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
  expect(await size(lead)).toBeGreaterThan(await size(other));
  await expectNoAxeViolations(page);

  // A1 is the front page: six stories, its lead first.
  await page.goto(`/todays-paper/${date}/A1`);
  await expect(
    page.getByRole("region", { name: "Stories on page A1" }).getByRole("heading"),
  ).toHaveText(placed.A1.map((placement) => placement.printHeadline));
  // A page the plan does not have.
  const missing = await page.request.get(`/todays-paper/${date}/C1`);
  expect(missing.status()).toBe(404);
});
