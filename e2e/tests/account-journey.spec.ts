import { expect, test, waitForHydration } from "../support/fixtures.ts";
import {
  STRONG_PASSWORD,
  accountNav,
  askToSignUp,
  followMailLink,
  logIn,
  logOut,
  signUp,
  uniqueEmail,
} from "../support/account-pages.ts";
import { loadDemoContent, type DemoContent } from "../support/demo-content.ts";
import { openOutboxMessage } from "../support/dev-outbox.ts";

let demo: DemoContent;
test.beforeAll(async ({ request }) => {
  demo = await loadDemoContent(request);
});

test("an account holder's whole life, in the browser", async ({ page, browser, consoleGuard }) => {
  // The last step expects a refused login (401).
  consoleGuard.allowMainDocument404();
  const email = uniqueEmail("journey");
  const account = { email, name: "Journey Reader", password: STRONG_PASSWORD };

  // Sign-up says "check your email" for every address; the emailed link signs in (issue 14).
  await signUp(page, account);
  await expect(accountNav(page)).toContainText("Journey Reader");
  await expect(
    page.getByRole("heading", { name: "Please confirm your email address" }),
  ).toHaveCount(0);

  await logOut(page);
  await logIn(page, account);
  await expect(accountNav(page)).toContainText("Journey Reader");

  // Save an article in one step (issue 15) and find it on the profile.
  await page.goto(demo.article.path);
  await waitForHydration(page, "content.article");
  await page.getByRole("main").getByRole("button", { name: "Save for later" }).click();
  await expect(page).toHaveURL(new RegExp(`${demo.article.path}$`));
  await expect(page.getByRole("main").getByRole("button", { name: /Remove/ })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: demo.article.headline })).toBeVisible();

  // A second browser holds another session, which the password reset must end.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, account);
  await expect(accountNav(otherPage)).toContainText("Journey Reader");

  await logOut(page);
  await page.goto("/forgot-password");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  await followMailLink(page, email, /^Reset your password$/);
  await waitForHydration(page, "account.reset-password");
  // The token leaves the address bar once the page has it.
  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = `${STRONG_PASSWORD} renewed`;
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Your password has been changed",
  );

  // The other browser's session is gone: without a valid access token it cannot refresh.
  await other.clearCookies({ name: "__Host-access" });
  await otherPage.goto("/profile");
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  await logIn(page, { email, password: newPassword });
  await page.goto("/profile");
  const newEmail = uniqueEmail("moved");
  const emailForm = page.locator("form", { has: page.getByLabel("New email address") });
  await emailForm.getByLabel("New email address").fill(newEmail);
  await emailForm.getByLabel(/current password/i).fill(newPassword);
  await emailForm.getByRole("button", { name: "Change email address" }).click();
  await followMailLink(page, newEmail, /^Confirm your new email address$/);
  await page.getByRole("button", { name: /confirm/i }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Email address confirmed");

  await page.goto("/profile");
  const deleteForm = page.locator("form", { has: page.getByLabel("Your password, to confirm") });
  await deleteForm.getByLabel("Your password, to confirm").fill(newPassword);
  await deleteForm.getByRole("button").click();
  await expect(accountNav(page)).toContainText("Log in");
  await logIn(page, { email: newEmail, password: newPassword });
  await expect(page.getByText(/don.t match/i)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a reader signs up and logs in with plain forms", async ({ page }) => {
    const account = { email: uniqueEmail("nojs"), name: "Plain Forms", password: STRONG_PASSWORD };
    await signUp(page, account, false);
    await expect(accountNav(page)).toContainText("Plain Forms");
    await logOut(page);
    await logIn(page, account, false);
    await expect(accountNav(page)).toContainText("Plain Forms");
  });

  test("signing up with a known address shows the same page and tells its owner", async ({
    page,
  }) => {
    const account = {
      email: uniqueEmail("known"),
      name: "Known Reader",
      password: STRONG_PASSWORD,
    };
    await signUp(page, account, false);
    await logOut(page);
    // Someone else tries the same address: the same answer, no session, a note to the owner
    // that carries nothing they typed (issue 14).
    const lure = "act now at https://evil.example/fix";
    await askToSignUp(page, { ...account, name: lure, password: "someone else's idea" }, false);
    await expect(accountNav(page)).toContainText("Log in");
    await openOutboxMessage(page, account.email, /^Someone tried to sign up with your address$/);
    await expect(page.locator("pre")).toContainText("No new account was created");
    await expect(page.getByText(lure)).toHaveCount(0);
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
