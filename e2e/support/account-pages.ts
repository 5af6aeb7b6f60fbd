import type { Page } from "@playwright/test";
import { openOutboxMessage } from "./dev-outbox.ts";
import { expect, waitForHydration } from "./fixtures.ts";

/** Page objects for the account journeys: what a reader fills in and clicks. */
export const STRONG_PASSWORD = "correct horse battery staple 42";

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

async function ready(page: Page, routeId: string, javaScript: boolean): Promise<void> {
  if (javaScript) await waitForHydration(page, routeId);
}

/** Fills in and sends the sign-up form; every address gets "Check your email" (issue 14). */
export async function askToSignUp(
  page: Page,
  account: { email: string; name: string; password: string },
  javaScript = true,
): Promise<void> {
  await page.goto("/sign-up");
  await ready(page, "account.sign-up", javaScript);
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Display name").fill(account.name);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Check your email to finish signing up",
  );
}

/**
 * Signs up as a reader does: the form, then the emailed link, whose button creates the
 * account and signs this browser in (it lands on the profile).
 */
export async function signUp(
  page: Page,
  account: { email: string; name: string; password: string },
  javaScript = true,
): Promise<void> {
  await askToSignUp(page, account, javaScript);
  await followMailLink(page, account.email, /^Finish signing up$/);
  await ready(page, "account.verify-email", javaScript);
  await page.getByRole("button", { name: "Confirm your email address" }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

export async function logIn(
  page: Page,
  account: { email: string; password: string },
  javaScript = true,
): Promise<void> {
  await page.goto("/login");
  await ready(page, "account.login", javaScript);
  // Someone already logged in in this browser is told so, with a log-out button (issue 15):
  // log out first, as a person switching accounts would.
  const logOut = page.getByRole("main").getByRole("button", { name: "Log out" });
  if ((await logOut.count()) > 0) {
    await logOut.click();
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto("/login");
    await ready(page, "account.login", javaScript);
  }
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.goto("/logout");
  await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("navigation", { name: "Account" })).toContainText("Log in");
}

/** Opens the newest message to `email` with `subject` in the development outbox and follows its link. */
export async function followMailLink(page: Page, email: string, subject: RegExp): Promise<string> {
  await openOutboxMessage(page, email, subject);
  const href = (await page.locator('a[href*="token="]').first().getAttribute("href")) ?? "";
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  await page.goto(href);
  return href;
}

export function accountNav(page: Page) {
  return page.getByRole("navigation", { name: "Account" });
}
