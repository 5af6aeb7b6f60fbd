import { anAccount } from "edge-api/fake/accounts";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { csrfFor, render, renderPage, TEST_BUILD_ID, viewer } from "../test/test-bindings.ts";

/** The opening tag of the element with this id. */
function tagWithId(html: string, id: string): string {
  return new RegExp(`<(?:input|form)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

function expectLabelled(html: string, id: string) {
  expect(html).toContain(`<label class="a-label" for="${id}">`);
  expect(tagWithId(html, id)).not.toBe("");
}

function formTag(html: string): string {
  return /<form[^>]*>/.exec(html)?.[0] ?? "";
}

describe("the account fragment Worker", () => {
  it("answers /login with the login form", async () => {
    const answer = await renderPage({ routeId: "account.login", path: "/login" });
    const { html } = answer;
    expect(formTag(html)).toContain('method="post"');
    expect(formTag(html)).toContain('action="/login"');
    expectLabelled(html, "a-login-email");
    expectLabelled(html, "a-login-password");
    const email = tagWithId(html, "a-login-email");
    expect(email).toContain('type="email"');
    expect(email).toContain('autoComplete="email"');
    expect(email).toContain('name="email"');
    expect(email).toContain("required");
    const password = tagWithId(html, "a-login-password");
    expect(password).toContain('type="password"');
    expect(password).toContain('autoComplete="current-password"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Log in<\/button>/);
    expect(html).toContain('href="/forgot-password"');
    expect(html).toContain('href="/sign-up"');
    expect(html).not.toContain('name="next"');
    expect(answer.head).toMatchObject({
      title: "Log in | The Daily Edge",
      robots: "noindex",
      canonicalPath: "/login",
    });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
    expect(answer.buildId).toBe(TEST_BUILD_ID);
  });

  it("echoes a same-origin ?next into a hidden input", async () => {
    const { html } = await renderPage({
      routeId: "account.login",
      search: `?next=${encodeURIComponent("/world/europe/some-slug")}`,
    });
    expect(html).toContain('<input type="hidden" name="next" value="/world/europe/some-slug"/>');
  });

  it("answers /sign-up with email, display name and a new password", async () => {
    const answer = await renderPage({ routeId: "account.sign-up", path: "/sign-up" });
    const { html } = answer;
    expect(formTag(html)).toContain('action="/sign-up"');
    expectLabelled(html, "a-sign-up-email");
    expectLabelled(html, "a-sign-up-display-name");
    expectLabelled(html, "a-sign-up-password");
    expect(tagWithId(html, "a-sign-up-email")).toContain('type="email"');
    expect(tagWithId(html, "a-sign-up-display-name")).toContain('autoComplete="nickname"');
    const password = tagWithId(html, "a-sign-up-password");
    expect(password).toContain('autoComplete="new-password"');
    expect(password).toContain('minLength="15"');
    expect(password).toContain('aria-describedby="a-sign-up-password-hint"');
    expect(html).toContain("at least 15 characters");
    expect(answer.head).toMatchObject({ title: "Sign up | The Daily Edge", robots: "noindex" });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("answers /forgot-password with an email field", async () => {
    const answer = await renderPage({
      routeId: "account.forgot-password",
      path: "/forgot-password",
    });
    expect(formTag(answer.html)).toContain('action="/forgot-password"');
    expectLabelled(answer.html, "a-forgot-email");
    expect(tagWithId(answer.html, "a-forgot-email")).toContain('autoComplete="email"');
    expect(answer.head).toMatchObject({ robots: "noindex" });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("answers /reset-password with the token in a hidden field only", async () => {
    const answer = await renderPage({
      routeId: "account.reset-password",
      path: "/reset-password",
      search: "?token=secret-reset-token",
    });
    expect(formTag(answer.html)).toContain('action="/reset-password"');
    expectLabelled(answer.html, "a-reset-password");
    expect(tagWithId(answer.html, "a-reset-password")).toContain('autoComplete="new-password"');
    expect(answer.html).toContain('<input type="hidden" name="token" value="secret-reset-token"/>');
    expect(answer.html.split("secret-reset-token")).toHaveLength(2);
    expect(JSON.stringify(answer.head)).not.toContain("secret-reset-token");
    expect(answer.props).toMatchObject({ token: "secret-reset-token", state: "form" });
    expect(answer.head.canonicalPath).toBe("/reset-password");
    expect(answer.head.meta).toContainEqual({ name: "referrer", content: "no-referrer" });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("answers /reset-password without a token with a link to ask for one", async () => {
    const answer = await renderPage({ routeId: "account.reset-password", path: "/reset-password" });
    expect(answer.html).not.toContain("<form");
    expect(answer.html).toContain('href="/forgot-password"');
  });

  it("puts a form token in every form", async () => {
    const routes = [
      "account.login",
      "account.sign-up",
      "account.forgot-password",
      "account.logout",
    ] as const;
    for (const routeId of routes) {
      const { html } = await renderPage({
        routeId,
        viewer: routeId === "account.logout" ? viewer : null,
      });
      const token = await csrfFor(routeId === "account.logout" ? viewer : null);
      expect(html).toContain(`<input type="hidden" name="csrf" value="${token}"/>`);
    }
  });

  it.each([
    ["account.verify-email", "/verify-email", "Confirm your email address"],
    ["account.confirm-email", "/confirm-email", "Confirm your new email address"],
  ])(
    "answers %s with a button that POSTs the token (a GET changes nothing)",
    async (routeId, path, label) => {
      const answer = await renderPage({ routeId, path, search: "?token=emailed-token" });
      expect(formTag(answer.html)).toContain('method="post"');
      expect(formTag(answer.html)).toContain(`action="${path}"`);
      expect(answer.html).toContain('<input type="hidden" name="token" value="emailed-token"/>');
      expect(answer.html).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${label}</button>`));
      expect(answer.head.meta).toContainEqual({ name: "referrer", content: "no-referrer" });
      expect(answer.head.robots).toBe("noindex");
    },
  );

  it("asks an account holder before logging out, with a button", async () => {
    const answer = await renderPage({ routeId: "account.logout", path: "/logout", viewer });
    expect(answer.html).toContain("Log out of The Daily Edge?");
    expect(formTag(answer.html)).toContain('action="/logout"');
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("sends an anonymous reader from /profile to log in first", async () => {
    const answer = await render({ routeId: "account.profile", path: "/profile", viewer: null });
    expect(answer).toEqual({ kind: "redirect", status: 302, location: "/login?next=%2Fprofile" });
  });

  it("sends an anonymous reader who wants to save an article to log in, then back", async () => {
    const answer = await render({
      routeId: "account.profile",
      path: "/profile",
      search: "?save=tram-line-opens",
    });
    expect(answer).toEqual({
      kind: "redirect",
      status: 302,
      location: `/login?next=${encodeURIComponent("/profile?save=tram-line-opens")}`,
    });
  });

  it("shows an account holder their display name on /profile", async () => {
    const answer = await renderPage({ routeId: "account.profile", path: "/profile", viewer });
    expect(answer.html).toContain("Ada Reader");
    expect(answer.head).toMatchObject({
      title: "Your profile | The Daily Edge",
      robots: "noindex",
    });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("escapes the display name", async () => {
    const api = accountHolderApi({
      account: { account: anAccount({ displayName: "<script>alert(1)</script>" }) },
    });
    const answer = await renderPage({ routeId: "account.profile", viewer }, api);
    expect(answer.html).toContain("&lt;script&gt;");
    expect(answer.html).not.toContain("<script>");
  });
});
