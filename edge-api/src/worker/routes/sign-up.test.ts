import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findUserByEmail, insertUserIfNew } from "../../db/account-queries.ts";
import type { OutboxRow } from "../../db/account-schema.ts";
import type { TokenPair } from "../../contract/account-contract.ts";
import {
  call,
  db,
  errorCode,
  FIREFOX,
  login,
  newClientAddress,
  newEmail,
  outboxFor,
  PUBLIC_ORIGIN,
  signUp,
  STRONG_PASSWORD,
  tokenIn,
  type CallOptions,
} from "../../test/account-helpers.ts";
import { apiApp } from "../api-worker.ts";
import { issueEmailLink } from "../auth/email-links.ts";
import { hashSecretToken, newSecretToken } from "../auth/secret-tokens.ts";
import { hashPassword, TEST_PASSWORD_HASH_COST } from "../auth/password-hashing.ts";

/** Issue 14, items 2-4 and 6: sign-up answers alike for every address and leaks nothing. */

const LURE = "act now at https://evil.example/fix";
const HOUR = 60 * 60 * 1000;

const askToSignUp = (email: string, extra: Record<string, unknown> = {}, options?: CallOptions) =>
  call(
    "POST",
    "/api/auth/sign-up",
    { email, displayName: "Ines", password: STRONG_PASSWORD, ...extra },
    { ip: newClientAddress(), ...options },
  );

const finishSignUp = (token: string) => call("POST", "/api/auth/verify-email", { token });

const withSubject = (messages: OutboxRow[], subject: RegExp) =>
  messages.filter((message) => subject.test(message.subject));

