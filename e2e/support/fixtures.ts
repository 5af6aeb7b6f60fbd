import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every test page records browser console errors, uncaught exceptions and React warnings;
 * a test fails if any appear. Tests that expect a 4xx document (a 404 page, a refused login)
 * allow exactly the browser's own "Failed to load resource … 4xx" line for it.
 */
interface ConsoleGuard {
  allowMainDocument404(): void;
  /** For tests that block requests on purpose: the browser's own line for each one is expected. */
  allowBlockedRequests(): void;
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      let allow404 = false;
      let allowBlocked = false;
      page.on("console", (message) => {
        const text = message.text();
        const isReactWarning = /hydrat|did not match|Warning:/i.test(text);
        if (message.type() === "error" || (message.type() === "warning" && isReactWarning)) {
          if (allow404 && /Failed to load resource: .* (40[0-9]|41[0-9]|42[0-9]) /.test(text))
            return;
          if (allowBlocked && /Failed to load resource: net::ERR_FAILED/.test(text)) return;
          problems.push(`${message.type()}: ${text}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use({
        allowMainDocument404: () => (allow404 = true),
        allowBlockedRequests: () => (allowBlocked = true),
      });
      expect(problems, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the shell and the page's fragment have hydrated. */
export async function waitForHydration(page: Page, routeId?: string): Promise<void> {
  const selector = routeId
    ? `html[data-hydrated="true"][data-route="${routeId}"]`
    : 'html[data-hydrated="true"]';
  await page.waitForSelector(selector, { state: "attached" });
}
