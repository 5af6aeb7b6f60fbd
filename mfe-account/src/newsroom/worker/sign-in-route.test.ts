import { apiFailure } from "edge-api/fake";
import { aTokenPair } from "edge-api/fake/accounts";
import { describe, expect, it } from "vitest";
import { asStaff, newsroomApi, recoveryCodes } from "../../test/newsroom-answers.ts";
import { post, render, renderPage, TEST_ACCESS_TOKEN } from "../../test/test-bindings.ts";

const signIn = (overrides = {}) =>
  asStaff("account.newsroom-sign-in", "/newsroom/sign-in", overrides);
const notVerified = {
  role: "editor",
  enrolled: true,
  verified: false,
  recoveryCodesLeft: 10,
} as const;
const notEnrolled = { ...notVerified, enrolled: false, recoveryCodesLeft: 0 } as const;
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const enrolment = {
  secret: SECRET,
  otpauthUri: `otpauth://totp/The%20Daily%20Edge:ed%40example.com?secret=${SECRET}&issuer=The%20Daily%20Edge`,
};

function sessionSet(suffix: string) {
  const tokens = aTokenPair(suffix);
  return {
    kind: "set",
    accessToken: tokens.accessToken,
    accessMaxAge: 900,
    refreshToken: tokens.refreshToken,
    refreshMaxAge: 2_592_000,
  };
}

