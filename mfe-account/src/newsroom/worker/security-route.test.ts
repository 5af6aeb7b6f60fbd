import { apiFailure } from "edge-api/fake";
import { describe, expect, it } from "vitest";
import { asStaff, newsroomApi, recoveryCodes, verifiedState } from "../../test/newsroom-answers.ts";
import { post, render, renderPage } from "../../test/test-bindings.ts";

const security = (overrides = {}) =>
  asStaff("account.newsroom-security", "/newsroom/security", overrides);

describe("the security page", () => {
  it("shows the person's second factor, role and recovery codes left", async () => {
    const api = newsroomApi({ secondFactor: { ...verifiedState, recoveryCodesLeft: 1 } });
    const answer = await renderPage(security(), api);
    expect(answer.html).toContain("On, with an authenticator app");
    expect(answer.html).toContain("<dd>Admin</dd>");
    expect(answer.html).toContain("1 recovery code left");
    expect(answer.html).toContain(
      '<input type="hidden" name="intent" value="new-recovery-codes"/>',
    );
    expect(answer.html).not.toContain("Your recovery codes");
    expect(answer.head).toMatchObject({
      title: "Security | The Daily Edge",
      robots: "noindex, nofollow",
    });
  });

  it("makes new recovery codes and shows them on that answer only", async () => {
    const api = newsroomApi({ newRecoveryCodes: { recoveryCodes } });
    const made = await post({ ...security(), form: { intent: "new-recovery-codes" } }, api);
    if (made.kind !== "page") throw new Error("expected a page");
    expect(made.status).toBe(200);
    for (const code of recoveryCodes) expect(made.html).toContain(`<code>${code}</code>`);
    expect(made.html).toContain("Your old ones no longer work.");
    expect(api.calls.map((call) => call.endpoint)).toEqual(["newRecoveryCodes", "secondFactor"]);
    // Reloading the page (a GET) never shows them again.
    const reload = await renderPage(security(), api);
    for (const code of recoveryCodes) expect(reload.html).not.toContain(code);
  });

  it("says a recovery code was used and offers the way on", async () => {
    const api = newsroomApi({ secondFactor: { ...verifiedState, recoveryCodesLeft: 9 } });
    const { html } = await renderPage(
      security({ search: "?notice=recovery-code-used&next=%2Fnewsroom%2Fstories%2F7" }),
      api,
    );
    expect(html).toContain("You came in with a recovery code");
    expect(html).toContain("You have 9 recovery codes left.");
    expect(html).toContain('<a href="/newsroom/stories/7">Continue to where you were going</a>');
    const offsite = await renderPage(security({ search: "?next=https%3A%2F%2Fevil.example" }), api);
    expect(offsite.html).not.toContain("evil.example");
  });

  it("sends staff without the second factor to pass it, and shows readers a 403 page", async () => {
    const missing = await render(
      security(),
      newsroomApi({ secondFactor: apiFailure(401, "second_factor_required") }),
    );
    expect(missing).toEqual({
      kind: "redirect",
      status: 302,
      location: "/newsroom/sign-in?next=%2Fnewsroom%2Fsecurity",
    });
    const reader = await renderPage(
      security({ viewer: { id: "acc_1", displayName: "Ada Reader" } }),
      newsroomApi({ secondFactor: apiFailure(403, "forbidden") }),
    );
    expect(reader.status).toBe(403);
    expect(reader.html).toContain("The newsroom is for staff");
  });

  it("refuses a form without this site's form token (403) and makes no codes", async () => {
    const api = newsroomApi({ newRecoveryCodes: { recoveryCodes } });
    const answer = await post(
      { ...security(), form: { csrf: "", intent: "new-recovery-codes" } },
      api,
    );
    expect(answer).toMatchObject({ kind: "page", status: 403 });
    expect(api.calls.map((call) => call.endpoint)).toEqual(["secondFactor"]);
  });
});
