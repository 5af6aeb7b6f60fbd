import { createExecutionContext } from "cloudflare:test";
import { FRAGMENT_RENDER_PATH, FragmentAnswerSchema, type FragmentRequest } from "shell/contract";
import { describe, expect, it } from "vitest";
import { accountWorker } from "./fragment-worker.ts";
import { fakeEnv, renderRequest, TEST_BUILD_ID } from "./test-bindings.ts";

async function render(request: Partial<FragmentRequest>) {
  const response = await accountWorker.fetch!(
    new Request(`https://mfe-account.internal${FRAGMENT_RENDER_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(renderRequest(request)),
    }) as Request<unknown, IncomingRequestCfProperties>,
    fakeEnv(),
    createExecutionContext(),
  );
  expect(response.status).toBe(200);
  return FragmentAnswerSchema.parse(await response.json());
}

async function renderPage(request: Partial<FragmentRequest>) {
  const answer = await render(request);
  if (answer.kind !== "page") throw new Error(`expected a page, got ${answer.kind}`);
  return answer;
}

/** The opening tag of the element with this id. */
function tagWithId(html: string, id: string): string {
  return new RegExp(`<(?:input|form)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

function expectLabelled(html: string, id: string) {
  expect(html).toContain(`<label class="a-label" for="${id}">`);
  expect(tagWithId(html, id)).not.toBe("");
}

function formTag(html: string): string {
  return /<form[^>]*>/.exec(html)?.[0] ?? "";
}

const viewer = { id: "acc_1", displayName: "Ada Reader" };

describe("the account fragment Worker", () => {
  it("answers /login with the login form", async () => {
    const answer = await renderPage({ routeId: "account.login", path: "/login" });
    const { html } = answer;
    expect(formTag(html)).toContain('method="post"');
    expect(formTag(html)).toContain('action="/login"');
    expectLabelled(html, "a-login-email");
    expectLabelled(html, "a-login-password");
    const email = tagWithId(html, "a-login-email");
    expect(email).toContain('type="email"');
    expect(email).toContain('autoComplete="email"');
    expect(email).toContain('name="email"');
    expect(email).toContain("required");
    const password = tagWithId(html, "a-login-password");
    expect(password).toContain('type="password"');
    expect(password).toContain('autoComplete="current-password"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Log in<\/button>/);
    expect(html).toContain('href="/forgot-password"');
    expect(html).toContain('href="/sign-up"');
    expect(html).not.toContain('name="next"');
    expect(answer.head).toMatchObject({
      title: "Log in | The Daily Edge",
      robots: "noindex",
      canonicalPath: "/login",
    });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
    expect(answer.buildId).toBe(TEST_BUILD_ID);
  });

  it("echoes a same-origin ?next into a hidden input", async () => {
    const { html } = await renderPage({
      routeId: "account.login",
      search: `?next=${encodeURIComponent("/world/europe/some-slug")}`,
    });
    expect(html).toContain('<input type="hidden" name="next" value="/world/europe/some-slug"/>');
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example", "/\t/evil.example"])(
    "does not echo the unsafe ?next %j",
    async (next) => {
      const { html, props } = await renderPage({
        routeId: "account.login",
        search: `?next=${encodeURIComponent(next)}`,
      });
      expect(html).not.toContain('name="next"');
      expect(html).not.toContain("evil.example");
      expect(props).toEqual({ screen: "login", next: null });
    },
  );

  it("answers /sign-up with email, display name and a new password", async () => {
    const answer = await renderPage({ routeId: "account.sign-up", path: "/sign-up" });
    const { html } = answer;
    expect(formTag(html)).toContain('action="/sign-up"');
    expectLabelled(html, "a-sign-up-email");
    expectLabelled(html, "a-sign-up-display-name");
    expectLabelled(html, "a-sign-up-password");
    expect(tagWithId(html, "a-sign-up-email")).toContain('type="email"');
    expect(tagWithId(html, "a-sign-up-display-name")).toContain('autoComplete="name"');
    const password = tagWithId(html, "a-sign-up-password");
    expect(password).toContain('autoComplete="new-password"');
    expect(password).toContain('minLength="15"');
    expect(password).toContain('aria-describedby="a-sign-up-password-hint"');
    expect(html).toContain("at least 15 characters");
    expect(answer.head).toMatchObject({ title: "Sign up | The Daily Edge", robots: "noindex" });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("answers /forgot-password with an email field", async () => {
    const answer = await renderPage({
      routeId: "account.forgot-password",
      path: "/forgot-password",
    });
    expect(formTag(answer.html)).toContain('action="/forgot-password"');
    expectLabelled(answer.html, "a-forgot-email");
    expect(tagWithId(answer.html, "a-forgot-email")).toContain('autoComplete="email"');
    expect(answer.head).toMatchObject({ robots: "noindex" });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("answers /reset-password with a new password field and reads nothing from the link", async () => {
    const answer = await renderPage({
      routeId: "account.reset-password",
      path: "/reset-password",
      search: "?token=secret-reset-token",
    });
    expect(formTag(answer.html)).toContain('action="/reset-password"');
    expectLabelled(answer.html, "a-reset-password");
    expect(tagWithId(answer.html, "a-reset-password")).toContain('autoComplete="new-password"');
    expect(answer.html).not.toContain("secret-reset-token");
    expect(JSON.stringify(answer.props)).not.toContain("secret-reset-token");
    expect(answer.head.meta).toContainEqual({ name: "referrer", content: "no-referrer" });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("sends an anonymous reader from /profile to log in first", async () => {
    const answer = await render({ routeId: "account.profile", path: "/profile", viewer: null });
    expect(answer).toEqual({ kind: "redirect", status: 302, location: "/login?next=%2Fprofile" });
  });

  it("shows an account holder their display name on /profile", async () => {
    const answer = await renderPage({ routeId: "account.profile", path: "/profile", viewer });
    expect(answer.html).toContain("Ada Reader");
    expect(answer.head).toMatchObject({
      title: "Your profile | The Daily Edge",
      robots: "noindex",
    });
    expect(answer.cache).toEqual({ scope: "private", maxAge: 0 });
  });

  it("escapes the display name", async () => {
    const answer = await renderPage({
      routeId: "account.profile",
      viewer: { id: "acc_2", displayName: "<script>alert(1)</script>" },
    });
    expect(answer.html).not.toContain("<script>");
  });
});
