import { apiFailure, apiStatus } from "edge-api/fake";
import { aTokenPair, anAccount } from "edge-api/fake/accounts";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { post, renderPage, TEST_PASSWORD as PASSWORD } from "../test/test-bindings.ts";

describe("sign up", () => {
  it("answers every sign-up with check your email, signing nobody in (issue 14)", async () => {
    const api = accountHolderApi({ signUp: apiStatus(202, { status: "check-email" } as const) });
    const answer = await post(
      {
        routeId: "account.sign-up",
        form: { email: "ada@example.com", displayName: " Ada ", password: PASSWORD },
      },
      api,
    );
    // The same for a new and a known address: no session change, one redirect.
    expect(answer).toEqual({ kind: "redirect", status: 303, location: "/sign-up?sent=1" });
    expect(api.calls[0]?.body).toEqual({
      email: "ada@example.com",
      displayName: "Ada",
      password: PASSWORD,
    });
    const sent = await renderPage({ routeId: "account.sign-up", search: "?sent=1" });
    expect(sent.html).toContain("Check your email to finish signing up");
    expect(sent.html).not.toContain("<form");
  });

  it("says what the display name is used for, and nothing about posting (issue 15)", async () => {
    const { html } = await renderPage({ routeId: "account.sign-up", path: "/sign-up" });
    expect(html).toContain(
      '<p id="a-sign-up-display-name-hint" class="a-hint">Shown at the top of each page while you are logged in, and used to greet you in our emails. Other readers never see it.</p>',
    );
    expect(html).toContain('aria-describedby="a-sign-up-display-name-hint"');
    expect(html).not.toContain("anything you post");
  });

  it("links the privacy notice next to the Sign up button (issue 15)", async () => {
    const { html } = await renderPage({ routeId: "account.sign-up", path: "/sign-up" });
    const link = html.indexOf('<a href="/pages/privacy">privacy notice</a>');
    expect(link).toBeGreaterThan(-1);
    // Inside the form, right before its button.
    const button = html.indexOf('<button class="a-button" type="submit">Sign up</button>');
    expect(button).toBeGreaterThan(link);
    expect(html.slice(link, button)).not.toContain("<input");
    expect(html.slice(html.lastIndexOf("<form", link), link)).not.toContain("</form>");
  });

  it("says how long to wait when the API limits sign-ups", async () => {
    const api = accountHolderApi({ signUp: apiFailure(429, "rate_limited", { retryAfter: 120 }) });
    const answer = await post(
      {
        routeId: "account.sign-up",
        form: { email: "ada@example.com", displayName: "Ada", password: PASSWORD },
      },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 429 });
    if (answer.kind === "page") expect(answer.html).not.toContain(PASSWORD);
  });

  it.each([
    ["common", "too common"],
    ["site_name", "name of this site"],
    ["too_short", "at least 15 characters"],
    ["repeated", "repeats the same characters"],
    ["sequence", "mostly a sequence"],
    ["contains_email", "your email address"],
    ["contains_name", "your display name"],
    ["breached", "data breach"],
  ])("explains a weak password (%s) next to the field", async (reason, text) => {
    const api = accountHolderApi({ signUp: apiFailure(400, "weak_password", { reason }) });
    const answer = await post(
      {
        routeId: "account.sign-up",
        form: { email: "ada@example.com", displayName: "Ada", password: PASSWORD },
      },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    if (answer.kind !== "page") return;
    expect(answer.html).toContain(text);
    expect(answer.html).toContain('id="a-sign-up-password-error"');
    expect(answer.html).toContain('value="Ada"');
    expect(answer.html).not.toContain(PASSWORD);
  });

  it("refuses a short password without asking the API", async () => {
    const api = accountHolderApi();
    const answer = await post(
      {
        routeId: "account.sign-up",
        form: { email: "ada@example.com", displayName: "Ada", password: "short" },
      },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    expect(api.calls).toEqual([]);
  });
});

describe("emailed confirmation links", () => {
  it.each([
    ["account.verify-email", "/api/auth/verify-email", "/verify-email?done=1"],
    ["account.confirm-email", "/api/auth/confirm-email", "/confirm-email?done=1"],
  ])("%s confirms on POST only", async (routeId, endpoint, location) => {
    const confirmed = { account: anAccount() };
    const api = accountHolderApi({
      verifyEmail: { ...confirmed, next: null },
      confirmEmail: confirmed,
    });
    await renderPage({ routeId, search: "?token=emailed" }, api);
    expect(api.calls).toEqual([]);
    const answer = await post({ routeId, form: { token: "emailed" } }, api);
    expect(answer).toEqual({ kind: "redirect", status: 303, location });
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([
      [endpoint, { token: "emailed" }],
    ]);
  });

  it("signs in and opens the profile when the link finishes a sign-up", async () => {
    const api = accountHolderApi({
      verifyEmail: apiStatus(201, {
        account: anAccount(),
        tokens: aTokenPair("new"),
        next: null,
      }),
    });
    const answer = await post({ routeId: "account.verify-email", form: { token: "emailed" } }, api);
    expect(answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: "/profile",
      session: { kind: "set", accessToken: "access.jwt.new", refreshToken: "refresh-new" },
    });
  });

  it("explains a link that no longer works", async () => {
    const api = accountHolderApi({ verifyEmail: apiFailure(400, "invalid_token") });
    const answer = await post({ routeId: "account.verify-email", form: { token: "old" } }, api);
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    if (answer.kind === "page") expect(answer.html).toContain("That link no longer works");
  });
});
