import { DEV_STAFF_PASSWORD } from "../../edge-api/scripts/dev-staff.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { checkHtml } from "../support/html-checker.ts";
import { newsroomSql, sqlText, waitOutEdgeState } from "../support/newsroom-commands.ts";
import {
  devStaffSecret,
  expectNoAxeViolations,
  newActor,
  signInToNewsroom,
  type Actor,
} from "../support/newsroom-pages.ts";

/**
 * Issue 16's desk in Chromium: the development editor curates the home page, turns the
 * breaking-news banner on and off, and posts two live updates that a reader's open page shows
 * without reloading. Serial: they share the editor's session.
 */
test.describe.configure({ mode: "serial" });

const EDITOR_EMAIL = "editor@dailyedge.test";
let editor: Actor;
let demo: DemoContent;
/** The live article's reader address and its story's live desk, once the live test found them. */
const live = { readerPath: "", deskPath: "" };

test.beforeAll(async ({ browser, request }) => {
  demo = await loadDemoContent(request);
  editor = await newActor(browser);
  const secret = await devStaffSecret(EDITOR_EMAIL);
  await signInToNewsroom(editor.page, {
    email: EDITOR_EMAIL,
    password: DEV_STAFF_PASSWORD,
    secret,
  });
});

test.afterAll(async () => {
  await editor?.context.close();
});

test.afterEach(() => editor?.guard.check());

test("the editor pins a lead story, and readers see it lead the home page", async ({ page }) => {
  const { page: desk } = editor;
  await desk.goto("/newsroom/front-page");
  await waitForHydration(desk, "content.newsroom-front-page");
  await expectNoAxeViolations(desk);

  // An older story than the newest, so the home page visibly changes.
  const lead = desk.getByLabel("Lead", { exact: true });
  const options = lead.locator("option");
  const chosen = (await options.nth(3).textContent()) ?? "";
  await lead.selectOption({ index: 3 });
  await desk.getByRole("button", { name: "Save the front page" }).first().click();
  await expect(desk.getByLabel("Lead", { exact: true })).toHaveValue(
    (await options.nth(3).getAttribute("value")) ?? "",
  );

  await waitOutEdgeState();
  await page.goto("/");
  await waitForHydration(page, "content.home");
  // An option reads "Headline (Section, date time)".
  const headline = chosen.slice(0, chosen.lastIndexOf(" ("));
  await expect(
    page.locator(".c-home__top .c-card--lead").getByRole("link", { name: headline, exact: true }),
  ).toBeVisible();

  // Back to automatic, so other journeys find the home page as the seed made it.
  await lead.selectOption({ value: "" });
  await desk.getByRole("button", { name: "Save the front page" }).first().click();
  await expect(desk.getByLabel("Lead", { exact: true })).toHaveValue("");
});

test("the breaking-news banner goes on every reader page at once, and off again", async ({
  page,
}) => {
  const { page: desk } = editor;
  await desk.goto("/newsroom/front-page");
  await waitForHydration(desk, "content.newsroom-front-page");
  const headline = `Storm closes the harbour bridge ${Date.now().toString(36)}`;
  await desk.getByLabel("Headline", { exact: true }).fill(headline);
  await desk.getByLabel("Link", { exact: true }).fill(demo.article.path);
  await desk.getByLabel("Show the banner on every reader page").check();
  await desk.getByRole("button", { name: "Save the banner" }).click();
  await expect(
    desk.getByText("The banner is on: every reader page shows it.").first(),
  ).toBeVisible();

  await waitOutEdgeState();
  for (const path of ["/", demo.article.path, "/todays-paper"]) {
    await page.goto(path);
    const banner = page.getByRole("region", { name: "Breaking news" });
    await expect(banner).toContainText(headline);
    await expect(banner.getByRole("link")).toHaveAttribute("href", demo.article.path);
  }
  await expectNoAxeViolations(page);

  await desk.getByRole("button", { name: "Turn the banner off" }).click();
  await expect(desk.getByText("The banner is off.").first()).toBeVisible();
  await waitOutEdgeState();
  // The reader refreshes: a browser may keep a page for its max-age (60 s) on a plain visit.
  await page.reload();
  await expect(page.getByRole("region", { name: "Breaking news" })).toHaveCount(0);
});

test("two live updates reach a reader's open page without a reload", async ({ page, request }) => {
  // The seed makes the second newest story live; an older local database may not have it yet,
  // so the editor starts it when it is not.
  const home = (await (await request.get("/api/home")).json()) as {
    latest: { slug: string; section: { slug: string }; category: { slug: string } }[];
  };
  const story = home.latest[1];
  if (!story) throw new Error("the demo publication has fewer than two stories");
  const [row] = newsroomSql(`SELECT id FROM articles WHERE slug = ${sqlText(story.slug)}`) as {
    id: number;
  }[];
  if (!row) throw new Error(`no story ${story.slug}`);
  const readerPath = `/${story.section.slug}/${story.category.slug}/${story.slug}`;
  live.readerPath = readerPath;
  live.deskPath = `/newsroom/stories/${row.id}/live`;

  const { page: desk } = editor;
  await desk.goto(live.deskPath);
  await waitForHydration(desk, "content.newsroom-live");
  const start = desk.getByRole("button", { name: /Start a live blog|Go live again/ });
  if ((await start.count()) > 0) {
    await start.click();
    await expect(desk.getByRole("button", { name: "End the live blog" })).toBeVisible();
    await waitOutEdgeState();
  }
  await expectNoAxeViolations(desk);

  await page.goto(readerPath);
  await waitForHydration(page, "content.article");
  await expect(page.getByText("Latest updates")).toBeVisible();
  const updates = page.locator(".c-live__update");
  const before = await updates.count();

  const run = Date.now().toString(36);
  const words = [`The bridge reopens to buses ${run}`, `Ferries resume at noon ${run}`];
  for (const [index, text] of words.entries()) {
    await desk.getByLabel("Update", { exact: true }).fill(text);
    if (index === 1)
      await desk
        .getByLabel(/^Key event/)
        .first()
        .check();
    await desk.getByRole("button", { name: "Post update" }).click();
    await expect(desk.getByText(text).first()).toBeVisible();
  }

  // The reader's page was never reloaded: the updates arrive by themselves, newest first.
  await expect(updates).toHaveCount(before + 2, { timeout: 20_000 });
  await expect(updates.first()).toContainText(words[1] ?? "");
  await expect(updates.nth(1)).toContainText(words[0] ?? "");
  await expectNoAxeViolations(page);
});

test("the desk's screens and a live article are valid HTML by the Nu Html Checker", async () => {
  if (live.deskPath === "") throw new Error("the live blog test did not find its story");
  const pages = new Map<string, string>();
  for (const path of ["/newsroom/front-page", "/newsroom/media", live.deskPath, live.readerPath]) {
    // The editor's own session: newsroom screens are not for anonymous visitors.
    const response = await editor.context.request.get(path);
    expect(response.status(), path).toBe(200);
    pages.set(path, await response.text());
  }
  const problems = await checkHtml(pages);
  expect(
    problems.map((p) => `${p.page}:${p.line ?? "?"} ${p.message} [${p.extract ?? ""}]`),
  ).toEqual([]);
});
