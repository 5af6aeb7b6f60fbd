import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findUserByEmail } from "../../db/account-queries.ts";
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
  tokenIn,
} from "../../test/account-helpers.ts";
import { apiApp } from "../api-worker.ts";

const NEW_PASSWORD = "a brand new passphrase for me";

async function requestReset(email: string, headers: Record<string, string> = {}) {
  const answer = await call("POST", "/api/auth/forgot-password", { email }, { headers });
  expect(answer.status).toBe(202);
  return answer;
}

const latestResetToken = async (email: string) =>
  tokenIn(
    (await outboxFor(email)).find((message) => /reset your password/i.test(message.subject)),
    "/reset-password",
  );

describe("forgot and reset password (SECURITY 6-8)", () => {
  it("answers known and unknown emails alike and emails only known ones, via PUBLIC_ORIGIN", async () => {
    const reader = await signUp();
    const hostile = { host: "evil.example", "x-forwarded-host": "evil.example" };
    const known = await requestReset(reader.email, hostile);
    const unknownEmail = newEmail("nobody");
    const unknown = await requestReset(unknownEmail, hostile);
    expect(known.text).toBe(unknown.text);
    expect(await outboxFor(unknownEmail)).toHaveLength(0);
    const [mail] = await outboxFor(reader.email);
    expect(mail?.text).toContain(`${PUBLIC_ORIGIN}/reset-password?token=`);
    expect(`${mail?.text}${mail?.html}`).not.toContain("evil.example");
  });

  it("answers known and unknown emails before looking them up, so both take the same time (issue 14)", async () => {
    const reader = await signUp();
    const answers = [];
    for (const email of [reader.email, newEmail("nobody")]) {
      const before = (await outboxFor(email)).length;
      const ctx = createExecutionContext();
      const response = await apiApp.request(
        "/api/auth/forgot-password",
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-request-id": "same" },
          body: JSON.stringify({ email }),
        },
        env,
        ctx,
      );
      answers.push({ status: response.status, body: await response.text() });
      // Nothing was looked up, written or sent before the answer.
      expect(await outboxFor(email)).toHaveLength(before);
      await waitOnExecutionContext(ctx);
      answers.push((await outboxFor(email)).length - before);
    }
    expect(answers).toEqual([
      { status: 202, body: '{"status":"check-email"}' },
      1,
      { status: 202, body: '{"status":"check-email"}' },
      0,
    ]);
  });

  it("stores the token only hashed, works once, and does not sign in", async () => {
    const reader = await signUp();
    await requestReset(reader.email);
    const token = await latestResetToken(reader.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { results } = await env.DB.prepare("SELECT * FROM email_tokens").all();
    expect(JSON.stringify(results)).not.toContain(token);

    const reset = await call("POST", "/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: "reset" });
    expect(reset.text).not.toMatch(/token/i);
    const again = await call("POST", "/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe("invalid_token");

    expect((await login(reader.email, reader.password)).status).toBe(401);
    expect((await login(reader.email, NEW_PASSWORD)).status).toBe(200);
    const notice = (await outboxFor(reader.email))[0];
    expect(notice?.subject).toMatch(/password was changed/i);
  });

  it("ends every session of the account", async () => {
    const reader = await signUp();
    await requestReset(reader.email);
    const token = await latestResetToken(reader.email);
    await call("POST", "/api/auth/reset-password", { token, password: NEW_PASSWORD });
    await expectSessionEnded(reader.tokens);
  });

  it("cancels older tokens when a new one is issued", async () => {
    const reader = await signUp();
    await requestReset(reader.email);
    const older = await latestResetToken(reader.email);
    await requestReset(reader.email);
    const newer = await latestResetToken(reader.email);
    expect(newer).not.toBe(older);
    expect(
      (await call("POST", "/api/auth/reset-password", { token: older, password: NEW_PASSWORD }))
        .status,
    ).toBe(400);
    expect(
      (await call("POST", "/api/auth/reset-password", { token: newer, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it("expires after 60 minutes", async () => {
    const reader = await signUp();
    await requestReset(reader.email);
    const token = await latestResetToken(reader.email);
    const { results } = await env.DB.prepare(
      "SELECT created_at, expires_at FROM email_tokens WHERE purpose = 'reset'",
    ).all();
    const row = results.at(-1);
    expect(Number(row?.expires_at) - Number(row?.created_at)).toBe(60 * 60 * 1000);
    await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE purpose = 'reset'")
      .bind(Date.now() - 1)
      .run();
    const late = await call("POST", "/api/auth/reset-password", { token, password: NEW_PASSWORD });
    expect(late.status).toBe(400);
    expect(errorCode(late.body)).toBe("invalid_token");
  });

  it("refuses a weak new password and leaves the link usable", async () => {
    const reader = await signUp();
    await requestReset(reader.email);
    const token = await latestResetToken(reader.email);
    const weak = await call("POST", "/api/auth/reset-password", { token, password: "short" });
    expect(weak.body).toMatchObject({ error: { code: "weak_password", reason: "too_short" } });
    // The account's own address and name count against a new password too (issue 14).
    const localPart = reader.email.split("@")[0] ?? "";
    for (const [password, reason] of [
      [`${localPart} is my password`, "contains_email"],
      ["still ines okafor after all", "contains_name"],
      ["123456789012345", "sequence"],
    ]) {
      const refused = await call("POST", "/api/auth/reset-password", { token, password });
      expect(refused.body).toMatchObject({ error: { code: "weak_password", reason } });
    }
    expect(
      (await call("POST", "/api/auth/reset-password", { token, password: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it("refuses made-up and malformed tokens", async () => {
    for (const token of ["A".repeat(43), "../../etc", "x".repeat(128)]) {
      const answer = await call("POST", "/api/auth/reset-password", {
        token,
        password: NEW_PASSWORD,
      });
      expect(answer.status).toBe(400);
    }
  });
});

describe("changing the email address", () => {
  it("needs the current password and a confirmation from the new address", async () => {
    const reader = await signUp();
    const target = newEmail("moved");
    const wrong = await call(
      "POST",
      "/api/account/email",
      { newEmail: target, currentPassword: "not my password at all" },
      { token: reader.tokens.accessToken },
    );
    expect(wrong.status).toBe(401);
    expect(errorCode(wrong.body)).toBe("invalid_credentials");

    const asked = await call(
      "POST",
      "/api/account/email",
      { newEmail: ` ${target.toUpperCase()}`, currentPassword: reader.password },
      { token: reader.tokens.accessToken },
    );
    expect(asked.status).toBe(202);
    const notice = (await outboxFor(reader.email))[0];
    expect(notice?.subject).toMatch(/change of email/i);
    const token = tokenIn((await outboxFor(target))[0], "/confirm-email");
    expect((await findUserByEmail(db, reader.email))?.email).toBe(reader.email);

    const confirmed = await call("POST", "/api/auth/confirm-email", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ account: { email: target, emailVerified: true } });
    expect((await call("POST", "/api/auth/confirm-email", { token })).status).toBe(400);
    expect((await login(target, reader.password)).status).toBe(200);
  });

  it("does not reveal or take an address that has an account", async () => {
    const reader = await signUp();
    const other = await signUp();
    const asked = await call(
      "POST",
      "/api/account/email",
      { newEmail: other.email, currentPassword: reader.password },
      { token: reader.tokens.accessToken },
    );
    expect(asked.status).toBe(202);
    const mail = (await outboxFor(other.email))[0];
    expect(mail?.subject).toMatch(/tried to use your address/i);
    expect(mail?.text).not.toContain(reader.email);
  });
});
