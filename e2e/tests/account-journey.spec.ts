import { expect, test, waitForHydration } from "../support/fixtures.ts";
import {
  STRONG_PASSWORD,
  accountNav,
  followMailLink,
  logIn,
  logOut,
  signUp,
  uniqueEmail,
} from "../support/account-pages.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

test("an account holder's whole life, in the browser", async ({ page, browser, consoleGuard }) => {
  // The last step expects a refused login (401).
  consoleGuard.allowMainDocument404();
  const email = uniqueEmail("journey");
  const account = { email, name: "Journey Reader", password: STRONG_PASSWORD };

  await signUp(page, account);
  await expect(page).toHaveURL(/\/profile/);
  await expect(accountNav(page)).toContainText("Journey Reader");
  await expect(page.getByText(/verify your email/i).first()).toBeVisible();

  await followMailLink(page, email, /verify/);
  await page.getByRole("button", { name: /confirm|verify/i }).click();
  await expect(page.getByText(/verified|confirmed/i).first()).toBeVisible();

  await logOut(page);
  await logIn(page, account);
  await expect(accountNav(page)).toContainText("Journey Reader");

  // Save an article and find it on the profile.
  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  await page.getByRole("link", { name: /save/i }).first().click();
  await page.getByRole("button", { name: /save/i }).click();
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: demo.article.headline })).toBeVisible();

  // A second browser holds an older session that the reset must end.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, account);
  await expect(accountNav(otherPage)).toContainText("Journey Reader");

  await logOut(page);
  await page.goto("/forgot-password");
  await page.getByLabel(/^email/i).fill(email);
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(page.getByText(/we've sent|we have sent|if an account/i).first()).toBeVisible();
  await followMailLink(page, email, /reset/);
  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = `${STRONG_PASSWORD} renewed`;
  await page.getByLabel(/new password/i).fill(newPassword);
  await page.getByRole("button", { name: /change|reset|save/i }).click();
  await expect(page.getByText(/log in with your new password/i)).toBeVisible();

  // The other browser's session is gone (its refresh token was revoked).
  await otherPage.context().clearCookies({ name: "__Host-access" });
  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  await logIn(page, { email, password: newPassword });
  await page.goto("/profile");
  const newEmail = uniqueEmail("moved");
  await page.getByLabel(/new email/i).fill(newEmail);
  await page
    .getByLabel(/current password/i)
    .first()
    .fill(newPassword);
  await page.getByRole("button", { name: /change email/i }).click();
  await followMailLink(page, newEmail, /confirm/);
  await page.getByRole("button", { name: /confirm/i }).click();
  await expect(page.getByText(/confirmed|changed/i).first()).toBeVisible();

  await page.goto("/profile");
  await page
    .getByRole("button", { name: /delete/i })
    .first()
    .scrollIntoViewIfNeeded();
  const deleteForm = page
    .locator("form", { has: page.getByRole("button", { name: /delete/i }) })
    .last();
  await deleteForm.getByLabel(/password/i).fill(newPassword);
  await deleteForm.getByRole("button", { name: /delete/i }).click();
  await expect(accountNav(page)).toContainText("Log in");
  await logIn(page, { email: newEmail, password: newPassword });
  await expect(page.getByText(/don.t match/i)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a reader signs up and logs in with plain forms", async ({ page }) => {
    const account = { email: uniqueEmail("nojs"), name: "Plain Forms", password: STRONG_PASSWORD };
    await signUp(page, account, false);
    await expect(page).toHaveURL(/\/profile/);
    await expect(accountNav(page)).toContainText("Plain Forms");
    await page.goto("/logout");
    await page.getByRole("button", { name: /log out/i }).click();
    await expect(accountNav(page)).toContainText("Log in");
    await logIn(page, account, false);
    await expect(accountNav(page)).toContainText("Plain Forms");
  });

  test("a wrong password gets a clear answer and the same one as an unknown email", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allowMainDocument404();
    await logIn(page, { email: uniqueEmail("nobody"), password: STRONG_PASSWORD }, false);
    const unknown = await page.getByRole("main").textContent();
    expect(unknown).toMatch(/don.t match/i);
  });
});
