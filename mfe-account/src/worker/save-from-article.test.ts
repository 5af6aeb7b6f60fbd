import { apiFailure } from "edge-api/fake";
import type { FragmentRequest } from "shell/contract";
import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { render, TEST_ACCESS_TOKEN, viewer } from "../test/test-bindings.ts";

/**
 * The article's one-step "Save for later" (issue 15, decision 0018): a form POST to /profile
 * without a form token, because the article is one cached page for every reader.
 */

const ARTICLE = "/city/transport/tram-line-opens";
const holder = { viewer, accessToken: TEST_ACCESS_TOKEN, routeId: "account.profile" } as const;

/** What the article's form sends: no `csrf` field. */
function articleForm(
  form: Record<string, string>,
  api = accountHolderApi(),
  who: Partial<FragmentRequest> = holder,
) {
  return { answer: render({ ...who, path: "/profile", method: "POST", form }, api), api };
}

const sent = (api: ReturnType<typeof accountHolderApi>) =>
  api.calls.map((call) => `${call.method} ${call.path}`);

describe("saving from the article's page, without a form token (issue 15)", () => {
  it("saves and goes back to the article named by next", async () => {
    const { answer, api } = articleForm(
      { intent: "save-article", slug: "tram-line-opens", next: ARTICLE },
      accountHolderApi({ saveArticle: null }),
    );
    expect(await answer).toEqual({ kind: "redirect", status: 303, location: ARTICLE });
    expect(sent(api)).toEqual([
      "GET /api/articles/tram-line-opens",
      "PUT /api/account/saved/tram-line-opens",
    ]);
  });

  it("removes a saved article and goes back to next", async () => {
    const { answer, api } = articleForm(
      { intent: "remove-saved", slug: "tram-line-opens", next: `${ARTICLE}?from=saved` },
      accountHolderApi({ unsaveArticle: null }),
    );
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: `${ARTICLE}?from=saved`,
    });
    expect(sent(api)).toEqual(["DELETE /api/account/saved/tram-line-opens"]);
  });

  it.each(["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"])(
    "never follows a next that is not a path on this site (%s): saving lands on the article",
    async (next) => {
      const { answer } = articleForm(
        { intent: "save-article", slug: "tram-line-opens", next },
        accountHolderApi({ saveArticle: null }),
      );
      expect(await answer).toEqual({ kind: "redirect", status: 303, location: ARTICLE });
    },
  );

  it("removing with a foreign next lands on the profile", async () => {
    const { answer } = articleForm(
      { intent: "remove-saved", slug: "tram-line-opens", next: "https://evil.example/" },
      accountHolderApi({ unsaveArticle: null }),
    );
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/profile?done=remove-saved",
    });
  });

  it.each([
    ["update-name", { displayName: "Mallory" }],
    ["change-email", { newEmail: "m@example.com", currentPassword: "x" }],
    ["end-all-sessions", {}],
    ["delete-account", { password: "x" }],
    ["download-data", {}],
    ["", {}],
  ])("still refuses every other profile form without its token (%s)", async (intent, fields) => {
    const { answer, api } = articleForm({ intent, ...fields });
    const page = await answer;
    expect(page).toMatchObject({ kind: "page", status: 403 });
    expect(page.kind === "page" && page.html).toContain("This form had expired");
    // The profile is shown again (its reads); nothing is changed or exported.
    expect(sent(api)).toEqual([
      "GET /api/account",
      "GET /api/account/sessions",
      "GET /api/account/saved",
    ]);
  });

  it("answers 404 with a clear message for an article the API does not know, saving nothing", async () => {
    const { answer, api } = articleForm({ intent: "save-article", slug: "missing", next: ARTICLE });
    const page = await answer;
    expect(page).toMatchObject({ kind: "page", status: 404 });
    expect(page.kind === "page" && page.html).toContain("We could not find that article");
    expect(sent(api)).not.toContain("PUT /api/account/saved/missing");
  });

  it.each([
    ["no slug", { intent: "save-article", next: ARTICLE }],
    ["an empty slug", { intent: "save-article", slug: "", next: ARTICLE }],
    ["a slug too long", { intent: "save-article", slug: "a".repeat(201), next: ARTICLE }],
    ["a remove without a slug", { intent: "remove-saved", next: ARTICLE }],
  ])("answers 400 with a clear message for %s", async (_, form) => {
    const { answer, api } = articleForm(form);
    const page = await answer;
    expect(page).toMatchObject({ kind: "page", status: 400 });
    expect(page.kind === "page" && page.html).toContain(
      "That link to save an article is not valid",
    );
    expect(sent(api).some((call) => call.includes("/api/account/saved/"))).toBe(false);
  });

  it("answers 400 when the API refuses the slug itself", async () => {
    const { answer } = articleForm(
      { intent: "save-article", slug: "Not A Slug", next: ARTICLE },
      accountHolderApi({ article: apiFailure(400, "invalid_request") }),
    );
    expect(await answer).toMatchObject({ kind: "page", status: 400 });
  });

  it("sends an anonymous reader to log in, with the save address as next", async () => {
    const { answer, api } = articleForm(
      { intent: "save-article", slug: "tram-line-opens", next: ARTICLE },
      accountHolderApi(),
      { ...holder, viewer: null, accessToken: null },
    );
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/login?next=%2Fprofile%3Fsave%3Dtram-line-opens",
    });
    expect(api.calls).toEqual([]);
  });

  it("sends a reader whose session ended to log in again, keeping the save address", async () => {
    const { answer } = articleForm(
      { intent: "save-article", slug: "tram-line-opens", next: ARTICLE },
      accountHolderApi({ saveArticle: apiFailure(401, "invalid_session") }),
    );
    expect(await answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/login?next=%2Fprofile%3Fsave%3Dtram-line-opens",
      session: { kind: "clear" },
    });
  });
});
