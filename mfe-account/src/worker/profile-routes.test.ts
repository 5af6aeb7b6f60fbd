import { apiFailure } from "edge-api/fake";
import { aTokenPair, anAccount } from "edge-api/fake/accounts";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import {
  post,
  render,
  renderPage,
  TEST_ACCESS_TOKEN,
  TEST_CLIENT,
  TEST_PASSWORD as PASSWORD,
  viewer,
} from "../test/test-bindings.ts";

const NEW_PASSWORD = "a different long passphrase";
const holder = { viewer, accessToken: TEST_ACCESS_TOKEN, routeId: "account.profile" } as const;
const checkEmail = { status: "check-email" } as const;

function profilePost(form: Record<string, string>, api = accountHolderApi()) {
  return { answer: post({ ...holder, path: "/profile", form }, api), api };
}

describe("the profile page", () => {
  it("shows the account, its sessions (this one marked) and saved articles", async () => {
    const api = accountHolderApi();
    const answer = await renderPage({ ...holder, path: "/profile" }, api);
    const { html } = answer;
    expect(html).toContain("ada@example.com");
    expect(html).toContain("Chrome on Linux");
    expect(html).toContain("(this device)");
    expect(html).toContain("Last used 21 Nov 2026, 09:30 UTC");
    expect(html).toContain('<input type="hidden" name="sessionId" value="ses_other"/>');
    expect(html).not.toContain('value="ses_here"');
    expect(html).toContain('<a href="/city/transport/saved-story">New tram line opens</a>');
    expect(html).toContain("Log out everywhere");
    expect(html).toContain("Delete my account");
    expect(html).not.toContain("Please confirm your email address");
    for (const call of api.calls) {
      expect(call.headers).toMatchObject({
        authorization: `Bearer ${TEST_ACCESS_TOKEN}`,
        "cf-connecting-ip": TEST_CLIENT.ip,
        "user-agent": TEST_CLIENT.userAgent,
      });
    }
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
    expect(answer.head.robots).toBe("noindex");
  });

  it("says what the display name is used for beside its field (issue 15)", async () => {
    const { html } = await renderPage({ ...holder, path: "/profile" });
    expect(html).toContain(
      '<p id="a-profile-display-name-hint" class="a-hint">Shown at the top of each page while you are logged in, and used to greet you in our emails. Other readers never see it.</p>',
    );
  });

  it("asks an unverified account holder to confirm, with a resend button", async () => {
    const api = accountHolderApi({ account: { account: anAccount({ emailVerified: false }) } });
    const { html } = await renderPage({ ...holder }, api);
    expect(html).toContain("Please confirm your email address");
    expect(html).toContain('<input type="hidden" name="intent" value="resend-verification"/>');
  });

  it("shows what just succeeded as a status message", async () => {
    const { html } = await renderPage({ ...holder, search: "?done=update-name" });
    expect(html).toContain('role="status"');
    expect(html).toContain("Your display name has been changed.");
    const unknown = await renderPage({ ...holder, search: "?done=%3Cscript%3E" });
    expect(unknown.html).not.toContain('role="status"');
  });

  it("sends a reader whose session was ended elsewhere to log in again", async () => {
    const api = accountHolderApi({ account: apiFailure(401, "unauthorized") });
    expect(await render({ ...holder }, api)).toEqual({
      kind: "redirect",
      status: 302,
      location: "/login?next=%2Fprofile",
      session: { kind: "clear" },
    });
  });
});

