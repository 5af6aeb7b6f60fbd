import type { Browser, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";
import {
  releaseCommand,
  restoreRegistry,
  snapshotRegistry,
  withSourceChange,
} from "../support/release-commands.ts";

// Issue 6: a team releases its fragment alone against the running stack, and rolls it back.
// The release registry decides which build renders; the running Workers are not restarted.

const FILE = "mfe-paper/src/ui/edition-page.tsx";
const OLD_SOURCE = "Today&apos;s paper\n";
const NEW_SOURCE = "Today&apos;s paper, freshly released\n";
const OLD_TEXT = /^Today's paper$/;
const NEW_TEXT = "Today's paper, freshly released";

async function heading(page: Page): Promise<string> {
  return ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
}

/**
 * Opens /todays-paper as a new reader (a fresh browser context: the page is cacheable for a
 * minute, so a reader who has it cached keeps the build that rendered it) until the server
 * HTML shows `expected`; the Workers trust the registry for a few seconds at most.
 */
async function expectNextPageLoad(
  browser: Browser,
  baseURL: string | undefined,
  expected: RegExp | string,
): Promise<void> {
  await expect(async () => {
    const context = await browser.newContext(baseURL ? { baseURL } : {});
    const errors: string[] = [];
    try {
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      await page.goto("/todays-paper");
      await waitForHydration(page, "paper.today");
      const text = await heading(page);
      if (typeof expected === "string") expect(text).toBe(expected);
      else expect(text).toMatch(expected);
      expect(errors, "console errors of the new reader").toEqual([]);
    } finally {
      await context.close();
    }
  }).toPass({ timeout: 20_000, intervals: [500, 1000] });
}

test("a team releases and rolls back its fragment while readers keep reading", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.goto("/todays-paper");
  await waitForHydration(page, "paper.today");
  expect(await heading(page)).toMatch(OLD_TEXT);

  // The local registry is left as found: a fresh stack has no entry (the newest build renders).
  const registry = snapshotRegistry("paper");
  try {
    await withSourceChange(FILE, OLD_SOURCE, NEW_SOURCE, async () => {
      const out = releaseCommand("paper", "release");
      expect(out).toMatch(/live now [a-z0-9]+/);
    });

    // The next page load renders the new build on the server and hydrates it with the same build.
    await expectNextPageLoad(browser, baseURL, NEW_TEXT);

    // The tab opened before the release still navigates client-side (its other remotes are
    // unchanged) without a console error…
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    await page.locator('header a[href="/"]').first().click();
    await waitForHydration(page, "content.home");
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(
      true,
    );
    // …and on its way back to the paper, the new build means a full page load (which may
    // come from its HTTP cache: then it is the old HTML with the old build, still consistent).
    await page.locator('header a[href="/todays-paper"]').first().click();
    await expect(page).toHaveURL(/\/todays-paper$/);
    await waitForHydration(page, "paper.today");
    expect(
      await page.evaluate(() => (window as unknown as { __same?: boolean }).__same),
    ).toBeUndefined();

    const out = releaseCommand("paper", "rollback");
    expect(out).toMatch(/rolled back from [a-z0-9]+ to [a-z0-9]+/);
    // The rollback also rolls back the server rendering.
    await expectNextPageLoad(browser, baseURL, OLD_TEXT);
  } finally {
    restoreRegistry("paper", registry);
  }
});
