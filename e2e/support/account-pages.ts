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

export async function signUp(
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
}

export async function logIn(
  page: Page,
  account: { email: string; password: string },
  javaScript = true,
): Promise<void> {
  await page.goto("/login");
  await ready(page, "account.login", javaScript);
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
