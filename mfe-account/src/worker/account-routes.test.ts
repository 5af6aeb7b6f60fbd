import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import {
  csrfFor,
  render,
  TEST_ACCESS_TOKEN,
  TEST_PASSWORD as PASSWORD,
  viewer,
} from "../test/test-bindings.ts";

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
        const api = accountHolderApi();
        const answer = await render(
          {
            routeId,
            method: "POST",
            viewer,
            accessToken: TEST_ACCESS_TOKEN,
            form: csrf === undefined ? { ...form } : { ...form, csrf },
          },
          api,
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
