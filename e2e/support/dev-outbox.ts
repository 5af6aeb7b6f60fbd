import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * Opens the newest message to `email` whose subject matches, in the development outbox. Emails
 * go through the email queue (edge-api docs/email.md), whose consumer writes the outbox a moment
 * after the request answered (batch timeout 1 s), so the list is reloaded until it is there.
 */
export async function openOutboxMessage(page: Page, email: string, subject: RegExp): Promise<void> {
  const link = page
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ has: page.getByRole("link", { name: subject }) })
    .first()
    .getByRole("link", { name: subject });
  await expect(async () => {
    await page.goto("/_dev/outbox");
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await link.click();
}
