import { apiFailure, createFakeApi, type FakeAnswers } from "edge-api/fake";
import { aTokenPair, anAccount } from "edge-api/fake/accounts";
import { describe, expect, it } from "vitest";
import { post, render, renderPage, TEST_PASSWORD } from "../../test/test-bindings.ts";

const TOKEN = "invite-token-0123456789abcdef";
const join = { routeId: "account.newsroom-join", path: "/newsroom/join" } as const;
const invitation = {
  email: "grace@example.com",
  displayName: "Grace Writer",
  role: "editor",
  accountExists: false,
  expiresAt: "2026-11-27T09:00:00.000Z",
} as const;

function joinApi(answers: FakeAnswers = {}) {
  return createFakeApi({
    invitation,
    acceptInvite: { tokens: aTokenPair("joined"), account: anAccount({ id: "acc_grace" }) },
    ...answers,
  });
}

function joinPost(form: Record<string, string>, api = joinApi()) {
  return { answer: post({ ...join, form: { token: TOKEN, ...form } }, api), api };
}

describe("joining the newsroom from an invitation", () => {
  it("shows the invitation: the role, the address and when the link ends", async () => {
    const api = joinApi();
    const answer = await renderPage({ ...join, search: `?token=${TOKEN}` }, api);
    expect(answer.html).toContain("Join the newsroom");
    expect(answer.html).toContain("invited to join the newsroom of The Daily Edge as an editor.");
    expect(answer.html).toContain("grace@example.com");
    // 09:00 UTC is 09:00 in London in November.
    expect(answer.html).toContain("27 November 2026, 09:00");
    expect(answer.html).toContain(`<input type="hidden" name="token" value="${TOKEN}"/>`);
    expect(answer.html).toMatch(/<input[^>]*id="a-nr-join-name"[^>]*value="Grace Writer"/);
    expect(answer.html).toMatch(
      /<input[^>]*id="a-nr-join-password"[^>]*autoComplete="new-password"/,
    );
    expect(api.calls.map((call) => [call.endpoint, call.body])).toEqual([
      ["invitation", { token: TOKEN }],
    ]);
    // The token is in the address: no Referer may carry it anywhere.
    expect(answer.head.meta).toContainEqual({ name: "referrer", content: "no-referrer" });
    expect(answer.head.canonicalPath).toBe("/newsroom/join");
    expect(answer.head.robots).toBe("noindex, nofollow");
  });

  it("asks an existing account for its password only", async () => {
    const api = joinApi({ invitation: { ...invitation, accountExists: true } });
    const { html } = await renderPage({ ...join, search: `?token=${TOKEN}` }, api);
    expect(html).toContain("This address already has an account here.");
    expect(html).toMatch(/<input[^>]*id="a-nr-join-password"[^>]*autoComplete="current-password"/);
    expect(html).not.toContain('id="a-nr-join-name"');
  });

  it("creates the account, signs it in and sends it on to enrol the second factor", async () => {
    const { answer, api } = joinPost({ displayName: " Grace W. ", password: TEST_PASSWORD });
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/sign-in",
      session: {
        kind: "set",
        accessToken: "access.jwt.joined",
        accessMaxAge: 900,
        refreshToken: "refresh-joined",
        refreshMaxAge: 2_592_000,
      },
    });
    expect(api.calls.map((call) => [call.endpoint, call.body])).toEqual([
      ["invitation", { token: TOKEN }],
      ["acceptInvite", { token: TOKEN, displayName: "Grace W.", password: TEST_PASSWORD }],
    ]);
  });

  it("accepts with an existing account's password, sending no display name", async () => {
    const api = joinApi({ invitation: { ...invitation, accountExists: true } });
    const { answer } = joinPost({ displayName: "Ignored", password: TEST_PASSWORD }, api);
    expect(await answer).toMatchObject({ kind: "redirect", location: "/newsroom/sign-in" });
    expect(api.calls.at(-1)?.body).toEqual({ token: TOKEN, password: TEST_PASSWORD });
  });

  it("says a wrong password of an existing account is wrong (401)", async () => {
    const api = joinApi({
      invitation: { ...invitation, accountExists: true },
      acceptInvite: apiFailure(401, "invalid_credentials"),
    });
    const answer = await joinPost({ password: "not the password at all" }, api).answer;
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(401);
    expect(answer.session).toBeUndefined();
    expect(answer.html).toContain('<a href="#a-nr-join-password">That password is not right.</a>');
    expect(answer.html).not.toContain("not the password at all");
  });

  it("shows the password rules' reason for a weak password, as sign-up does", async () => {
    const api = joinApi({ acceptInvite: apiFailure(400, "weak_password", { reason: "common" }) });
    const answer = await joinPost({ displayName: "Grace", password: "passwordpassword1" }, api)
      .answer;
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(422);
    expect(answer.html).toContain("That password is too common and easy to guess.");
    expect(answer.html).toMatch(
      /<input[^>]*id="a-nr-join-password"[^>]*aria-describedby="a-nr-join-password-hint a-nr-join-password-error"/,
    );
    // What was typed comes back, never the password.
    expect(answer.html).toMatch(/<input[^>]*id="a-nr-join-name"[^>]*value="Grace"/);
    expect(answer.html).not.toContain("passwordpassword1");
  });

  it("says when the address got an account or is already on the staff (409)", async () => {
    const api = joinApi({ acceptInvite: apiFailure(409, "conflict") });
    const page = await joinPost({ displayName: "Grace", password: TEST_PASSWORD }, api).answer;
    if (page.kind !== "page") throw new Error("expected a page");
    expect(page.status).toBe(409);
    expect(page.session).toBeUndefined();
    expect(page.html).toContain("This address has an account now, or is already on the staff.");
  });

  it("refuses a short password before asking the API (422)", async () => {
    const { answer, api } = joinPost({ displayName: "Grace", password: "short" });
    const page = await answer;
    if (page.kind !== "page") throw new Error("expected a page");
    expect(page.status).toBe(422);
    expect(page.html).toContain("Use at least 15 characters.");
    expect(api.calls.map((call) => call.endpoint)).toEqual(["invitation", "invitation"]);
  });

  it("says an invalid, used or expired invitation no longer works, and what to do (400)", async () => {
    for (const refusal of [apiFailure(404, "not_found"), apiFailure(410, "gone")]) {
      const other = await renderPage(
        { ...join, search: `?token=${TOKEN}` },
        joinApi({ invitation: refusal }),
      );
      expect(other.status).toBe(400);
    }
    const api = joinApi({ invitation: apiFailure(400, "invalid_token") });
    const answer = await renderPage({ ...join, search: `?token=${TOKEN}` }, api);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("That link no longer works");
    expect(answer.html).toContain("Ask the admin who invited you to send a new invitation.");
    expect(answer.html).not.toContain(TOKEN);
    const accepted = await joinPost(
      { displayName: "Grace", password: TEST_PASSWORD },
      joinApi({ acceptInvite: apiFailure(400, "invalid_token") }),
    ).answer;
    expect(accepted).toMatchObject({ kind: "page", status: 400 });
    if (accepted.kind === "page") expect(accepted.html).toContain("That link no longer works");
  });

  it("shows the wait when the link was tried too often (429)", async () => {
    const api = joinApi({ invitation: apiFailure(429, "rate_limited", { retryAfter: 60 }) });
    const answer = await renderPage({ ...join, search: `?token=${TOKEN}` }, api);
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBe(60);
    expect(answer.html).toContain("Too many attempts. Try again in 1 minute.");
    expect(answer.html).not.toContain(TOKEN);
  });

  it("asks for the link when the address has no token, without calling the API", async () => {
    const api = joinApi();
    const answer = await renderPage(join, api);
    expect(answer.html).toContain("Open the link from your email");
    expect(api.calls).toEqual([]);
  });

  it("refuses a form without this site's form token (403) and accepts nothing", async () => {
    const api = joinApi();
    const answer = await render(
      {
        ...join,
        method: "POST",
        form: { csrf: "", token: TOKEN, displayName: "Grace", password: TEST_PASSWORD },
      },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 403 });
    expect(api.calls.map((call) => call.endpoint)).toEqual(["invitation"]);
  });
});
