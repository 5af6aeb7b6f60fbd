import { aGhostExport, aGhostPost } from "../../edge-api/src/test/import-exports.ts";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { newsroomSql, sqlText, waitOutEdgeState } from "../support/newsroom-commands.ts";
import { expectNoAxeViolations, devStaffActor, type Actor } from "../support/newsroom-pages.ts";

/**
 * Issue 18 in Chromium: the development admin uploads a small Ghost export on the newsroom's
 * Import screen, reads the dry run's report, imports it, and a reader opens an imported story
 * and follows its old Ghost address to it. Serial: one admin, one import.
 */
test.describe.configure({ mode: "serial" });

const ADMIN_EMAIL = "admin@dailyedge.test";
/** A site of its own per run, so a second run on the same stack is a new import, not a no-op. */
const run = Date.now().toString(36);
const siteUrl = `https://old-ghost-${run}.example`;
const slug = `harbour-bridge-reopens-${run}`;
const headline = `Harbour bridge reopens after three years (${run})`;
let admin: Actor;
let jobPath = "";
/**
 * The photographs: one the local stack serves (a demo photograph's JPEG: the development
 * Worker may fetch this machine's addresses), one it does not have. Nothing leaves the machine.
 */
let photograph = "";
let missing = "";

function ghostExport(): string {
  return aGhostExport({
    posts: [
      aGhostPost({
        id: `e2e-post-${run}`,
        slug,
        title: headline,
        html:
          "<p>The bridge <strong>reopened</strong> at dawn.</p>" +
          '<p>Read <a href="https://example.org/report">the report</a>.</p>' +
          '<script>alert("old site")</script>' +
          `<figure><img src="${photograph}" alt="The bridge"><figcaption>At dawn</figcaption></figure>` +
          `<p><img src="${missing}" alt="The old ferry"></p>`,
      }),
      aGhostPost({ id: `e2e-draft-${run}`, slug: `draft-${run}`, status: "draft" }),
    ],
    // One writer, named to sort after every demo author, so the journeys after this one find
    // the newsroom's lists as they were.
    users: [
      {
        id: `e2e-user-${run}`,
        name: "Zoe Whitlock",
        slug: `zoe-whitlock-${run}`,
        bio: "",
        location: "",
        email: `zoe-${run}@old-ghost.example`,
      },
    ],
    posts_tags: [],
    posts_authors: [
      {
        id: `e2e-pa-${run}`,
        post_id: `e2e-post-${run}`,
        author_id: `e2e-user-${run}`,
        sort_order: 0,
      },
      {
        id: `e2e-pd-${run}`,
        post_id: `e2e-draft-${run}`,
        author_id: `e2e-user-${run}`,
        sort_order: 0,
      },
    ],
    posts_meta: [],
    // As a real Ghost export: its settings do not say the site's address (the form does).
    settings: [{ key: "title", value: `The Old Ghost ${run}` }],
  });
}

test.beforeAll(async ({ browser }) => {
  admin = await devStaffActor(browser, ADMIN_EMAIL);
});

test.afterAll(async () => {
  await admin?.context.close();
});

test.afterEach(() => admin?.guard.check());

test("the admin uploads a Ghost export and reads the dry run's report", async () => {
  const { page } = admin;
  const origin = new URL(page.url()).origin;
  const home = await (await page.request.get("/")).text();
  const demo = /\/images\/media\/[0-9a-f]{32}\/[a-z]+-\d+\.jpg(?:\?v=\d+)?/.exec(home)?.[0];
  expect(demo, "the home page shows a demo photograph").toBeDefined();
  photograph = `${origin}${demo}`;
  missing = `${origin}/content/images/ferry-${run}.jpg`;
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/newsroom\/import$/);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.getByLabel("Export file").setInputFiles({
    name: "old-ghost.json",
    mimeType: "application/json",
    buffer: Buffer.from(ghostExport()),
  });
  await page.getByLabel("Ghost JSON export (.json)").check();
  await page.getByLabel("The old site's address").fill(`${siteUrl}/`);
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page).toHaveURL(/\/newsroom\/import\/[^/]+$/);
  jobPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import: old-ghost.json");
  // The report: what would be made, the old address and its new one, what was dropped.
  const main = page.locator("main");
  await expect(main).toContainText(`/${slug}`);
  await expect(main).toContainText(`/archive/general/${slug}`);
  await expect(main).toContainText(/script/i);
  // Its photograph is counted for the media library: a dry run fetches nothing.
  await expect(main.locator("dt:text-is('Photographs to download') + dd")).toHaveText("2");
  await expect(page.getByRole("button", { name: /^Import 2 stories and 0 pages$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // Nothing is written by a dry run.
  expect(newsroomSql(`SELECT id FROM articles WHERE slug = ${sqlText(slug)}`)).toEqual([]);
});

test("the admin imports it and sees it done", async () => {
  test.setTimeout(90_000);
  const { page } = admin;
  await page.getByRole("button", { name: /^Import 2 stories and 0 pages$/ }).click();
  await expect(page).toHaveURL(new RegExp(`${jobPath}$`));
  // The page reloads itself while the import runs in the background.
  await expect(page.getByRole("status").first()).toHaveText("Imported.", { timeout: 60_000 });
  await expect(page.getByRole("link", { name: `/archive/general/${slug}` })).toBeVisible();
  // One photograph is in the library now; the one nobody serves stays a link, and says why.
  const main = page.locator("main");
  await expect(main.locator("dt:text-is('Photographs downloaded') + dd")).toHaveText("1");
  await expect(main).toContainText(`${missing} kept at its old address:`);
  await waitOutEdgeState();
});

test("a reader opens the imported story, and its old Ghost address leads to it", async ({
  page,
}) => {
  const response = await page.goto(`/archive/general/${slug}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page, "content.article");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline);
  await expect(page.getByRole("link", { name: "Zoe Whitlock" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "the report" })).toHaveAttribute(
    "href",
    "https://example.org/report",
  );
  // Its photograph is served from the media library, a new item, not the old address.
  const image = page.getByRole("img", { name: "The bridge" });
  await expect(image).toBeVisible();
  const src = (await image.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/images\/media\/[0-9a-f]{32}\//);
  expect(photograph).not.toContain(src.split("/")[3]);
  await expect(page.getByRole("link", { name: "The old ferry" })).toHaveAttribute("href", missing);

  // Ghost's address had a trailing slash; the old site's link is answered with a 301.
  const redirect = await page.request.get(`/${slug}/`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe(`/archive/general/${slug}`);
  await page.goto(`/${slug}/`);
  await expect(page).toHaveURL(new RegExp(`/archive/general/${slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline);
  // The draft was never public: its old address stays a 404 and its story is not shown.
  const draft = await page.request.get(`/draft-${run}/`, { maxRedirects: 0 });
  expect(draft.status()).toBe(404);
});
