import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import { Secret, TOTP } from "otpauth";
import { call, errorCode } from "../../test/account-helpers.ts";
import { enrol, SECOND_FACTOR, verify } from "../../test/second-factor-helpers.ts";
import { CALLERS, signInAs, tokenOf } from "../../test/staff-helpers.ts";
import { totpCodeAt } from "../auth/totp.ts";

const START = new Date("2026-11-24T09:00:10Z");
const STEP_MS = 30_000;
const at = (ms: number) => vi.setSystemTime(new Date(START.getTime() + ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  at(0);
});
afterEach(() => vi.useRealTimers());

const stateOf = async (token: string) => {
  const answer = await call("GET", SECOND_FACTOR, undefined, { token });
  expect(answer.status, answer.text).toBe(200);
  return apiEndpoints.secondFactor.answer.parse(answer.body);
};

describe("the second factor's role table (SECURITY 31)", () => {
  it.each(CALLERS)("GET /second-factor and starting enrolment: %s", async (caller) => {
    const token = await tokenOf(caller);
    const state = await call("GET", SECOND_FACTOR, undefined, { token });
    const start = await call("POST", `${SECOND_FACTOR}/enrolment`, undefined, { token });
    const expected = { anonymous: 401, reader: 403 }[caller as string] ?? 200;
    expect(state.status).toBe(expected);
    expect(start.status).toBe(expected);
    if (expected === 200) {
      expect(apiEndpoints.secondFactor.answer.parse(state.body)).toMatchObject({ role: caller });
      expect(apiEndpoints.startEnrolment.answer.parse(start.body).otpauthUri).toContain(
        "issuer=The%20Daily%20Edge",
      );
    }
  });

  it.each(CALLERS)("confirming, passing it and renewing recovery codes: %s", async (caller) => {
    if (caller === "anonymous" || caller === "reader") {
      const token = await tokenOf(caller);
      for (const path of ["/enrolment/confirm", "/verify", "/recovery-codes"]) {
        const answer = await call("POST", `${SECOND_FACTOR}${path}`, { code: "123456" }, { token });
        expect(answer.status, path).toBe(caller === "anonymous" ? 401 : 403);
        expect(errorCode(answer.body)).toBe(caller === "anonymous" ? "unauthorized" : "forbidden");
      }
      return;
    }
    const member = await signInAs(caller, { verified: false });
    const { secret } = await enrol(member.tokens.accessToken);
    at(STEP_MS);
    const passed = await verify(member.tokens.accessToken, totpCodeAt(secret, new Date()));
    expect(passed.status, passed.text).toBe(200);
    const renewed = await call("POST", `${SECOND_FACTOR}/recovery-codes`, undefined, {
      token: member.tokens.accessToken,
    });
    expect(renewed.status, renewed.text).toBe(200);
    expect(apiEndpoints.newRecoveryCodes.answer.parse(renewed.body).recoveryCodes).toHaveLength(10);
  });
});

