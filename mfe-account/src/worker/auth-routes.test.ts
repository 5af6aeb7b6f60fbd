import { describe, expect, it } from "vitest";
import {
  apiError,
  csrfFor,
  fakeApi,
  makeAccount,
  makeTokens,
  post,
  render,
  renderPage,
  TEST_ACCESS_TOKEN,
  TEST_CLIENT,
  viewer,
} from "./test-bindings.ts";

const PASSWORD = "correct horse battery staple";

function loggedIn(tokens = makeTokens()) {
  return () => Response.json({ tokens, account: makeAccount() });
}

describe("log in", () => {
  it("sets the session and goes to the next path", async () => {
    const api = fakeApi({ "POST /api/auth/login": loggedIn() });
    const answer = await post(
      {
        routeId: "account.login",
        form: { email: " ada@example.com ", password: PASSWORD, next: "/world/story?x=1" },
      },
      api.fetcher,
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

  it.each(["//evil.example", "/\\evil.example", "https://evil.example", "/\t/evil.example"])(
    "refuses the unsafe next %j and goes to /profile",
    async (next) => {
      const api = fakeApi({ "POST /api/auth/login": loggedIn() });
      const answer = await post(
        { routeId: "account.login", form: { email: "ada@example.com", password: PASSWORD, next } },
        api.fetcher,
      );
      expect(answer).toMatchObject({ kind: "redirect", status: 303, location: "/profile" });
    },
  );

  it("answers an unknown email and a wrong password with the same 401 page", async () => {
    const api = fakeApi({
      "POST /api/auth/login": (call) =>
        (call.body as { email: string }).email === "ada@example.com"
          ? apiError(401, "invalid_credentials")
          : apiError(401, "invalid_credentials"),
    });
    const wrongPassword = await post(
      { routeId: "account.login", form: { email: "ada@example.com", password: "wrong" } },
      api.fetcher,
    );
    const unknownEmail = await post(
      { routeId: "account.login", form: { email: "nobody@example.com", password: "wrong" } },
      api.fetcher,
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
    const api = fakeApi({ "POST /api/auth/login": () => apiError(401, "invalid_credentials") });
    const answer = await post(
      { routeId: "account.login", form: { email: "ada@example.com", password: PASSWORD } },
      api.fetcher,
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
    const api = fakeApi({
      "POST /api/auth/login": () =>
        new Response(JSON.stringify({ error: { code: "rate_limited", message: "slow down" } }), {
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "300" },
        }),
    });
    const answer = await post(
      { routeId: "account.login", form: { email: "ada@example.com", password: PASSWORD } },
      api.fetcher,
    );
    expect(answer).toMatchObject({ kind: "page", status: 429, retryAfter: 300 });
    if (answer.kind === "page") expect(answer.html).toContain("Try again in 5 minutes.");
  });

  it("checks the form before calling the API", async () => {
    const api = fakeApi();
    const answer = await post(
      { routeId: "account.login", form: { email: "not-an-email", password: "" } },
      api.fetcher,
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

describe("form tokens on every POST", () => {
  const routes = [
    ["account.login", { email: "ada@example.com", password: PASSWORD }],
    ["account.sign-up", { email: "ada@example.com", displayName: "Ada", password: PASSWORD }],
    ["account.forgot-password", { email: "ada@example.com" }],
    ["account.reset-password", { token: "t", password: PASSWORD }],
    ["account.verify-email", { token: "t" }],
    ["account.confirm-email", { token: "t" }],
    ["account.logout", {}],
    ["account.profile", { intent: "update-name", displayName: "Ada" }],
  ] as const;

  it.each(routes)(
    "%s refuses a missing or forged token with 403 and a fresh form",
    async (routeId, form) => {
      for (const csrf of [undefined, "forged", await csrfFor({ id: "someone-else" })]) {
        const api = fakeApi();
        const answer = await render(
          {
            routeId,
            method: "POST",
            viewer,
            accessToken: TEST_ACCESS_TOKEN,
            form: csrf === undefined ? { ...form } : { ...form, csrf },
          },
          api.fetcher,
        );
        expect(answer).toMatchObject({ kind: "page", status: 403 });
        if (answer.kind !== "page") continue;
        expect(answer.session).toBeUndefined();
        expect(answer.html).toContain("Please try again.");
        expect(answer.html).not.toContain(PASSWORD);
        expect(api.calls.filter((call) => call.method !== "GET")).toEqual([]);
      }
    },
  );
});

describe("sign up", () => {
  it("signs a new account holder in and shows the profile", async () => {
    const api = fakeApi({
      "POST /api/auth/sign-up": () =>
        Response.json(
          { status: "created", tokens: makeTokens("new"), account: makeAccount() },
          { status: 201 },
        ),
    });
    const answer = await post(
      {
        routeId: "account.sign-up",
        form: { email: "ada@example.com", displayName: " Ada ", password: PASSWORD },
      },
      api.fetcher,
    );
    expect(answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: "/profile",
      session: { kind: "set", accessToken: "access.jwt.new", refreshToken: "refresh-new" },
    });
    expect(api.calls[0]?.body).toEqual({
      email: "ada@example.com",
      displayName: "Ada",
      password: PASSWORD,
    });
  });

  it("says check your email when the address is already registered", async () => {
    const api = fakeApi({
      "POST /api/auth/sign-up": () => Response.json({ status: "check-email" }, { status: 202 }),
    });
    const answer = await post(
      {
        routeId: "account.sign-up",
        form: { email: "ada@example.com", displayName: "Ada", password: PASSWORD },
      },
      api.fetcher,
    );
    expect(answer).toEqual({ kind: "redirect", status: 303, location: "/sign-up?sent=1" });
    const sent = await renderPage({ routeId: "account.sign-up", search: "?sent=1" });
    expect(sent.html).toContain("Check your email");
    expect(sent.html).not.toContain("<form");
  });

  it.each([
    ["common", "too common"],
    ["site_name", "name of this site"],
    ["too_short", "at least 15 characters"],
  ])("explains a weak password (%s) next to the field", async (reason, text) => {
    const api = fakeApi({
      "POST /api/auth/sign-up": () => apiError(400, "weak_password", { reason }),
    });
    const answer = await post(
      {
        routeId: "account.sign-up",
        form: { email: "ada@example.com", displayName: "Ada", password: PASSWORD },
      },
      api.fetcher,
    );
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    if (answer.kind !== "page") return;
    expect(answer.html).toContain(text);
    expect(answer.html).toContain('id="a-sign-up-password-error"');
    expect(answer.html).toContain('value="Ada"');
    expect(answer.html).not.toContain(PASSWORD);
  });

  it("refuses a short password without asking the API", async () => {
    const api = fakeApi();
    const answer = await post(
      {
        routeId: "account.sign-up",
        form: { email: "ada@example.com", displayName: "Ada", password: "short" },
      },
      api.fetcher,
    );
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    expect(api.calls).toEqual([]);
  });
});

describe("forgotten and reset passwords", () => {
  it("confirms the same way whether or not the address has an account", async () => {
    const api = fakeApi({
      "POST /api/auth/forgot-password": () => new Response(null, { status: 202 }),
    });
    const answer = await post(
      { routeId: "account.forgot-password", form: { email: "who@example.com" } },
      api.fetcher,
    );
    expect(answer).toEqual({ kind: "redirect", status: 303, location: "/forgot-password?sent=1" });
    const sent = await renderPage({ routeId: "account.forgot-password", search: "?sent=1" });
    expect(sent.html).toContain("If an account uses that address, we&#x27;ve sent a link");
  });

  it("says when too many links were asked for", async () => {
    const api = fakeApi({
      "POST /api/auth/forgot-password": () =>
        new Response(JSON.stringify({ error: { code: "rate_limited" } }), {
          status: 429,
          headers: { "retry-after": "60" },
        }),
    });
    const answer = await post(
      { routeId: "account.forgot-password", form: { email: "who@example.com" } },
      api.fetcher,
    );
    expect(answer).toMatchObject({ kind: "page", status: 429, retryAfter: 60 });
  });

  it("changes the password without signing in, and ends this browser's session", async () => {
    const api = fakeApi({
      "POST /api/auth/reset-password": () => Response.json({ status: "reset" }),
    });
    const answer = await post(
      { routeId: "account.reset-password", form: { token: "emailed", password: PASSWORD } },
      api.fetcher,
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
    const api = fakeApi({
      "POST /api/auth/reset-password": () => apiError(400, "invalid_token"),
    });
    const answer = await post(
      { routeId: "account.reset-password", form: { token: "old", password: PASSWORD } },
      api.fetcher,
    );
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    if (answer.kind !== "page") return;
    expect(answer.html).toContain('href="/forgot-password"');
    expect(answer.html).not.toContain("<form");
  });

  it("shows the form again, token kept hidden, for a weak password", async () => {
    const api = fakeApi({
      "POST /api/auth/reset-password": () => apiError(400, "weak_password", { reason: "common" }),
    });
    const answer = await post(
      { routeId: "account.reset-password", form: { token: "emailed", password: PASSWORD } },
      api.fetcher,
    );
    expect(answer).toMatchObject({ kind: "page", status: 422 });
    if (answer.kind === "page") {
      expect(answer.html).toContain('<input type="hidden" name="token" value="emailed"/>');
    }
  });
});

describe("emailed confirmation links", () => {
  it.each([
    ["account.verify-email", "/api/auth/verify-email", "/verify-email?done=1"],
    ["account.confirm-email", "/api/auth/confirm-email", "/confirm-email?done=1"],
  ])("%s confirms on POST only", async (routeId, endpoint, location) => {
    const api = fakeApi({ [`POST ${endpoint}`]: () => Response.json({ account: makeAccount() }) });
    await renderPage({ routeId, search: "?token=emailed" }, api.fetcher);
    expect(api.calls).toEqual([]);
    const answer = await post({ routeId, form: { token: "emailed" } }, api.fetcher);
    expect(answer).toEqual({ kind: "redirect", status: 303, location });
    expect(api.calls.map((call) => [call.path, call.body])).toEqual([
      [endpoint, { token: "emailed" }],
    ]);
  });

  it("explains a link that no longer works", async () => {
    const api = fakeApi({ "POST /api/auth/verify-email": () => apiError(400, "invalid_token") });
    const answer = await post(
      { routeId: "account.verify-email", form: { token: "old" } },
      api.fetcher,
    );
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    if (answer.kind === "page") expect(answer.html).toContain("That link no longer works");
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
