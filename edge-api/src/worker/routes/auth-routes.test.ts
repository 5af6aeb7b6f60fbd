import { env } from "cloudflare:workers";
import { createLocalJWKSet, jwtVerify } from "jose";
import { describe, expect, it, vi } from "vitest";
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  type PublicSigningKey,
  type TokenPair,
} from "../../contract/account-contract.ts";
import {
  call,
  errorCode,
  expectSessionEnded,
  login,
  newEmail,
  signUp,
} from "../../test/account-helpers.ts";

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

  it("rotates the refresh token on every use; reusing an old one after the grace window revokes the whole family", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
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

    // Past the 30 s in which a second tab may present it too (refresh-grace.test.ts).
    vi.setSystemTime(Date.now() + 31_000);
    const reuse = await call("POST", "/api/auth/refresh", {
      refreshToken: reader.tokens.refreshToken,
    });
    expect(reuse.status).toBe(401);
    expect(errorCode(reuse.body)).toBe("invalid_session");
    // The thief's copy and the holder's newest token are both dead now.
    await expectSessionEnded(second);
    vi.useRealTimers();
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
