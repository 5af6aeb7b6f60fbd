import { apiFailure } from "edge-api/fake";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import {
  csrfFor,
  post,
  renderPage,
  TEST_ACCESS_TOKEN,
  TEST_PASSWORD as PASSWORD,
  viewer,
} from "../test/test-bindings.ts";

/** The three screens only an anonymous reader needs, with a field only their form has. */
const screens = [
  ["account.login", "/login", 'id="a-login-password"'],
  ["account.sign-up", "/sign-up", 'id="a-sign-up-display-name"'],
  ["account.forgot-password", "/forgot-password", 'id="a-forgot-email"'],
] as const;

const holder = { viewer, accessToken: TEST_ACCESS_TOKEN } as const;

describe("a logged-in reader on log in, sign up and forgotten password (issue 15)", () => {
  it.each(screens)(
    "%s says who is logged in, links the profile and offers log out",
    async (routeId, path, field) => {
      const answer = await renderPage({ ...holder, routeId, path });
      expect(answer.status).toBe(200);
      expect(answer.html).toContain("You are logged in as Ada Reader");
      expect(answer.html).toContain('<a href="/profile">Go to your profile</a>');
      // The log-out button is the profile's: a POST to /logout with this account's form token.
      expect(answer.html).toContain('action="/logout"');
      expect(answer.html).toContain(`name="csrf" value="${await csrfFor(viewer)}"`);
      expect(answer.html).not.toContain(field);
      expect(answer.html).not.toContain('name="password"');
      expect(answer.head).toMatchObject({
        title: "You are logged in | The Daily Edge",
        canonicalPath: path,
        robots: "noindex",
      });
      expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
    },
  );

  it.each(screens)(
    "%s still shows its form to an anonymous reader",
    async (routeId, path, field) => {
      const answer = await renderPage({ routeId, path });
      expect(answer.status).toBe(200);
      expect(answer.html).toContain(field);
      expect(answer.html).not.toContain("You are logged in");
    },
  );

  it("logs out with the page's own button", async () => {
    const { html } = await renderPage({ ...holder, routeId: "account.login", path: "/login" });
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const answer = await post({ ...holder, routeId: "account.logout", form: { csrf } });
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/",
      session: { kind: "clear" },
    });
  });

  it("answers a form sent while logged in as before: problems come back with the form", async () => {
    const api = accountHolderApi({ login: apiFailure(401, "invalid_credentials") });
    const answer = await post(
      {
        ...holder,
        routeId: "account.login",
        form: { email: "ada@example.com", password: PASSWORD },
      },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 401 });
    if (answer.kind !== "page") return;
    expect(answer.html).toContain('id="a-login-password"');
    expect(answer.html).not.toContain("You are logged in");
  });

  it.each([
    ["account.sign-up", "/sign-up", "Check your email to finish signing up"],
    ["account.forgot-password", "/forgot-password", "Check your email"],
  ] as const)(
    "%s still confirms a form sent while logged in (?sent=1)",
    async (routeId, path, text) => {
      const { html } = await renderPage({ ...holder, routeId, path, search: "?sent=1" });
      expect(html).toContain(text);
      expect(html).not.toContain("You are logged in");
    },
  );
});
