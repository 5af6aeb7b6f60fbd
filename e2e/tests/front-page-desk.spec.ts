import sharp from "sharp";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import { checkHtml } from "../support/html-checker.ts";
import { newsroomSql, sqlText, waitOutEdgeState } from "../support/newsroom-commands.ts";
import { expectNoAxeViolations, devStaffActor, type Actor } from "../support/newsroom-pages.ts";

/**
 * Issue 16's desk in Chromium: the development editor uploads a photograph, sets its focal point
 * and uses it as a story's lead, curates the home page, turns the breaking-news banner on and
 * off, and posts two live updates that a reader's open page shows without reloading. Serial:
 * they share the editor's session.
 */
test.describe.configure({ mode: "serial" });

const EDITOR_EMAIL = "editor@dailyedge.test";
let editor: Actor;
let demo: DemoContent;
/** The live article's reader address and its story's live desk, once the live test found them. */
const live = { readerPath: "", deskPath: "" };
/** The photograph the upload test made and the story it leads, for the HTML checker. */
const photographed = { mediaPath: "", storyPath: "" };

test.beforeAll(async ({ browser, request }) => {
  demo = await loadDemoContent(request);
  editor = await devStaffActor(browser, EDITOR_EMAIL);
});

test.afterAll(async () => {
  await editor?.context.close();
});

test.afterEach(() => editor?.guard.check());

/**
 * A photograph a test can read back: 1200 x 1600, the top half red and the bottom half blue, so
 * a 16:9 or 1200 x 630 crop at a focal point near the bottom is all blue, and one at the middle
 * is half red.
 */
