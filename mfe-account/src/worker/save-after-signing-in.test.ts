import { apiFailure, apiStatus } from "edge-api/fake";
import { aDeviceToken, aTokenPair, anAccount } from "edge-api/fake/accounts";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { post, renderPage, TEST_PASSWORD as PASSWORD } from "../test/test-bindings.ts";
import { slugOfSaveAddress } from "./save-address.ts";

/**
 * A reader who was not logged in chose "Save for later" (issue 15): logging in, or the emailed
 * link of a sign-up that carried the save address as `next`, saves the article and lands on it.
 */

const SAVE = "/profile?save=tram-line-opens";
const ARTICLE = "/city/transport/tram-line-opens";
const NEW_TOKEN = "access.jwt.new";

type Api = ReturnType<typeof accountHolderApi>;
const sent = (api: Api) => api.calls.map((call) => `${call.method} ${call.path}`);
/** The access token each call carried: the new session's, never the (absent) old one. */
const bearerOf = (api: Api, path: string) =>
  api.calls.find((call) => call.path === path)?.headers.authorization;

function logIn(next: string, answers: Parameters<typeof accountHolderApi>[0] = {}) {
  const api = accountHolderApi({
    login: { tokens: aTokenPair("new"), account: anAccount(), device: aDeviceToken() },
    saveArticle: null,
    ...answers,
  });
  const form = { email: "ada@example.com", password: PASSWORD, next };
  return { answer: post({ routeId: "account.login", path: "/login", form }, api), api };
}

function verify(next: string | null, answers: Parameters<typeof accountHolderApi>[0] = {}) {
  const api = accountHolderApi({
    verifyEmail: apiStatus(201, { account: anAccount(), tokens: aTokenPair("new"), next }),
    saveArticle: null,
    ...answers,
  });
  const form = { token: "emailed" };
  return { answer: post({ routeId: "account.verify-email", form }, api), api };
}

describe("logging in to save an article (issue 15)", () => {
  it("saves the article as the new session and lands on it, signed in", async () => {
    const { answer, api } = logIn(SAVE);
    expect(await answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: ARTICLE,
      session: { kind: "set", accessToken: NEW_TOKEN },
    });
    expect(sent(api)).toEqual([
      "POST /api/auth/login",
      "GET /api/articles/tram-line-opens",
      "PUT /api/account/saved/tram-line-opens",
    ]);
    expect(bearerOf(api, "/api/account/saved/tram-line-opens")).toBe(`Bearer ${NEW_TOKEN}`);
  });

  it("goes to the save address (which explains) when the article is gone, still signed in", async () => {
    const { answer, api } = logIn("/profile?save=missing");
    expect(await answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: "/profile?save=missing",
      session: { kind: "set", accessToken: NEW_TOKEN },
    });
    expect(sent(api)).not.toContain("PUT /api/account/saved/missing");
  });

  it("goes to the save address when saving fails, keeping the new session", async () => {
    const { answer } = logIn(SAVE, { saveArticle: apiFailure(503, "unavailable") });
    expect(await answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: SAVE,
      session: { kind: "set", accessToken: NEW_TOKEN },
    });
  });

  it("follows any other next without saving anything", async () => {
    const { answer, api } = logIn("/profile?done=x");
    expect(await answer).toMatchObject({ kind: "redirect", location: "/profile?done=x" });
    expect(sent(api)).toEqual(["POST /api/auth/login"]);
  });
});

describe("a sign-up's emailed link with a next (issue 15)", () => {
  it("saves the article of a save address and lands on it, signed in", async () => {
    const { answer, api } = verify(SAVE);
    expect(await answer).toMatchObject({
      kind: "redirect",
      status: 303,
      location: ARTICLE,
      session: { kind: "set", accessToken: NEW_TOKEN, refreshToken: "refresh-new" },
    });
    expect(sent(api)).toEqual([
      "POST /api/auth/verify-email",
      "GET /api/articles/tram-line-opens",
      "PUT /api/account/saved/tram-line-opens",
    ]);
    expect(bearerOf(api, "/api/account/saved/tram-line-opens")).toBe(`Bearer ${NEW_TOKEN}`);
  });

  it("follows another next", async () => {
    const { answer, api } = verify("/world/europe?page=2");
    expect(await answer).toMatchObject({ location: "/world/europe?page=2" });
    expect(sent(api)).toEqual(["POST /api/auth/verify-email"]);
  });

  it("opens the profile without one", async () => {
    const { answer } = verify(null);
    expect(await answer).toMatchObject({ location: "/profile" });
  });
});

describe("sign-up keeps next (issue 15)", () => {
  it("carries a same-origin ?next in a hidden field and the Log in link", async () => {
    const { html, props } = await renderPage({
      routeId: "account.sign-up",
      path: "/sign-up",
      search: `?next=${encodeURIComponent(SAVE)}`,
    });
    expect(props).toMatchObject({ view: "sign-up", next: SAVE });
    expect(html).toContain(
      `<input type="hidden" name="next" value="/profile?save=tram-line-opens"/>`,
    );
    expect(html).toContain('href="/login?next=%2Fprofile%3Fsave%3Dtram-line-opens"');
  });

  it("sends next to the API with the sign-up", async () => {
    const api = accountHolderApi({ signUp: apiStatus(202, { status: "check-email" } as const) });
    const form = { email: "ada@example.com", displayName: "Ada", password: PASSWORD, next: SAVE };
    expect(await post({ routeId: "account.sign-up", form }, api)).toMatchObject({
      location: "/sign-up?sent=1",
    });
    expect(api.calls[0]?.body).toMatchObject({ next: SAVE });
  });

  it.each(["//evil.example", "https://evil.example/", "/a/\\b", "/\t/evil.example"])(
    "drops the unsafe next %j: not in the form, not sent",
    async (next) => {
      const { html } = await renderPage({
        routeId: "account.sign-up",
        path: "/sign-up",
        search: `?next=${encodeURIComponent(next)}`,
      });
      expect(html).not.toContain('name="next"');
      const api = accountHolderApi({
        signUp: apiStatus(202, { status: "check-email" } as const),
      });
      const form = { email: "ada@example.com", displayName: "Ada", password: PASSWORD, next };
      await post({ routeId: "account.sign-up", form }, api);
      expect(api.calls[0]?.body).not.toHaveProperty("next");
    },
  );

  it("the login page's Sign up link keeps next", async () => {
    const { html } = await renderPage({
      routeId: "account.login",
      search: `?next=${encodeURIComponent(SAVE)}`,
    });
    expect(html).toContain('href="/sign-up?next=%2Fprofile%3Fsave%3Dtram-line-opens"');
  });
});

describe("slugOfSaveAddress", () => {
  it.each([
    [SAVE, "tram-line-opens"],
    ["/profile?save=a&x=1", "a"],
    ["/profile", null],
    ["/profile?save=", null],
    ["/profiles?save=a", null],
    ["/world?save=a", null],
    [`/profile?save=${"a".repeat(201)}`, null],
    [null, null],
  ])("%j names %j", (path, slug) => {
    expect(slugOfSaveAddress(path)).toBe(slug);
  });
});