/** What a sign-up answer shows its caller: status, every header but the date, and the body. */
function visible(answer: Awaited<ReturnType<typeof call>>) {
  const headers = [...answer.response.headers].filter(([name]) => name !== "date");
  return { status: answer.status, headers, body: answer.text };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("sign-up answers the same for every address (item 2)", () => {
  it("answers a new and a known email identically: 202, no cookie, no token, same body", async () => {
    const owner = await signUp();
    const sameRequest = { headers: { "x-request-id": "same-request" }, ip: "192.0.2.50" };
    const fresh = await askToSignUp(newEmail("fresh"), {}, sameRequest);
    const known = await askToSignUp(owner.email, {}, sameRequest);
    expect(fresh.status).toBe(202);
    expect(fresh.body).toEqual({ status: "check-email" });
    expect(visible(known)).toEqual(visible(fresh));
    expect(fresh.response.headers.get("set-cookie")).toBeNull();
    expect(fresh.response.headers.get("cache-control")).toBe("no-store");
    expect(fresh.text).not.toMatch(/token|account/i);
  });

  it("creates no account until the emailed link is opened; the link creates it and signs in", async () => {
    const email = newEmail();
    const asked = await askToSignUp(
      `  ${email.toUpperCase()} `,
      { displayName: "Ines Okafor" },
      {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      },
    );
    expect(asked.status).toBe(202);
    expect(await findUserByEmail(db, email)).toBeUndefined();
    // Nobody can log in with the password before the address is proved.
    expect((await login(email, STRONG_PASSWORD)).status).toBe(401);
    const { results } = await env.DB.prepare(
      "SELECT password_hash FROM sign_up_requests WHERE email = ?",
    )
      .bind(email)
      .all<{ password_hash: string }>();
    expect(results[0]?.password_hash).toMatch(/^\$argon2id\$/);

    const [mail] = await outboxFor(email);
    expect(mail?.subject).toBe("Finish signing up");
    expect(mail?.text).toContain(`${PUBLIC_ORIGIN}/verify-email?token=`);
    expect(`${mail?.text}${mail?.html}`).not.toContain("evil.example");
    const token = tokenIn(mail, "/verify-email");

    const finished = await finishSignUp(token);
    expect(finished.status).toBe(201);
    const body = finished.body as { tokens: TokenPair; account: Record<string, unknown> };
    expect(body.account).toMatchObject({ email, displayName: "Ines Okafor", emailVerified: true });
    expect(body.tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call("GET", "/api/account", undefined, { token: body.tokens.accessToken });
    expect(me.status).toBe(200);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    expect((await findUserByEmail(db, email))?.role).toBe("reader");

    const again = await finishSignUp(token);
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe("invalid_token");
    const left = await env.DB.prepare("SELECT count(*) AS n FROM sign_up_requests WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("expires the link after 24 hours", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const email = newEmail();
    await askToSignUp(email);
    const token = tokenIn((await outboxFor(email))[0], "/verify-email");
    vi.setSystemTime(Date.now() + 24 * HOUR + 1000);
    const late = await finishSignUp(token);
    expect(late.status).toBe(400);
    expect(errorCode(late.body)).toBe("invalid_token");
    expect(await findUserByEmail(db, email)).toBeUndefined();
  });

  it("cancels the older link when the address signs up again", async () => {
    const email = newEmail();
    await askToSignUp(email, { password: "first choice of passphrase" });
    const older = tokenIn((await outboxFor(email))[0], "/verify-email");
    await askToSignUp(email, { password: "second choice of passphrase" });
    const newer = tokenIn((await outboxFor(email))[0], "/verify-email");
    expect(newer).not.toBe(older);
    expect((await finishSignUp(older)).status).toBe(400);
    expect((await finishSignUp(newer)).status).toBe(201);
    expect((await login(email, "second choice of passphrase")).status).toBe(200);
  });

  it("tells a known address's owner, with log-in and reset links, and changes nothing", async () => {
    const owner = await signUp();
    const asked = await askToSignUp(` ${owner.email.toUpperCase()}  `, {
      displayName: "Mallory",
      password: "someone else's long passphrase",
    });
    expect(asked.status).toBe(202);
    const user = await findUserByEmail(db, owner.email);
    expect(user?.displayName).toBe("Ines Okafor");
    expect((await login(owner.email, "someone else's long passphrase")).status).toBe(401);
    const [notice] = await outboxFor(owner.email);
    expect(notice?.subject).toMatch(/tried to sign up/i);
    expect(notice?.text).toContain(`${PUBLIC_ORIGIN}/login`);
    expect(notice?.text).toContain(`${PUBLIC_ORIGIN}/forgot-password`);
    expect(`${notice?.text}${notice?.html}`).not.toContain("Mallory");
    expect(notice?.text).not.toContain("token=");
  });

  it("leaves exactly one account when several links of one address are opened at once (SECURITY 27)", async () => {
    const email = newEmail("burst");
    const ip = newClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        askToSignUp(index % 2 ? email.toUpperCase() : email, {}, { ip }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 202).length).toBeGreaterThan(0);
    const tokens = (await outboxFor(email)).map((message) => tokenIn(message, "/verify-email"));
    const opened = await Promise.all(tokens.map((token) => finishSignUp(token)));
    expect(opened.filter((answer) => answer.status === 201)).toHaveLength(1);
    const { results } = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(email)
      .all();
    expect(results).toHaveLength(1);
  });

  it("refuses a link whose address got an account meanwhile, keeping that account's password", async () => {
    const email = newEmail();
    await askToSignUp(email, { password: "the pending passphrase here" });
    const token = tokenIn((await outboxFor(email))[0], "/verify-email");
    await signUp(email, STRONG_PASSWORD);
    const late = await finishSignUp(token);
    expect(late.status).toBe(400);
    expect(errorCode(late.body)).toBe("invalid_token");
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
    expect((await login(email, "the pending passphrase here")).status).toBe(401);
  });

  it("answers before it looks the address up or sends anything, for new and known alike", async () => {
    const owner = await signUp();
    for (const email of [newEmail("later"), owner.email]) {
      const before = (await outboxFor(email)).length;
      const ctx = createExecutionContext();
      const response = await apiApp.request(
        "/api/auth/sign-up",
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "cf-connecting-ip": newClientAddress(),
            "user-agent": FIREFOX,
          },
          body: JSON.stringify({ email, displayName: "Ines", password: STRONG_PASSWORD }),
        },
        env,
        ctx,
      );
      expect(response.status).toBe(202);
      // The answer is out; the lookup, the token and the email follow it.
      expect(await outboxFor(email)).toHaveLength(before);
      await waitOnExecutionContext(ctx);
      expect(await outboxFor(email)).toHaveLength(before + 1);
    }
  });
});

