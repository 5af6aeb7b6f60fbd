import { apiFailure } from "edge-api/fake";
import { aDeviceToken, aTokenPair, anAccount } from "edge-api/fake/accounts";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import {
  post,
  renderPage,
  TEST_CLIENT,
  TEST_PASSWORD as PASSWORD,
  viewer,
} from "../test/test-bindings.ts";

function loggedIn(tokens = aTokenPair()) {
  return () => ({ tokens, account: anAccount(), device: aDeviceToken() });
}

describe("log in", () => {
  it("sets the session and goes to the next path", async () => {
    const api = accountHolderApi({ login: loggedIn() });
    const answer = await post(
      {
        routeId: "account.login",
        form: { email: " ada@example.com ", password: PASSWORD, next: "/world/story?x=1" },
      },
      api,
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/world/story?x=1",
      session: {
        kind: "set",
        accessToken: "access.jwt.1",
        accessMaxAge: 900,
        refreshToken: "refresh-1",
        refreshMaxAge: 2_592_000,
        device: { token: aDeviceToken().token, maxAge: 31_536_000 },
      },
    });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      method: "POST",
      path: "/api/auth/login",
      body: { email: "ada@example.com", password: PASSWORD },
      headers: { "cf-connecting-ip": TEST_CLIENT.ip, "user-agent": TEST_CLIENT.userAgent },
    });
  });

  it("passes the browser's device token on to the API with the login, and with no other call", async () => {
    const api = accountHolderApi({ login: loggedIn() });
    const client = { ...TEST_CLIENT, deviceToken: "known-device-token".padEnd(43, "x") };
    await post(
      { routeId: "account.login", client, form: { email: "ada@example.com", password: PASSWORD } },
      api,
    );
    await renderPage(
      { routeId: "account.profile", path: "/profile", client, viewer, accessToken: "access.jwt" },
      api,
    );
    const [login, ...others] = api.calls;
    expect(login?.headers["x-device-token"]).toBe(client.deviceToken);
    expect(others.length).toBeGreaterThan(0);
    for (const call of others) expect(call.headers).not.toHaveProperty("x-device-token");
  });

  it("answers an unknown email and a wrong password with the same 401 page", async () => {
    const api = accountHolderApi({
      login: (call) =>
        (call.body as { email: string }).email === "ada@example.com"
          ? apiFailure(401, "invalid_credentials")
          : apiFailure(401, "invalid_credentials"),
    });
    const wrongPassword = await post(
      { routeId: "account.login", form: { email: "ada@example.com", password: "wrong" } },
      api,
    );
    const unknownEmail = await post(
      { routeId: "account.login", form: { email: "nobody@example.com", password: "wrong" } },
      api,
    );
    for (const answer of [wrongPassword, unknownEmail]) {
      if (answer.kind !== "page") throw new Error("expected a page");
      expect(answer.status).toBe(401);
      expect(answer.html).toContain("That email and password don&#x27;t match an account.");
      expect(answer.html).not.toContain('value="wrong"');
      expect(answer.session).toBeUndefined();
    }
    const strip = (html: string) => html.replace(/(ada|nobody)@example\.com/g, "EMAIL");
    if (wrongPassword.kind === "page" && unknownEmail.kind === "page") {
      expect(strip(wrongPassword.html)).toBe(strip(unknownEmail.html));
    }
  });

  it("keeps the email but never the password when the form comes back", async () => {
    const api = accountHolderApi({ login: apiFailure(401, "invalid_credentials") });
    const answer = await post(
      { routeId: "account.login", form: { email: "ada@example.com", password: PASSWORD } },
      api,
    );
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.html).toContain('value="ada@example.com"');
    expect(answer.html).not.toContain(PASSWORD);
    expect(JSON.stringify(answer.props)).not.toContain(PASSWORD);
    expect(answer.html).toMatch(
      /<div[^>]*role="alert"[^>]*tabindex="-1"|<div[^>]*tabIndex="-1"[^>]*role="alert"/i,
    );
  });

  it("passes on a 429 with Retry-After and says when to try again", async () => {
    const api = accountHolderApi({
      login: apiFailure(429, "rate_limited", { retryAfter: 300 }),
    });
    const answer = await post(
      { routeId: "account.login", form: { email: "ada@example.com", password: PASSWORD } },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 429, retryAfter: 300 });
    if (answer.kind === "page") expect(answer.html).toContain("Try again in 5 minutes.");
  });

  it("checks the form before calling the API", async () => {
    const api = accountHolderApi();
    const answer = await post(
      { routeId: "account.login", form: { email: "not-an-email", password: "" } },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    if (answer.kind === "page") {
      expect(answer.html).toContain('aria-describedby="a-login-email-error"');
      expect(answer.html).toContain('aria-invalid="true"');
      expect(answer.html).toContain('href="#a-login-email"');
    }
    expect(api.calls).toHaveLength(0);
  });
});

describe("log out", () => {
  it("clears the session and goes to the front page", async () => {
    const answer = await post({ routeId: "account.logout", viewer, form: {} });
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/",
      session: { kind: "clear" },
    });
  });
});
