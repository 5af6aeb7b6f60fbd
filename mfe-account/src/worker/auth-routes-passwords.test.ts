import { apiFailure, apiStatus } from "edge-api/fake";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { post, renderPage, TEST_PASSWORD as PASSWORD } from "../test/test-bindings.ts";

describe("forgotten and reset passwords", () => {
  it("confirms the same way whether or not the address has an account", async () => {
    const api = accountHolderApi({
      forgotPassword: apiStatus(202, { status: "check-email" } as const),
    });
    const answer = await post(
      { routeId: "account.forgot-password", form: { email: "who@example.com" } },
      api,
    );
    expect(answer).toEqual({ kind: "redirect", status: 303, location: "/forgot-password?sent=1" });
    const sent = await renderPage({ routeId: "account.forgot-password", search: "?sent=1" });
    expect(sent.html).toContain("If an account uses that address, we&#x27;ve sent a link");
  });

  it("says when too many links were asked for", async () => {
    const api = accountHolderApi({
      forgotPassword: apiFailure(429, "rate_limited", { retryAfter: 60 }),
    });
    const answer = await post(
      { routeId: "account.forgot-password", form: { email: "who@example.com" } },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 429, retryAfter: 60 });
  });

  it("changes the password without signing in, and ends this browser's session", async () => {
    const api = accountHolderApi({ resetPassword: { status: "reset" } });
    const answer = await post(
      { routeId: "account.reset-password", form: { token: "emailed", password: PASSWORD } },
      api,
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/reset-password?done=1",
      session: { kind: "clear" },
    });
    expect(api.calls[0]?.body).toEqual({ token: "emailed", password: PASSWORD });
    const done = await renderPage({ routeId: "account.reset-password", search: "?done=1" });
    expect(done.html).toContain("Your password has been changed");
    expect(done.html).toContain("Log in with your new password.");
  });

  it("explains an invalid, expired or used link with 400 and a link to a new one", async () => {
    const api = accountHolderApi({ resetPassword: apiFailure(400, "invalid_token") });
    const answer = await post(
      { routeId: "account.reset-password", form: { token: "old", password: PASSWORD } },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    if (answer.kind !== "page") return;
    expect(answer.html).toContain('href="/forgot-password"');
    expect(answer.html).not.toContain("<form");
  });

  it("shows the form again, token kept hidden, for a weak password", async () => {
    const api = accountHolderApi({
      resetPassword: apiFailure(400, "weak_password", { reason: "common" }),
    });
    const answer = await post(
      { routeId: "account.reset-password", form: { token: "emailed", password: PASSWORD } },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    if (answer.kind === "page") {
      expect(answer.html).toContain('<input type="hidden" name="token" value="emailed"/>');
    }
  });
});