describe("sign-up keeps next (issue 15)", () => {
  /** Signs up with `extra` in the body and opens the emailed link. */
  async function signUpAndVerify(extra: Record<string, unknown>) {
    const email = newEmail("next");
    expect((await askToSignUp(email, extra)).status).toBe(202);
    const finished = await finishSignUp(tokenIn((await outboxFor(email))[0], "/verify-email"));
    expect(finished.status).toBe(201);
    return finished.body as { next: string | null; tokens: TokenPair };
  }

  it("hands the sign-up's next back when its link is opened", async () => {
    const next = "/world/europe/a-story-to-save?from=save#top";
    const body = await signUpAndVerify({ next });
    expect(body.next).toBe(next);
    expect(body.tokens.accessToken).toBeTruthy();
  });

  it("answers next null for a sign-up without one", async () => {
    expect((await signUpAndVerify({})).next).toBeNull();
  });

  it.each([
    ["another site, protocol-relative", "//evil.example/path"],
    ["an absolute address", "https://evil.example/"],
    ["a javascript: address", "javascript:alert(1)"],
    ["a backslash after the slash", "/\\evil.example"],
    ["a backslash later on", "/world\\..\\evil"],
    ["a relative path", "world/europe"],
    ["a line break", "/world\nSet-Cookie: x=1"],
    ["a space", "/world europe"],
    ["an empty string", ""],
    ["over 2048 characters", `/${"a".repeat(2048)}`],
    ["not a string", 42],
  ])("refuses %s as next with 400 invalid_request, and sends nothing", async (_, next) => {
    const email = newEmail("bad-next");
    const asked = await askToSignUp(email, { next });
    expect(asked.status).toBe(400);
    expect(errorCode(asked.body)).toBe("invalid_request");
    expect(asked.text).not.toContain("evil.example");
    expect(await outboxFor(email)).toEqual([]);
  });

  it("takes a next of exactly 2048 characters", async () => {
    const next = `/${"a".repeat(2047)}`;
    expect((await signUpAndVerify({ next })).next).toBe(next);
  });

  it("still finishes a request stored before migration 0013 (no next): next null", async () => {
    const email = newEmail("pre-0013");
    const token = newSecretToken();
    const passwordHash = await hashPassword(STRONG_PASSWORD, TEST_PASSWORD_HASH_COST);
    const now = Date.now();
    // The insert the code before issue 15 made: it names no `next` column.
    await env.DB.prepare(
      "INSERT INTO sign_up_requests (token_hash, email, display_name, password_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
      .bind(await hashSecretToken(token), email, "Ines", passwordHash, now, now + HOUR)
      .run();
    const finished = await finishSignUp(token);
    expect(finished.status).toBe(201);
    expect(finished.body).toMatchObject({ account: { email, emailVerified: true }, next: null });
  });
});

describe("sign-up bodies", () => {
  it("refuses unknown fields such as role, emailVerified and id", async () => {
    for (const extra of [{ role: "editor" }, { emailVerified: true }, { id: "mine" }]) {
      const email = newEmail();
      const answer = await askToSignUp(email, extra);
      expect(answer.status).toBe(400);
      expect(errorCode(answer.body)).toBe("invalid_request");
      expect(await outboxFor(email)).toHaveLength(0);
    }
  });

  it("keeps __proto__ harmless", async () => {
    const email = newEmail();
    const raw = `{"email":"${email}","displayName":"X","password":"${STRONG_PASSWORD}","__proto__":{"role":"editor"}}`;
    const answer = await call("POST", "/api/auth/sign-up", raw);
    expect(answer.status).toBe(400);
    expect(({} as { role?: string }).role).toBeUndefined();
  });

  it("refuses a password of several KiB quickly, and a body over 16 KiB with 413", async () => {
    const started = Date.now();
    const long = await askToSignUp(newEmail(), { password: "p".repeat(8000) });
    expect(long.body).toMatchObject({ error: { code: "weak_password", reason: "too_long" } });
    expect(Date.now() - started).toBeLessThan(1000);
    const huge = await askToSignUp(newEmail(), { password: "p".repeat(17_000) });
    expect(huge.status).toBe(413);
    expect(errorCode(huge.body)).toBe("payload_too_large");
    const hugeLogin = await call("POST", "/api/auth/login", {
      email: "a@b.c",
      password: "p".repeat(20_000),
    });
    expect(hugeLogin.status).toBe(413);
  });
});

describe("sign-up limits (item 3)", () => {
  it("15 sign-ups for one email from one address: one email to the owner, then 429 with Retry-After", async () => {
    const owner = await signUp();
    const ip = newClientAddress();
    const answers = [];
    for (let attempt = 0; attempt < 15; attempt += 1) {
      answers.push(await askToSignUp(owner.email, {}, { ip }));
    }
    const statuses = answers.map((answer) => answer.status);
    // The owner's own sign-up counted too: 3 an hour per email in all.
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBe(2);
    expect(statuses.slice(0, firstLimited).every((status) => status === 202)).toBe(true);
    expect(statuses.slice(firstLimited).every((status) => status === 429)).toBe(true);
    const limited = answers[14];
    expect(errorCode(limited?.body)).toBe("rate_limited");
    expect(Number(limited?.response.headers.get("retry-after"))).toBeGreaterThan(0);
    const notices = withSubject(await outboxFor(owner.email), /tried to sign up/i);
    expect(notices).toHaveLength(1);
  });

  it("tells the owner at most once a day, however the attempts are spread", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const owner = await signUp();
    const notices = async () =>
      withSubject(await outboxFor(owner.email), /tried to sign up/i).length;
    await askToSignUp(owner.email);
    expect(await notices()).toBe(1);
    vi.setSystemTime(Date.now() + 2 * HOUR); // the per-email count has started afresh
    expect((await askToSignUp(owner.email)).status).toBe(202);
    vi.setSystemTime(Date.now() + 20 * HOUR);
    expect((await askToSignUp(owner.email)).status).toBe(202);
    expect(await notices()).toBe(1);
    vi.setSystemTime(Date.now() + 2 * HOUR + 1000); // a day after the first notice
    await askToSignUp(owner.email);
    expect(await notices()).toBe(2);
  });

  it("limits one client address to 20 sign-ups in 15 minutes, new and known emails alike", async () => {
    const owner = await signUp();
    vi.useFakeTimers({ toFake: ["Date"] }); // one instant, so both Retry-After agree
    const ip = newClientAddress();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await askToSignUp(newEmail("many"), {}, { ip })).status).toBe(202);
    }
    const fresh = await askToSignUp(newEmail("many"), {}, { ip, headers: { "x-request-id": "r" } });
    const known = await askToSignUp(owner.email, {}, { ip, headers: { "x-request-id": "r" } });
    expect(fresh.status).toBe(429);
    expect(visible(known)).toEqual(visible(fresh));
    expect((await askToSignUp(newEmail("elsewhere"))).status).toBe(202);
  });
});

