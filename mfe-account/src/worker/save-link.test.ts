import { describe, expect, it } from "vitest";
import { accountHolderApi } from "../test/account-holder-answers.ts";
import { render, viewer } from "../test/test-bindings.ts";
import { MAX_ARTICLE_SLUG } from "./account-forms.ts";

const MESSAGE = "That link to save an article is not valid.";
const longSave = `?save=${"a".repeat(5_000)}`;

describe("a Save for later link that is too long (issue 14)", () => {
  it("answers an account holder 400 with the profile and a clear message, asking the API nothing about it", async () => {
    const api = accountHolderApi();
    const answer = await render(
      { routeId: "account.profile", path: "/profile", search: longSave, viewer },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    expect(answer.kind === "page" && answer.html).toContain(MESSAGE);
    expect(api.calls.map((call) => call.endpoint)).not.toContain("article");
  });

  it("answers an anonymous reader 400 with the login form, not a redirect the shell refuses", async () => {
    const answer = await render({ routeId: "account.profile", path: "/profile", search: longSave });
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    const html = answer.kind === "page" ? answer.html : "";
    expect(html).toContain(MESSAGE);
    expect(html).toContain('action="/login"');
  });

  it("still sends a reader with a slug of the longest allowed length to log in first", async () => {
    const slug = "a".repeat(MAX_ARTICLE_SLUG);
    const answer = await render({
      routeId: "account.profile",
      path: "/profile",
      search: `?save=${slug}`,
    });
    expect(answer).toMatchObject({ kind: "redirect", status: 302 });
  });
});