async function redOverBlue(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  const [red, blue] = await Promise.all([half(255, 0), half(0, 255)]);
  return sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#000" } })
    .composite([
      { input: red, top: 0, left: 0 },
      { input: blue, top: 800, left: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The colour at the middle of an image the site served. */
async function middleColour(bytes: Buffer): Promise<{ r: number; b: number }> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at =
    (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at] ?? 0, b: data[at + 2] ?? 0 };
}

test("the editor uploads a photograph, sets its focal point and leads a story with it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { page: desk } = editor;
  const run = Date.now().toString(36);
  const alt = `Red sky over a blue harbour ${run}`;

  await desk.goto("/newsroom/media");
  await waitForHydration(desk, "content.newsroom-media");
  await expectNoAxeViolations(desk);
  await desk.getByLabel("Photograph", { exact: true }).setInputFiles({
    name: "harbour.jpg",
    mimeType: "image/jpeg",
    buffer: await redOverBlue(),
  });
  await desk.getByLabel("Alt text", { exact: true }).fill(alt);
  await desk.getByLabel("Credit (optional)").fill("Photograph: The Daily Edge");
  await desk.getByRole("button", { name: "Upload photograph" }).click();
  await desk.waitForURL(/\/newsroom\/media\/[0-9a-f]{32}/);
  const mediaId = /\/newsroom\/media\/([0-9a-f]{32})/.exec(desk.url())?.[1] ?? "";
  await expect(desk.getByText("Uploaded.").first()).toBeVisible();
  await waitForHydration(desk, "content.newsroom-media-item");
  await expectNoAxeViolations(desk);
  photographed.mediaPath = `/newsroom/media/${mediaId}`;

  // A click near the bottom of the photograph sets the focal point; the fields follow.
  const photo = desk.locator(".c-nr-media__photo button");
  const box = await photo.boundingBox();
  if (!box) throw new Error("the photograph is not on screen");
  await photo.click({ position: { x: box.width * 0.5, y: box.height * 0.9 } });
  await expect
    .poll(async () => Number(await desk.getByLabel("Focal point down").inputValue()))
    .toBeGreaterThan(85);
  await desk.getByRole("button", { name: "Save the photograph" }).click();
  await expect(desk.getByText("The photograph is saved.").first()).toBeVisible();

  // An older published story (not the newest or the live one) takes it as its lead.
  const home = (await (await request.get("/api/home")).json()) as {
    latest: { slug: string; section: { slug: string }; category: { slug: string } }[];
  };
  const story = home.latest[4];
  if (!story) throw new Error("the demo publication has fewer than five stories");
  const [row] = newsroomSql(`SELECT id FROM articles WHERE slug = ${sqlText(story.slug)}`) as {
    id: number;
  }[];
  if (!row) throw new Error(`no story ${story.slug}`);
  photographed.storyPath = `/newsroom/stories/${row.id}`;
  await desk.goto(photographed.storyPath);
  await waitForHydration(desk, "content.newsroom-story");
  await desk.getByLabel("Image", { exact: true }).selectOption(`media:${mediaId}`);
  await expect(desk.getByLabel("Alt text", { exact: true }).last()).not.toHaveValue("");
  await desk.getByRole("button", { name: "Save and update the live story" }).click();
  await expect(desk.getByText("Saved.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(desk);

  await waitOutEdgeState();
  const readerPath = `/${story.section.slug}/${story.category.slug}/${story.slug}`;
  await page.goto(readerPath);
  await waitForHydration(page, "content.article");
  const lead = page.locator(".c-figure--lead picture");
  await expect(lead.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    new RegExp(`/images/media/${mediaId}/wide-320\\.avif\\?v=\\d+ 320w`),
  );
  const img = lead.locator("img");
  await expect(img).toHaveAttribute("alt", alt);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
  // The browser chose a modern format from the srcset, not the JPEG fallback.
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif\?v=/);

  // Shared links: a 1200 x 630 JPEG cut at the focal point (all blue), raster in JSON-LD too.
  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(og).toMatch(new RegExp(`/images/media/${mediaId}/og-1200\\.jpg\\?v=\\d+$`));
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", og ?? "");
  const ogUrl = new URL(og ?? "");
  const share = await request.get(`${ogUrl.pathname}${ogUrl.search}`);
  expect(share.status()).toBe(200);
  expect(share.headers()["content-type"]).toBe("image/jpeg");
  expect(share.headers()["cache-control"]).toContain("immutable");
  const shareBytes = await share.body();
  const size = await sharp(shareBytes).metadata();
  expect([size.width, size.height]).toEqual([1200, 630]);
  const colour = await middleColour(shareBytes);
  expect(colour.b).toBeGreaterThan(180);
  expect(colour.r).toBeLessThan(60);
  const jsonLd = (
    await page.locator('script[type="application/ld+json"]').allTextContents()
  ).join();
  expect(jsonLd).toContain(`/images/media/${mediaId}/og-1200.jpg`);
  expect(jsonLd).not.toMatch(/\.svg/);
});

test("the upload form works without JavaScript", async ({ browser }) => {
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await editor.context.storageState(),
  });
  try {
    const form = await plain.newPage();
    await form.goto("/newsroom/media");
    await form.getByLabel("Photograph", { exact: true }).setInputFiles({
      name: "plain.jpg",
      mimeType: "image/jpeg",
      buffer: await redOverBlue(),
    });
    await form.getByLabel("Alt text", { exact: true }).fill("Uploaded without JavaScript");
    await form.getByRole("button", { name: "Upload photograph" }).click();
    await form.waitForURL(/\/newsroom\/media\/[0-9a-f]{32}/);
    await expect(form.getByText("Uploaded.").first()).toBeVisible();

    // A file that only claims to be a photograph: the form again, with the reason, as a 415.
    await form.goto("/newsroom/media");
    await form.getByLabel("Photograph", { exact: true }).setInputFiles({
      name: "drawing.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    });
    await form.getByLabel("Alt text", { exact: true }).fill("Not a photograph");
    const [answer] = await Promise.all([
      form.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Upload photograph" }).click(),
    ]);
    expect(answer.status()).toBe(415);
    await expect(form.getByText(/SVG/).first()).toBeVisible();
    await expect(form.getByLabel("Alt text", { exact: true })).toHaveValue("Not a photograph");
  } finally {
    await plain.close();
  }
});

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
  if (photographed.mediaPath === "") throw new Error("the upload test did not finish");
  const pages = new Map<string, string>();
  for (const path of [
    "/newsroom/front-page",
    "/newsroom/media",
    photographed.mediaPath,
    photographed.storyPath,
    live.deskPath,
    live.readerPath,
  ]) {
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