describe("no requester text in emails to unproved addresses (item 4)", () => {
  it("keeps a display name such as “act now at https://…” out of every email it could lure from", async () => {
    const owner = await signUp();
    const email = newEmail("lure");
    await askToSignUp(email, { displayName: LURE });
    await askToSignUp(owner.email, { displayName: LURE });
    const sent = [...(await outboxFor(email)), ...(await outboxFor(owner.email))];
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const message of sent) {
      expect(`${message.subject}${message.text}${message.html}`).not.toMatch(/evil|act now/);
    }
  });

  it("never makes a verified holder's name a link: escaped text, only the site's own links", async () => {
    const holder = await signUp(newEmail(), STRONG_PASSWORD, `<b>${LURE}</b>`);
    await call("POST", "/api/auth/forgot-password", { email: holder.email });
    const [reset] = await outboxFor(holder.email);
    expect(reset?.subject).toMatch(/reset/i);
    expect(reset?.html).toContain("&lt;b&gt;act now at https://evil.example/fix&lt;/b&gt;");
    const hrefs = [...(reset?.html ?? "").matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs.every((href) => href?.startsWith(`${PUBLIC_ORIGIN}/reset-password?token=`))).toBe(
      true,
    );
  });
});

describe("trivial passwords on sign-up (item 6)", () => {
  it.each([
    ["15 spaces", " ".repeat(15), "repeated"],
    ["aaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaa", "repeated"],
    ["123456789012345", "123456789012345", "sequence"],
    ["abcdefghijklmno", "abcdefghijklmno", "sequence"],
    ["a keyboard row", "qwertyuiopasdfgh", "sequence"],
    ["the email's local part", "ines.okafor.reads.news", "contains_email"],
    ["the display name", "the harbour cat sleeps late", "contains_name"],
    ["a common password", "PasswordStandard", "common"],
    ["the site's name", "the daily edge is my favourite", "site_name"],
    ["a short one", "short", "too_short"],
  ])(
    "refuses %s as weak_password with its reason and message",
    async (_label, password, reason) => {
      const email = `ines.okafor@${Date.now()}.example.com`;
      const answer = await askToSignUp(email, { password, displayName: "Harbour Cat" });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: "weak_password", reason } });
      expect((answer.body as { error: { message: string } }).error.message.length).toBeGreaterThan(
        10,
      );
      expect(await outboxFor(email)).toHaveLength(0);
    },
  );

  it("does not count a refused password against the email's sign-ups", async () => {
    const email = newEmail();
    const ip = newClientAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await askToSignUp(email, { password: "aaaaaaaaaaaaaaa" }, { ip })).status).toBe(400);
    }
    expect((await askToSignUp(email, {}, { ip })).status).toBe(202);
  });
});

