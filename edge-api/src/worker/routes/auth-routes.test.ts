import { env } from "cloudflare:workers";
import { createLocalJWKSet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { findUserByEmail } from "../../db/account-queries.ts";
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type PublicSigningKey,
  type TokenPair,
} from "../../contract/account-contract.ts";
import {
  call,
  db,
  errorCode,
  expectSessionEnded,
  login,
  newEmail,
  outboxFor,
  PUBLIC_ORIGIN,
  signUp,
  STRONG_PASSWORD,
  tokenIn,
} from "../../test/account-helpers.ts";

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  displayName: "Ines",
  password: STRONG_PASSWORD,
  ...extra,
});

describe("sign-up", () => {
  it("creates a reader, signs them in and emails a verification link from PUBLIC_ORIGIN", async () => {
    const email = newEmail();
    const answer = await call(
      "POST",
      "/api/auth/sign-up",
      signUpBody(`  ${email.toUpperCase()} `),
      {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      },
    );
    expect(answer.status).toBe(201);
    const body = answer.body as { status: string; tokens: TokenPair; account: { email: string } };
    expect(body.status).toBe("created");
    expect(body.account).toMatchObject({ email, displayName: "Ines", emailVerified: false });
    expect(body.tokens.accessExpiresIn).toBeLessThanOrEqual(900);
    expect(body.tokens.refreshExpiresIn).toBe(30 * 24 * 3600);
    expect(body.tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.response.headers.get("cache-control")).toBe("no-store");
    const user = await findUserByEmail(db, email);
    expect(user?.role).toBe("reader");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await outboxFor(email);
    expect(mail?.subject).toMatch(/confirm/i);
    expect(mail?.text).toContain(`${PUBLIC_ORIGIN}/verify-email?token=`);
    expect(mail?.text + (mail?.html ?? "")).not.toContain("evil.example");
  });

  it("refuses unknown fields such as role, emailVerified and id", async () => {
    for (const extra of [{ role: "editor" }, { emailVerified: true }, { id: "mine" }]) {
      const email = newEmail();
      const answer = await call("POST", "/api/auth/sign-up", signUpBody(email, extra));
      expect(answer.status).toBe(400);
      expect(errorCode(answer.body)).toBe("invalid_request");
      expect(await findUserByEmail(db, email)).toBeUndefined();
    }
  });

  it("keeps __proto__ harmless", async () => {
    const email = newEmail();
    const raw = `{"email":"${email}","displayName":"X","password":"${STRONG_PASSWORD}","__proto__":{"role":"editor"}}`;
    const answer = await call("POST", "/api/auth/sign-up", raw);
    expect(answer.status).toBe(400);
    expect(({} as { role?: string }).role).toBeUndefined();
  });

  it.each([
    ["short", "too_short"],
    ["1qaz2wsx3edc4rfv", "common"],
    ["the daily edge is my favourite", "site_name"],
    ["x".repeat(257), "too_long"],
  ])("refuses the password %s as weak_password %s", async (password, reason) => {
    const answer = await call("POST", "/api/auth/sign-up", signUpBody(newEmail(), { password }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "weak_password", reason } });
  });

  it("refuses a password of several KiB quickly, and a body over 16 KiB with 413", async () => {
    const started = Date.now();
    const long = await call(
      "POST",
      "/api/auth/sign-up",
      signUpBody(newEmail(), { password: "p".repeat(8000) }),
    );
    expect(long.body).toMatchObject({ error: { code: "weak_password", reason: "too_long" } });
    expect(Date.now() - started).toBeLessThan(1000);
    const huge = await call(
      "POST",
      "/api/auth/sign-up",
      signUpBody(newEmail(), { password: "p".repeat(17_000) }),
    );
    expect(huge.status).toBe(413);
    expect(errorCode(huge.body)).toBe("payload_too_large");
    const hugeLogin = await call("POST", "/api/auth/login", {
      email: "a@b.c",
      password: "p".repeat(20_000),
    });
    expect(hugeLogin.status).toBe(413);
  });

  it("answers an existing email (any case, spaces) with 202, creates nothing and tells the owner", async () => {
    const owner = await signUp();
    const answer = await call(
      "POST",
      "/api/auth/sign-up",
      signUpBody(` ${owner.email.toUpperCase()}  `, { displayName: "Mallory" }),
    );
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ status: "check-email" });
    const user = await findUserByEmail(db, owner.email);
    expect(user?.displayName).toBe("Ines Okafor");
    const [notice] = await outboxFor(owner.email);
    expect(notice?.subject).toMatch(/tried to sign up/i);
  });

  it("leaves exactly one account after 10 concurrent sign-ups for one email (SECURITY 27)", async () => {
    const email = newEmail("burst");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call("POST", "/api/auth/sign-up", signUpBody(index % 2 ? email.toUpperCase() : email)),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(9);
    const { results } = await env.DB.prepare("SELECT id FROM users WHERE email = ?")
      .bind(email)
      .all();
    expect(results).toHaveLength(1);
  });

  it("escapes a script-like display name in the HTML email", async () => {
    const email = newEmail();
    await call(
      "POST",
      "/api/auth/sign-up",
      signUpBody(email, { displayName: "<script>alert(1)</script>" }),
    );
    const [mail] = await outboxFor(email);
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("verifying an email address", () => {
  it("works once with the emailed token", async () => {
    const reader = await signUp();
    const token = tokenIn((await outboxFor(reader.email))[0], "/verify-email");
    const first = await call("POST", "/api/auth/verify-email", { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ account: { emailVerified: true } });
    const again = await call("POST", "/api/auth/verify-email", { token });
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe("invalid_token");
  });

  it("resends a link that cancels the older one", async () => {
    const reader = await signUp();
    const old = tokenIn((await outboxFor(reader.email))[0], "/verify-email");
    const resend = await call("POST", "/api/auth/resend-verification", undefined, {
      token: reader.tokens.accessToken,
    });
    expect(resend.status).toBe(202);
    const fresh = tokenIn((await outboxFor(reader.email))[0], "/verify-email");
    expect(fresh).not.toBe(old);
    expect((await call("POST", "/api/auth/verify-email", { token: old })).status).toBe(400);
    expect((await call("POST", "/api/auth/verify-email", { token: fresh })).status).toBe(200);
  });
});

describe("login", () => {
  it("signs in with the right password and reports the device", async () => {
    const reader = await signUp();
    const answer = await login(` ${reader.email.toUpperCase()}`, reader.password);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ account: { email: reader.email } });
    expect(answer.text).not.toMatch(/argon2|passwordHash/);
  });

  it("answers an unknown email and a wrong password with the same 401 body", async () => {
    const reader = await signUp();
    const unknown = await login(newEmail(), reader.password, {
      headers: { "x-request-id": "same" },
    });
    const wrong = await login(reader.email, `${reader.password}!`, {
      headers: { "x-request-id": "same" },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
    expect(errorCode(wrong.body)).toBe("invalid_credentials");
  });
});

describe("tokens", () => {
  it("publishes a JWKS that verifies the access token with the shell's checks", async () => {
    const reader = await signUp();
    const jwks = await call("GET", "/api/auth/jwks");
    expect(jwks.status).toBe(200);
    expect(jwks.response.headers.get("cache-control")).toContain("max-age");
    const keys = (jwks.body as { keys: PublicSigningKey[] }).keys;
    expect(keys[0]).not.toHaveProperty("d");
    const { payload } = await jwtVerify(reader.tokens.accessToken, createLocalJWKSet({ keys }), {
      algorithms: ["ES256"],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: reader.account.id, name: "Ines Okafor" });
    expect(typeof payload.sid).toBe("string");
  });

  it("rotates the refresh token on every use; reusing an old one revokes the whole family", async () => {
    const reader = await signUp();
    const first = await call("POST", "/api/auth/refresh", {
      refreshToken: reader.tokens.refreshToken,
    });
    expect(first.status).toBe(200);
    const second = (first.body as { tokens: TokenPair }).tokens;
    expect(second.refreshToken).not.toBe(reader.tokens.refreshToken);
    expect(
      (await call("GET", "/api/account", undefined, { token: second.accessToken })).status,
    ).toBe(200);

    const reuse = await call("POST", "/api/auth/refresh", {
      refreshToken: reader.tokens.refreshToken,
    });
    expect(reuse.status).toBe(401);
    expect(errorCode(reuse.body)).toBe("invalid_session");
    // The thief's copy and the holder's newest token are both dead now.
    await expectSessionEnded(second);
  });

  it("stores refresh tokens only as SHA-256 hashes", async () => {
    const reader = await signUp();
    const { results } = await env.DB.prepare("SELECT * FROM sessions").all();
    expect(JSON.stringify(results)).not.toContain(reader.tokens.refreshToken);
    expect(results.every((row) => /^[0-9a-f]{64}$/.test(String(row.refresh_token_hash)))).toBe(
      true,
    );
  });

  it("logout ends the session: the refresh token and the access token stop at once", async () => {
    const reader = await signUp();
    const out = await call("POST", "/api/auth/logout", {
      refreshToken: reader.tokens.refreshToken,
    });
    expect(out.status).toBe(204);
    await expectSessionEnded(reader.tokens);
  });

  it("refuses malformed refresh tokens without a 500", async () => {
    for (const refreshToken of ["", "x", "a".repeat(43), "!".repeat(43)]) {
      const answer = await call("POST", "/api/auth/refresh", { refreshToken });
      expect([400, 401]).toContain(answer.status);
    }
  });
});
