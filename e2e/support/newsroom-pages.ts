import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../../edge-api/src/worker/auth/totp.ts";
import { DEV_STAFF_PASSWORD, localTotpSecretOf } from "../../edge-api/scripts/dev-staff.ts";
import { openOutboxMessage } from "./dev-outbox.ts";
import { expect, waitForHydration } from "./fixtures.ts";
import { logIn } from "./account-pages.ts";

/** Page objects for the newsroom journeys: staff sign-in, invitations, the story desk. */

export { DEV_STAFF_PASSWORD };

/**
 * Console errors, uncaught exceptions and React warnings of a page the test opened itself (a
 * second browser context), collected like the `consoleGuard` fixture does for `page`.
 * `allowStatus` lets the browser's own "Failed to load resource … 4xx" line through for pages
 * that expect one (a 403, a 409).
 */
export class PageGuard {
  readonly problems: string[] = [];
  allow4xx = false;
  /** For tests that cut requests on purpose: the browser's own line for each one. */
  allowBlocked = false;
  watch(page: Page): Page {
    page.on("console", (message) => {
      const text = message.text();
      const isReactWarning = /hydrat|did not match|Warning:/i.test(text);
      if (message.type() === "error" || (message.type() === "warning" && isReactWarning)) {
        if (this.allow4xx && /Failed to load resource: .* 4[0-9][0-9] /.test(text)) return;
        if (this.allowBlocked && /Failed to load resource: net::ERR_/.test(text)) return;
        this.problems.push(`${message.type()}: ${text}`);
      }
    });
    page.on("pageerror", (error) => this.problems.push(`pageerror: ${error.message}`));
    return page;
  }
  check(): void {
    expect(this.problems, "browser console errors").toEqual([]);
  }
}

/** A person of the journey: their own browser context (cookies), pages watched by one guard. */
export interface Actor {
  context: BrowserContext;
  page: Page;
  guard: PageGuard;
  newPage(): Promise<Page>;
}

export async function newActor(browser: Browser): Promise<Actor> {
  const context = await browser.newContext();
  const guard = new PageGuard();
  context.on("page", (page) => guard.watch(page));
  const page = await context.newPage();
  return { context, page, guard, newPage: () => context.newPage() };
}

/** Steps already used per secret: the API takes each TOTP step once. */
const usedSteps = new Map<string, number>();

/**
 * The next code an authenticator app would show for `secret` that the API has not seen yet:
 * the current step, or the next one (the API accepts one step either side), or it waits.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
    const last = usedSteps.get(secret) ?? -Infinity;
    const pick = last < step ? step : last === step ? step + 1 : null;
    if (pick !== null) {
      usedSteps.set(secret, pick);
      return totpCodeAt(secret, new Date(pick * TOTP_PERIOD_SECONDS * 1000 + 1000));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** The development staff's TOTP secret, opened from the local database (as newsroom:code). */
export async function devStaffSecret(email: string): Promise<string> {
  const secret = await localTotpSecretOf(email);
  if (!secret) throw new Error(`${email} has no TOTP secret in the local database`);
  return secret;
}

/** Logs in with the password, opens the newsroom and passes the second factor. */
export async function signInToNewsroom(
  page: Page,
  account: { email: string; password: string; secret: string },
  check?: (page: Page) => Promise<void>,
): Promise<void> {
  await logIn(page, account);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/newsroom");
  await expect(page).toHaveURL(/\/newsroom\/sign-in\?next=%2Fnewsroom$/);
  await waitForHydration(page, "account.newsroom-sign-in");
  if (check) await check(page);
  await page
    .getByLabel("Verification code", { exact: true })
    .fill(await freshTotpCode(account.secret));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/newsroom$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** A browser context of its own, signed in to the newsroom as development staff `email`. */
export async function devStaffActor(browser: Browser, email: string): Promise<Actor> {
  const actor = await newActor(browser);
  await signInToNewsroom(actor.page, {
    email,
    password: DEV_STAFF_PASSWORD,
    secret: await devStaffSecret(email),
  });
  return actor;
}

/** Opens the newest invitation to `email` in the development outbox; answers its link. */
export async function invitationLink(page: Page, email: string): Promise<string> {
  await openOutboxMessage(page, email, /^Join the newsroom/);
  const href = (await page.locator('a[href*="token="]').first().getAttribute("href")) ?? "";
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/newsroom\/join\?token=/);
  return href;
}

/** Axe with the WCAG 2 A and AA rules: no violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `axe on ${page.url()}`).toEqual([]);
}
