import type { Page } from "@playwright/test";
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
  await page.getByLabel(/^email/i).fill(account.email);
  await page.getByLabel(/display name/i).fill(account.name);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByRole("button", { name: /sign up|create account/i }).click();
}

export async function logIn(
  page: Page,
  account: { email: string; password: string },
  javaScript = true,
): Promise<void> {
  await page.goto("/login");
  await ready(page, "account.login", javaScript);
  await page.getByLabel(/^email/i).fill(account.email);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByRole("button", { name: /^log in$/i }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.goto("/logout");
  await page.getByRole("button", { name: /log out/i }).click();
  await expect(page.getByRole("navigation", { name: "Account" })).toContainText("Log in");
}

/** Opens the newest message to `email` in the development outbox and follows its first link. */
export async function followMailLink(page: Page, email: string, subject: RegExp): Promise<string> {
  await page.goto("/_dev/outbox");
  await page
    .getByRole("link", {
      name: new RegExp(
        `${subject.source}[\\s\\S]*${email.replace(/[.+]/g, "\\$&")}|${email.replace(/[.+]/g, "\\$&")}[\\s\\S]*${subject.source}`,
        "i",
      ),
    })
    .first()
    .click();
  const link = page.locator('a[href*="token="]').first();
  const href = (await link.getAttribute("href")) ?? "";
  await page.goto(href);
  return href;
}

export function accountNav(page: Page) {
  return page.getByRole("navigation", { name: "Account" });
}
