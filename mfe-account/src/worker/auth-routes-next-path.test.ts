import { aDeviceToken, aTokenPair, anAccount } from "edge-api/fake/accounts";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { post, renderPage, TEST_PASSWORD as PASSWORD } from "../test/test-bindings.ts";

/**
 * The next path (`?next=` on /login, then the hidden `next` field) is checked with the fragment
 * kit's same-origin path check (`shell/fragment-kit/paths`); these are its cases as a reader
 * meets them: on the login form, and where logging in sends them.
 */

const samePaths = [
  "/",
  "/profile",
  "/world/europe/some-slug?x=1#top",
  "/a//b",
  "/a/\\b",
  `/${"a".repeat(2047)}`,
];

// Browsers read `//host` and `/\host` as another origin, and drop tabs and newlines from URLs.
const unsafePaths = [
  "",
  "profile",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/\t/evil.example",
  "/\n/evil.example",
  " /profile",
  `/${"a".repeat(2048)}`,
];

function logIn(next: string | undefined) {
  const api = accountHolderApi({
    login: () => ({ tokens: aTokenPair(), account: anAccount(), device: aDeviceToken() }),
  });
  const form = { email: "ada@example.com", password: PASSWORD };
  return post(
    { routeId: "account.login", form: next === undefined ? form : { ...form, next } },
    api,
  );
}

describe("the next path after logging in", () => {
  it.each(samePaths)("carries the same-origin ?next %j in the form", async (next) => {
    const { html, props } = await renderPage({
      routeId: "account.login",
      search: `?next=${encodeURIComponent(next)}`,
    });
    // `screen` stays beside `view` for builds kept from before issue 12 (decision 0006).
    expect(props).toMatchObject({ view: "login", screen: "login", next });
    expect(html).toContain('<input type="hidden" name="next"');
  });

  it.each(samePaths)("goes to the same-origin next %j after logging in", async (next) => {
    expect(await logIn(next)).toMatchObject({ kind: "redirect", status: 303, location: next });
  });

  it.each(unsafePaths)("does not carry the unsafe ?next %j", async (next) => {
    const { html, props } = await renderPage({
      routeId: "account.login",
      search: `?next=${encodeURIComponent(next)}`,
    });
    expect(props).toMatchObject({ view: "login", next: null });
    expect(html).not.toContain('name="next"');
    expect(html).not.toContain("evil.example");
  });

  it.each([undefined, ...unsafePaths])(
    "goes to /profile instead of the unsafe next %j",
    async (next) => {
      expect(await logIn(next)).toMatchObject({
        kind: "redirect",
        status: 303,
        location: "/profile",
      });
    },
  );

  it("has no next without ?next", async () => {
    const { html, props } = await renderPage({ routeId: "account.login" });
    expect(props).toMatchObject({ view: "login", next: null });
    expect(html).not.toContain('name="next"');
  });
});