/** The opening tag of the element with this id. */
function tagWithId(html: string, id: string): string {
  return new RegExp(`<(?:input|select)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

describe("the newsroom sign-in (second factor)", () => {
  it("goes straight on to `next` when this session already passed it", async () => {
    const api = newsroomApi();
    const next = "/newsroom/stories/42";
    expect(await render(signIn({ search: `?next=${encodeURIComponent(next)}` }), api)).toEqual({
      kind: "redirect",
      status: 302,
      location: next,
    });
    expect(api.calls[0]?.headers.authorization).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
  });

  it("uses the desk when `next` is not a path on this site, or is this page", async () => {
    for (const next of ["//evil.example/", "https://evil.example/", "/newsroom/sign-in?next=/x"]) {
      const search = `?next=${encodeURIComponent(next)}`;
      const answer = await render(signIn({ search }), newsroomApi());
      expect(answer).toMatchObject({ kind: "redirect", location: "/newsroom" });
    }
  });

  it("offers enrolment with a button (a GET changes nothing)", async () => {
    const api = newsroomApi({ secondFactor: notEnrolled });
    const answer = await renderPage(signIn({ search: "?next=%2Fnewsroom%2Fstaff" }), api);
    expect(answer.html).toContain("Set up two-step verification");
    expect(answer.html).toContain('<input type="hidden" name="intent" value="start-enrolment"/>');
    expect(answer.html).toContain('<input type="hidden" name="next" value="/newsroom/staff"/>');
    expect(answer.html).not.toContain("<svg");
    expect(api.calls.map((call) => call.endpoint)).toEqual(["secondFactor"]);
    expect(answer.head).toMatchObject({
      robots: "noindex, nofollow",
      canonicalPath: "/newsroom/sign-in",
    });
    expect(answer.head.meta).toContainEqual({ name: "referrer", content: "no-referrer" });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("starts enrolment: the QR code as inline SVG and the secret in groups, once", async () => {
    const api = newsroomApi({ secondFactor: notEnrolled, startEnrolment: enrolment });
    const answer = await post(
      { ...signIn(), form: { intent: "start-enrolment", next: "/newsroom" } },
      api,
    );
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(200);
    expect(answer.html).toMatch(
      /<div class="a-nr-qr" role="img" aria-label="[^"]+"><svg [^>]*viewBox="0 0 \d+ \d+"/,
    );
    expect(answer.html).toContain('<path fill="black" d="M');
    expect(answer.html).toContain("<code>JBSW</code> <code>Y3DP</code> <code>EHPK</code>");
    // The enrolment form carries the code only: the secret is in no field, link or action.
    expect(answer.html).not.toMatch(new RegExp(`(value|href|action)="[^"]*${SECRET}`));
    expect(answer.html).not.toContain(enrolment.otpauthUri);
    expect(answer.html).toContain('<input type="hidden" name="intent" value="confirm-enrolment"/>');
    const code = tagWithId(answer.html, "a-nr-enrol-code");
    expect(code).toContain('autoComplete="one-time-code"');
    expect(code).toContain('inputMode="numeric"');
    expect(api.calls.map((call) => call.endpoint)).toEqual(["startEnrolment"]);
  });

  it("confirms enrolment: new tokens, and the recovery codes shown once", async () => {
    const api = newsroomApi({
      secondFactor: notEnrolled,
      confirmEnrolment: { tokens: aTokenPair("nsv"), recoveryCodes },
    });
    const answer = await post(
      {
        ...signIn(),
        form: { intent: "confirm-enrolment", code: "123 456", next: "/newsroom/staff" },
      },
      api,
    );
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(api.calls.at(-1)?.body).toEqual({ code: "123456" });
    expect(answer.session).toEqual(sessionSet("nsv"));
    for (const code of recoveryCodes) expect(answer.html).toContain(`<code>${code}</code>`);
    expect(answer.html).toContain("This is the only time these codes are shown.");
    expect(answer.html).toContain('<a href="/newsroom/staff">Continue to the newsroom</a>');
    // A reload is a GET: the session has passed, so it goes on, and the codes are gone.
    api.answers.secondFactor = { ...notVerified, verified: true };
    const reload = await render(signIn({ search: "?next=%2Fnewsroom%2Fstaff" }), api);
    expect(reload).toEqual({ kind: "redirect", status: 302, location: "/newsroom/staff" });
  });

  it("says so when the enrolment code is wrong, without showing the secret again", async () => {
    const api = newsroomApi({
      secondFactor: notEnrolled,
      confirmEnrolment: apiFailure(400, "invalid_code"),
    });
    const answer = await post(
      { ...signIn(), form: { intent: "confirm-enrolment", code: "000000" } },
      api,
    );
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("That code is not right.");
    expect(tagWithId(answer.html, "a-nr-enrol-code")).toContain(
      'aria-describedby="a-nr-enrol-code-hint a-nr-enrol-code-error"',
    );
    expect(answer.html).not.toContain("<svg");
    expect(answer.html).toContain("Start again with a new key");
  });

  it("asks an enrolled person for the code, with a recovery code as the way round", async () => {
    const { html } = await renderPage(signIn(), newsroomApi({ secondFactor: notVerified }));
    expect(html).toContain("Enter your verification code");
    expect(tagWithId(html, "a-nr-code")).toContain('name="code"');
    expect(html).toContain('<input type="hidden" name="intent" value="verify"/>');
    expect(html).toContain("<summary>Lost your phone? Use a recovery code</summary>");
    expect(tagWithId(html, "a-nr-recovery-code")).toContain('name="recoveryCode"');
  });

  it("passes with the code: new tokens and a 303 to `next`", async () => {
    const api = newsroomApi({
      secondFactor: notVerified,
      passSecondFactor: {
        tokens: aTokenPair("ok"),
        recoveryCodesLeft: 10,
        usedRecoveryCode: false,
      },
    });
    const answer = await post(
      { ...signIn(), form: { intent: "verify", code: " 654 321 ", next: "/newsroom/stories/new" } },
      api,
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/stories/new",
      session: sessionSet("ok"),
    });
    expect(api.calls.map((call) => [call.endpoint, call.body])).toEqual([
      ["passSecondFactor", { code: "654321" }],
    ]);
  });

  it("sends someone who used a recovery code to the security page, with `next` kept", async () => {
    const api = newsroomApi({
      secondFactor: notVerified,
      passSecondFactor: { tokens: aTokenPair("rc"), recoveryCodesLeft: 9, usedRecoveryCode: true },
    });
    const answer = await post(
      {
        ...signIn(),
        form: { intent: "recovery", recoveryCode: "abcd-efgh-ijkl", next: "/newsroom" },
      },
      api,
    );
    expect(answer).toEqual({
      kind: "redirect",
      status: 303,
      location: "/newsroom/security?notice=recovery-code-used&next=%2Fnewsroom",
      session: sessionSet("rc"),
    });
    expect(api.calls[0]?.body).toEqual({ code: "abcd-efgh-ijkl" });
  });

  it("says a wrong code is wrong (400), and opens the recovery form for a wrong recovery code", async () => {
    const api = newsroomApi({
      secondFactor: notVerified,
      passSecondFactor: apiFailure(400, "invalid_code"),
    });
    const wrong = await post({ ...signIn(), form: { intent: "verify", code: "111111" } }, api);
    if (wrong.kind !== "page") throw new Error("expected a page");
    expect(wrong.status).toBe(400);
    expect(wrong.session).toBeUndefined();
    expect(wrong.html).toContain(
      '<a href="#a-nr-code">That code is not right, or it was already used.',
    );
    const recovery = await post(
      { ...signIn(), form: { intent: "recovery", recoveryCode: "zzzz-zzzz-zzzz" } },
      api,
    );
    if (recovery.kind !== "page") throw new Error("expected a page");
    expect(recovery.status).toBe(400);
    expect(recovery.html).toContain('<details class="a-nr-details" open="">');
    expect(recovery.html).toContain("That recovery code is not right, or it was already used.");
  });

  it("answers a setup that moved meanwhile with the page for the state as it is (409)", async () => {
    const api = newsroomApi({
      secondFactor: notVerified,
      startEnrolment: apiFailure(409, "conflict"),
    });
    const set = await post({ ...signIn(), form: { intent: "start-enrolment" } }, api);
    if (set.kind !== "page") throw new Error("expected a page");
    expect(set.status).toBe(409);
    expect(set.html).toContain("Your authenticator app is already set up.");
    expect(set.html).toContain('<input type="hidden" name="intent" value="verify"/>');
    expect(set.html).not.toContain("<svg");
    api.answers.secondFactor = notEnrolled;
    api.answers.confirmEnrolment = apiFailure(409, "conflict");
    const gone = await post(
      { ...signIn(), form: { intent: "confirm-enrolment", code: "123456" } },
      api,
    );
    if (gone.kind !== "page") throw new Error("expected a page");
    expect(gone.status).toBe(409);
    expect(gone.html).toContain("This setup is no longer waiting for a code.");
    expect(gone.html).toContain("Start again with a new key");
  });

  it("shows the wait when there were too many attempts (429)", async () => {
    const api = newsroomApi({
      secondFactor: notVerified,
      passSecondFactor: apiFailure(429, "rate_limited", { retryAfter: 120 }),
    });
    const answer = await post({ ...signIn(), form: { intent: "verify", code: "222222" } }, api);
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBe(120);
    expect(answer.html).toContain("Too many attempts. Try again in 2 minutes.");
  });

  it("refuses a code that is not six digits before asking the API (422)", async () => {
    const api = newsroomApi({ secondFactor: notVerified });
    const answer = await post({ ...signIn(), form: { intent: "verify", code: "12ab" } }, api);
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(422);
    expect(answer.html).toContain("The code is the 6 digits your authenticator app shows.");
    expect(api.calls.map((call) => call.endpoint)).toEqual(["secondFactor"]);
  });

  it("refuses a form without this site's form token (403) and asks nothing", async () => {
    const api = newsroomApi({ secondFactor: notVerified });
    const answer = await post(
      { ...signIn(), form: { csrf: "forged", intent: "verify", code: "123456" } },
      api,
    );
    if (answer.kind !== "page") throw new Error("expected a page");
    expect(answer.status).toBe(403);
    expect(answer.html).toContain("This form had expired or did not come from this site.");
    expect(api.calls.map((call) => call.endpoint)).toEqual(["secondFactor"]);
  });

  it("shows a reader a 403 page, and sends an ended session to log in", async () => {
    const reader = await renderPage(
      signIn(),
      newsroomApi({ secondFactor: apiFailure(403, "forbidden") }),
    );
    expect(reader.status).toBe(403);
    expect(reader.html).toContain("The newsroom is for staff");
    expect(reader.html).toContain("ask an admin to invite you");
    const ended = await render(
      signIn({ search: "?next=%2Fnewsroom" }),
      newsroomApi({ secondFactor: apiFailure(401, "invalid_session") }),
    );
    expect(ended).toEqual({
      kind: "redirect",
      status: 302,
      location: "/login?next=%2Fnewsroom%2Fsign-in%3Fnext%3D%252Fnewsroom",
      session: { kind: "clear" },
    });
  });
});
