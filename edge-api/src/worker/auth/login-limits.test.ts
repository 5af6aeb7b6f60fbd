import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  call,
  clearRateLimits,
  errorCode,
  login,
  newEmail,
  signUp,
} from "../../test/account-helpers.ts";

describe("failed logins (SECURITY 4-6)", () => {
  it("locks an account after 5 failures with 429 and Retry-After; the right password waits too", async () => {
    const reader = await signUp();
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await login(reader.email, "wrong password number one", {
        ip: `198.51.100.${attempt}`,
      });
      expect(answer.status).toBe(401);
    }
    const locked = await login(reader.email, reader.password, { ip: "198.51.100.99" });
    expect(locked.status).toBe(429);
    expect(errorCode(locked.body)).toBe("rate_limited");
    const retryAfter = Number(locked.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("a locked unknown email looks exactly like a locked account", async () => {
    const reader = await signUp();
    const ghost = newEmail("ghost");
    const answers: Record<string, string[]> = { real: [], ghost: [] };
    for (let attempt = 0; attempt < 6; attempt++) {
      const headers = { "x-request-id": "same-id" };
      const real = await login(reader.email, "not the password at all", {
        ip: `192.0.2.${attempt}`,
        headers,
      });
      const fake = await login(ghost, "not the password at all", {
        ip: `192.0.2.${attempt + 50}`,
        headers,
      });
      answers.real?.push(`${real.status} ${real.text}`);
      answers.ghost?.push(`${fake.status} ${fake.text}`);
    }
    expect(answers.real).toEqual(answers.ghost);
    expect(answers.real?.at(-1)).toMatch(/^429/);
  });

  it("limits one address to 20 attempts, whatever X-Forwarded-For says", async () => {
    const ip = "203.0.113.200";
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await login(newEmail("spray"), "some password guess", {
        ip,
        headers: { "x-forwarded-for": `10.0.0.${attempt}`, "x-real-ip": `10.1.0.${attempt}` },
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await login(newEmail("spray"), "some password guess", {
      ip,
      headers: { "x-forwarded-for": "10.9.9.9" },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await login(newEmail("spray"), "some password guess", { ip: "203.0.113.201" })).status,
    ).toBe(401);
  });

  it("forgot-password is limited per email and address, and never locks the account", async () => {
    const reader = await signUp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await call(
        "POST",
        "/api/auth/forgot-password",
        { email: reader.email },
        { ip: `198.18.0.${attempt}` },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const unknown: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const answer = await call(
        "POST",
        "/api/auth/forgot-password",
        { email: newEmail("nobody") },
        { ip: "198.18.1.1" },
      );
      unknown.push(answer.status);
    }
    expect(unknown.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(unknown[10]).toBe(429);
    expect((await login(reader.email, reader.password)).status).toBe(200);
  });

  it("takes similar time for an unknown email and a wrong password, at the real argon2 cost", async () => {
    const real = { PASSWORD_HASH_COST: undefined };
    const reader = await signUp(newEmail("timing"), undefined, undefined, { overrides: real });
    const time = async (email: string) => {
      await clearRateLimits();
      const started = performance.now();
      const answer = await login(email, "a wrong password of some length", { overrides: real });
      expect(answer.status).toBe(401);
      return performance.now() - started;
    };
    await time(reader.email); // warm-up: the first dummy hash is made once per isolate
    await time(newEmail("nobody"));
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 7; round++) {
      known.push(await time(reader.email));
      unknown.push(await time(newEmail("nobody")));
    }
    // The fastest of each: the run least disturbed by whatever else shares the machine's cores.
    const [a, b] = [Math.min(...known), Math.min(...unknown)];
    expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.3);
    const { results } = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?")
      .bind(reader.email)
      .all();
    expect(String(results[0]?.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