describe("verifying an older account's address", () => {
  /** An account from before issue 14: signed in at sign-up, address not yet verified. */
  async function unverifiedAccount() {
    const email = newEmail("older");
    const passwordHash = await hashPassword(STRONG_PASSWORD, TEST_PASSWORD_HASH_COST);
    const user = await insertUserIfNew(db, {
      id: crypto.randomUUID(),
      email,
      displayName: LURE,
      passwordHash,
      createdAt: new Date(),
    });
    if (!user) throw new Error("no account");
    const signedIn = await login(email, STRONG_PASSWORD);
    return { user, tokens: (signedIn.body as { tokens: TokenPair }).tokens };
  }

  it("verifies once, without signing in again, and its email carries no name", async () => {
    const { user } = await unverifiedAccount();
    const link = await issueEmailLink(db, PUBLIC_ORIGIN, "verify", user.id, new Date());
    const token = new URL(link).searchParams.get("token") ?? "";
    const first = await finishSignUp(token);
    expect(first.status).toBe(200);
    // No tokens, and nowhere to return to: `next` belongs to sign-ups (issue 15).
    expect(first.body).toEqual({
      account: expect.objectContaining({ emailVerified: true }),
      next: null,
    });
    const again = await finishSignUp(token);
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe("invalid_token");
  });

  it("resends a link that cancels the older one; the mail names nobody", async () => {
    const { user, tokens } = await unverifiedAccount();
    const resend = () =>
      call("POST", "/api/auth/resend-verification", undefined, { token: tokens.accessToken });
    expect((await resend()).status).toBe(202);
    const old = tokenIn((await outboxFor(user.email))[0], "/verify-email");
    expect((await resend()).status).toBe(202);
    const [mail] = await outboxFor(user.email);
    const fresh = tokenIn(mail, "/verify-email");
    expect(fresh).not.toBe(old);
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/evil|act now/);
    expect((await finishSignUp(old)).status).toBe(400);
    expect((await finishSignUp(fresh)).status).toBe(200);
  });
});