describe("profile forms", () => {
  it.each([
    [
      { intent: "update-name", displayName: " Ada L. " },
      "PATCH",
      "/api/account",
      { displayName: "Ada L." },
      { updateAccount: { account: anAccount() } },
    ],
    [
      { intent: "change-email", newEmail: "new@example.com", currentPassword: PASSWORD },
      "POST",
      "/api/account/email",
      { newEmail: "new@example.com", currentPassword: PASSWORD },
      { changeEmail: checkEmail },
    ],
    [
      { intent: "resend-verification" },
      "POST",
      "/api/auth/resend-verification",
      undefined,
      { resendVerification: checkEmail },
    ],
    [
      { intent: "end-session", sessionId: "ses_other" },
      "DELETE",
      "/api/account/sessions/ses_other",
      undefined,
      { endSession: null },
    ],
    [
      { intent: "remove-saved", slug: "saved-story" },
      "DELETE",
      "/api/account/saved/saved-story",
      undefined,
      { unsaveArticle: null },
    ],
  ] as const)("%o calls %s %s and reports done", async (form, method, path, body, answers) => {
    const api = accountHolderApi(answers);
    const { answer } = profilePost({ ...form }, api);
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: `/profile?done=${form.intent}`,
    });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      method,
      path,
      body,
      headers: {
        authorization: `Bearer ${TEST_ACCESS_TOKEN}`,
        "cf-connecting-ip": TEST_CLIENT.ip,
        "user-agent": TEST_CLIENT.userAgent,
      },
    });
  });

  it("changes the password and keeps this session with the new tokens", async () => {
    const api = accountHolderApi({ changePassword: { tokens: aTokenPair("fresh") } });
    const { answer } = profilePost(
      { intent: "change-password", currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      api,
    );
    expect(await answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: "/profile?done=change-password",
      session: { kind: "set", accessToken: "access.jwt.fresh", refreshToken: "refresh-fresh" },
    });
    expect(api.calls[0]?.body).toEqual({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
  });

  it("says which password was wrong, with 401, and echoes no password", async () => {
    const api = accountHolderApi({ changePassword: apiFailure(401, "invalid_credentials") });
    const answer = await profilePost(
      { intent: "change-password", currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      api,
    ).answer;
    expect(answer).toMatchObject({ kind: "page", status: 401 });
    if (answer.kind !== "page") return;
    expect(answer.session).toBeUndefined();
    expect(answer.html).toContain('id="a-profile-current-password-error"');
    expect(answer.html).not.toContain(PASSWORD);
    expect(answer.html).not.toContain(NEW_PASSWORD);
  });

  it("keeps a new email address the holder typed when the change fails", async () => {
    const api = accountHolderApi({ changeEmail: apiFailure(401, "invalid_credentials") });
    const answer = await profilePost(
      { intent: "change-email", newEmail: "new@example.com", currentPassword: "wrong" },
      api,
    ).answer;
    expect(answer).toMatchObject({ kind: "page", status: 401 });
    if (answer.kind === "page") expect(answer.html).toContain('value="new@example.com"');
  });

  it("logs out everywhere: every session ends, this one too", async () => {
    const api = accountHolderApi({ endAllSessions: null });
    const answer = await profilePost({ intent: "end-all-sessions" }, api).answer;
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/login",
      session: { kind: "clear" },
    });
    expect(api.calls.map((call) => call.path)).toEqual(["/api/account/sessions/end-all"]);
  });

  it("deletes the account after the password, clears the session and says goodbye", async () => {
    const api = accountHolderApi({ deleteAccount: null });
    const answer = await profilePost({ intent: "delete-account", password: PASSWORD }, api).answer;
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/logout?deleted=1",
      session: { kind: "clear" },
    });
    expect(api.calls[0]?.body).toEqual({ password: PASSWORD });
    const goodbye = await renderPage({ routeId: "account.logout", search: "?deleted=1" });
    expect(goodbye.html).toContain("Your account has been deleted");
  });

  it("tells staff that leaving the staff comes first, and keeps them signed in", async () => {
    const api = accountHolderApi({ deleteAccount: apiFailure(409, "staff_member") });
    const answer = await profilePost({ intent: "delete-account", password: PASSWORD }, api).answer;
    expect(answer).toMatchObject({ kind: "page", status: 409 });
    if (answer.kind === "page") {
      expect(answer.html).toContain("Ask an admin to remove you from the staff first.");
      expect(answer.session).toBeUndefined();
    }
  });

  it("points at the field to fix, without calling the API", async () => {
    const api = accountHolderApi();
    const answer = await profilePost(
      { intent: "change-password", currentPassword: PASSWORD, newPassword: "too short" },
      api,
    ).answer;
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    if (answer.kind === "page") {
      expect(answer.html).toContain('href="#a-profile-new-password"');
      expect(answer.html).toContain(
        'aria-describedby="a-profile-new-password-hint a-profile-new-password-error"',
      );
    }
    expect(api.calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("refuses an unknown intent", async () => {
    const api = accountHolderApi();
    const answer = await profilePost({ intent: "make-admin", role: "admin" }, api).answer;
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    expect(api.calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("sends an anonymous POST to log in", async () => {
    const answer = await post({
      routeId: "account.profile",
      viewer: null,
      form: { intent: "update-name", displayName: "X" },
    });
    expect(answer).toEqual({ kind: "redirect", status: 303, location: "/login?next=%2Fprofile" });
  });
});

describe("saving an article", () => {
  it("asks to confirm, naming the headline", async () => {
    const answer = await renderPage({ ...holder, search: "?save=tram-line-opens" });
    expect(answer.html).toContain("Save “New tram line opens”?");
    expect(answer.html).toContain('<input type="hidden" name="intent" value="save-article"/>');
    expect(answer.html).toContain('<input type="hidden" name="slug" value="tram-line-opens"/>');
    expect(answer.html).toContain('href="/city/transport/tram-line-opens"');
  });

  it("answers not-found for an unknown article", async () => {
    expect(await render({ ...holder, search: "?save=missing" })).toEqual({ kind: "not-found" });
  });

  it("saves on POST and goes back to the article", async () => {
    const api = accountHolderApi({ saveArticle: null });
    const answer = await profilePost({ intent: "save-article", slug: "tram-line-opens" }, api)
      .answer;
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/city/transport/tram-line-opens",
    });
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /api/articles/tram-line-opens",
      "PUT /api/account/saved/tram-line-opens",
    ]);
  });
});