describe("TOTP enrolment (RFC 6238, SECURITY 9)", () => {
  it("enrols end to end with a code from the returned secret and starts a newsroom session", async () => {
    const editor = await signInAs("editor", { verified: false });
    const token = editor.tokens.accessToken;
    expect(await stateOf(token)).toEqual({
      role: "editor",
      enrolled: false,
      verified: false,
      recoveryCodesLeft: 0,
    });
    const newsroomCall = await call("POST", `${SECOND_FACTOR}/recovery-codes`, undefined, {
      token,
    });
    expect(errorCode(newsroomCall.body)).toBe("second_factor_required");

    const started = await call("POST", `${SECOND_FACTOR}/enrolment`, undefined, { token });
    const { secret, otpauthUri } = apiEndpoints.startEnrolment.answer.parse(started.body);
    // The app reads the same secret and parameters from the QR code's address.
    const fromUri = TOTP.validate({
      token: totpCodeAt(secret, new Date()),
      secret: Secret.fromBase32(new URL(otpauthUri).searchParams.get("secret") ?? ""),
    });
    expect(fromUri).toBe(0);
    expect(otpauthUri).toMatch(/algorithm=SHA1&digits=6&period=30/);

    const wrong = await call(
      "POST",
      `${SECOND_FACTOR}/enrolment/confirm`,
      { code: "000000" },
      { token },
    );
    const code = totpCodeAt(secret, new Date());
    expect(wrong.status).toBe(code === "000000" ? 200 : 400);
    const confirmed = await call("POST", `${SECOND_FACTOR}/enrolment/confirm`, { code }, { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    const answer = apiEndpoints.confirmEnrolment.answer.parse(confirmed.body);
    expect(new Set(answer.recoveryCodes).size).toBe(10);
    for (const recovery of answer.recoveryCodes)
      expect(recovery).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(decodeJwt(answer.tokens.accessToken)).toMatchObject({ role: "editor", nsv: true });

    const after = await stateOf(answer.tokens.accessToken);
    expect(after).toEqual({
      role: "editor",
      enrolled: true,
      verified: true,
      recoveryCodesLeft: 10,
    });
    // The old access token's session is the same session: it is verified too.
    expect((await stateOf(token)).verified).toBe(true);
    const again = await call("POST", `${SECOND_FACTOR}/enrolment`, undefined, { token });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe("conflict");
    const logged = await env.DB.prepare(
      "SELECT actor_id, action, detail FROM audit_log WHERE subject = ?",
    )
      .bind(editor.email)
      .all<{ actor_id: string; action: string; detail: string }>();
    expect(logged.results).toEqual([
      {
        actor_id: editor.account.id,
        action: "staff.second-factor",
        detail: JSON.stringify({ secondFactor: ["none", "authenticator app"] }),
      },
    ]);
  });

  it("keeps the secret sealed and the recovery codes hashed", async () => {
    const member = await signInAs("contributor", { verified: false });
    const { secret, recoveryCodes } = await enrol(member.tokens.accessToken);
    const { results } = await env.DB.prepare(
      "SELECT s.secret, r.code_hash FROM second_factors s JOIN recovery_codes r USING (user_id) WHERE s.user_id = ?",
    )
      .bind(member.account.id)
      .all<{ secret: string; code_hash: string }>();
    const stored = JSON.stringify(results);
    expect(results).toHaveLength(10);
    expect(stored).not.toContain(secret);
    expect(results[0]?.secret).toMatch(/^v1\./);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
  });

  it("replaces an unconfirmed secret when enrolment starts again", async () => {
    const member = await signInAs("contributor", { verified: false });
    const token = member.tokens.accessToken;
    const first = await call("POST", `${SECOND_FACTOR}/enrolment`, undefined, { token });
    const second = await call("POST", `${SECOND_FACTOR}/enrolment`, undefined, { token });
    const old = (first.body as { secret: string }).secret;
    const current = (second.body as { secret: string }).secret;
    expect(current).not.toBe(old);
    const stale = await call(
      "POST",
      `${SECOND_FACTOR}/enrolment/confirm`,
      { code: totpCodeAt(old, new Date()) },
      { token },
    );
    expect(errorCode(stale.body)).toBe("invalid_code");
    const fresh = await call(
      "POST",
      `${SECOND_FACTOR}/enrolment/confirm`,
      { code: totpCodeAt(current, new Date()) },
      { token },
    );
    expect(fresh.status).toBe(200);
  });

  it("answers 409 to confirming before enrolment started", async () => {
    const member = await signInAs("editor", { verified: false });
    const answer = await call(
      "POST",
      `${SECOND_FACTOR}/enrolment/confirm`,
      { code: "123456" },
      { token: member.tokens.accessToken },
    );
    expect(answer.status).toBe(409);
  });
});

describe("passing the second factor", () => {
  async function enrolledEditor() {
    const editor = await signInAs("editor", { verified: false });
    const enrolled = await enrol(editor.tokens.accessToken);
    // A new browser session of the same person: not yet verified.
    const login = await call("POST", "/api/auth/login", {
      email: editor.email,
      password: editor.password,
    });
    const tokens = (login.body as { tokens: { accessToken: string } }).tokens;
    return { ...enrolled, editor, token: tokens.accessToken };
  }

  it("accepts the codes of the previous, current and next step, and never one step twice", async () => {
    const { secret, token } = await enrolledEditor();
    expect((await stateOf(token)).verified).toBe(false);
    at(3 * STEP_MS);
    const previous = totpCodeAt(secret, new Date(START.getTime() + 2 * STEP_MS));
    const passed = await verify(token, previous);
    expect(passed.status, passed.text).toBe(200);
    const answer = apiEndpoints.passSecondFactor.answer.parse(passed.body);
    expect(answer).toMatchObject({ recoveryCodesLeft: 10, usedRecoveryCode: false });
    expect(decodeJwt(answer.tokens.accessToken).nsv).toBe(true);
    expect((await stateOf(token)).verified).toBe(true);

    const replay = await verify(token, previous);
    expect(replay.status).toBe(400);
    expect(errorCode(replay.body)).toBe("invalid_code");
    // The current step is later than the one used: accepted once.
    const current = totpCodeAt(secret, new Date());
    expect((await verify(token, current)).status).toBe(200);
    expect(errorCode((await verify(token, current)).body)).toBe("invalid_code");
    const next = totpCodeAt(secret, new Date(START.getTime() + 4 * STEP_MS));
    expect((await verify(token, next)).status).toBe(200);
    const tooLate = totpCodeAt(secret, new Date(START.getTime() + 6 * STEP_MS));
    expect(errorCode((await verify(token, tooLate)).body)).toBe("invalid_code");
  });

  it("takes each recovery code once, in any case and with or without hyphens", async () => {
    const { recoveryCodes, token } = await enrolledEditor();
    const [first = "", second = ""] = recoveryCodes;
    const used = await verify(token, first.toUpperCase());
    expect(used.status, used.text).toBe(200);
    expect(apiEndpoints.passSecondFactor.answer.parse(used.body)).toMatchObject({
      recoveryCodesLeft: 9,
      usedRecoveryCode: true,
    });
    expect(errorCode((await verify(token, first)).body)).toBe("invalid_code");
    expect((await verify(token, second.replaceAll("-", " "))).status).toBe(200);
    expect((await stateOf(token)).recoveryCodesLeft).toBe(8);
  });

  it("renewing recovery codes makes the old ones useless", async () => {
    const { recoveryCodes, token } = await enrolledEditor();
    expect((await verify(token, recoveryCodes[0] ?? "")).status).toBe(200);
    const renewed = await call("POST", `${SECOND_FACTOR}/recovery-codes`, undefined, { token });
    const fresh = apiEndpoints.newRecoveryCodes.answer.parse(renewed.body).recoveryCodes;
    expect(errorCode((await verify(token, recoveryCodes[1] ?? "")).body)).toBe("invalid_code");
    expect((await verify(token, fresh[0] ?? "")).status).toBe(200);
    expect((await stateOf(token)).recoveryCodesLeft).toBe(9);
  });

  it("limits wrong codes per account: the sixth in 15 minutes is 429 with Retry-After", async () => {
    const { secret, token, editor } = await enrolledEditor();
    at(10 * STEP_MS);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await verify(token, "abcd-efgh-jkmn");
      expect(wrong.status, `attempt ${attempt}`).toBe(400);
    }
    const limited = await verify(token, totpCodeAt(secret, new Date()));
    expect(limited.status).toBe(429);
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // A quarter of an hour later (the access token has expired too: sign in again).
    at(10 * STEP_MS + 15 * 60_000 + 1000);
    const login = await call("POST", "/api/auth/login", {
      email: editor.email,
      password: editor.password,
    });
    const later = (login.body as { tokens: { accessToken: string } }).tokens.accessToken;
    expect((await verify(later, totpCodeAt(secret, new Date()))).status).toBe(200);
  });

  it("refuses codes that are neither six digits nor a recovery code, and staff not enrolled", async () => {
    const { token } = await enrolledEditor();
    for (const code of ["12345a", "1234567", "not a code at all"]) {
      expect(errorCode((await verify(token, code)).body), code).toBe("invalid_code");
    }
    const fresh = await signInAs("editor", { verified: false });
    expect((await verify(fresh.tokens.accessToken, "123456")).status).toBe(409);
    const malformed = await call("POST", `${SECOND_FACTOR}/verify`, { code: 5 }, { token });
    expect(errorCode(malformed.body)).toBe("invalid_request");
  });
});
