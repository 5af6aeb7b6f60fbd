import { decodeJwt } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiEndpoints } from "../../contract/api-endpoints.ts";
import type { StaffRole } from "../../contract/newsroom-contract.ts";
import {
  call,
  errorCode,
  login,
  newEmail,
  outboxFor,
  signUp,
  STRONG_PASSWORD,
  tokenIn,
} from "../../test/account-helpers.ts";
import { signInAs } from "../../test/staff-helpers.ts";

const NEWSROOM = "/api/newsroom";
const DAY_MS = 24 * 3600_000;

afterEach(() => vi.useRealTimers());

async function invitation(email = newEmail("invitee"), role: StaffRole = "contributor") {
  const admin = await signInAs("admin", { displayName: "Ada Admin" });
  const sent = await call(
    "POST",
    `${NEWSROOM}/invites`,
    { email, displayName: "Grace Obi", role },
    { token: admin.tokens.accessToken },
  );
  expect(sent.status, sent.text).toBe(201);
  const token = tokenIn((await outboxFor(email))[0], "/newsroom/join");
  return { admin, email, token };
}

const show = (token: string) => call("POST", `${NEWSROOM}/invitation`, { token });
const accept = (body: Record<string, unknown>, ip?: string) =>
  call("POST", `${NEWSROOM}/invitation/accept`, body, ip ? { ip } : {});

const roleOf = async (accessToken: string) => {
  const answer = await call("GET", `${NEWSROOM}/second-factor`, undefined, { token: accessToken });
  return answer.status === 200 ? (answer.body as { role: string }).role : answer.status;
};

describe("accepting an invitation (anonymous; the token is the credential)", () => {
  it("shows the invitation, then makes a new, verified account with the role and signs it in", async () => {
    const { email, token, admin } = await invitation(undefined, "editor");
    const shown = await show(token);
    expect(shown.status).toBe(200);
    expect(apiEndpoints.invitation.answer.parse(shown.body)).toMatchObject({
      email,
      displayName: "Grace Obi",
      role: "editor",
      accountExists: false,
    });
    const joined = await accept({ token, displayName: "Grace A. Obi", password: STRONG_PASSWORD });
    expect(joined.status, joined.text).toBe(200);
    const body = apiEndpoints.acceptInvite.answer.parse(joined.body);
    expect(body.account).toMatchObject({ email, displayName: "Grace A. Obi", emailVerified: true });
    // Signed in, on the staff, and asked for the second factor before anything else.
    expect(decodeJwt(body.tokens.accessToken)).toMatchObject({ role: "editor" });
    expect(await roleOf(body.tokens.accessToken)).toBe("editor");
    const staffCall = await call("GET", `${NEWSROOM}/audit`, undefined, {
      token: body.tokens.accessToken,
    });
    expect(errorCode(staffCall.body)).toBe("second_factor_required");
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);

    const log = await call("GET", `${NEWSROOM}/audit`, undefined, {
      token: admin.tokens.accessToken,
    });
    expect(apiEndpoints.auditLog.answer.parse(log.body).entries[0]).toMatchObject({
      action: "staff.join",
      subject: email,
      actor: { id: body.account.id, displayName: "Grace A. Obi" },
      detail: { role: ["reader", "editor"] },
    });
  });

  it("works once", async () => {
    const { token } = await invitation();
    expect((await accept({ token, password: STRONG_PASSWORD })).status).toBe(200);
    const again = await accept({ token, password: STRONG_PASSWORD });
    expect(again.status).toBe(400);
    expect(errorCode(again.body)).toBe("invalid_token");
    expect(errorCode((await show(token)).body)).toBe("invalid_token");
  });

  it("is single use under a race: two acceptances at once make one account", async () => {
    const { token, email } = await invitation();
    const answers = await Promise.all([
      accept({ token, password: STRONG_PASSWORD }),
      accept({ token, password: `${STRONG_PASSWORD} too` }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers.find((answer) => answer.status === 200);
    const password = winner === answers[0] ? STRONG_PASSWORD : `${STRONG_PASSWORD} too`;
    expect((await login(email, password)).status).toBe(200);
  });

  it("dies with its sender's admin role: a removed admin's invitations no longer work", async () => {
    const { token, admin } = await invitation(undefined, "admin");
    const other = await signInAs("admin");
    const removed = await call(
      "PATCH",
      `${NEWSROOM}/staff/${admin.account.id}`,
      { role: "reader" },
      { token: other.tokens.accessToken },
    );
    expect(removed.status, removed.text).toBe(200);
    expect(errorCode((await show(token)).body)).toBe("invalid_token");
    const refused = await accept({ token, password: STRONG_PASSWORD });
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe("invalid_token");
  });

  it("expires after 7 days (fake clock)", async () => {
    const { token } = await invitation();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 7 * DAY_MS - 60_000);
    expect((await show(token)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(errorCode((await show(token)).body)).toBe("invalid_token");
    expect(errorCode((await accept({ token, password: STRONG_PASSWORD })).body)).toBe(
      "invalid_token",
    );
  });

  it("refuses unknown and malformed tokens, weak passwords and unknown fields", async () => {
    const { token } = await invitation();
    for (const bad of ["x".repeat(43), "not a token", "a".repeat(128)]) {
      expect(errorCode((await show(bad)).body), bad).toBe("invalid_token");
    }
    const weak = await accept({ token, password: "short" });
    expect(weak.status).toBe(400);
    expect(errorCode(weak.body)).toBe("weak_password");
    const sneaky = await accept({ token, password: STRONG_PASSWORD, role: "admin" });
    expect(errorCode(sneaky.body)).toBe("invalid_request");
    // Nothing was used up by the refusals.
    expect((await show(token)).status).toBe(200);
  });

  it("gives an existing account the role once its own password is given", async () => {
    const reader = await signUp();
    const { token } = await invitation(reader.email, "editor");
    expect((await show(token)).body).toMatchObject({ accountExists: true });
    const wrong = await accept({ token, password: "not the password of this account" });
    expect(wrong.status).toBe(401);
    expect(errorCode(wrong.body)).toBe("invalid_credentials");
    const joined = await accept({ token, password: reader.password, displayName: "Ignored" });
    expect(joined.status, joined.text).toBe(200);
    const body = apiEndpoints.acceptInvite.answer.parse(joined.body);
    expect(body.account).toMatchObject({ id: reader.account.id, displayName: "Ines Okafor" });
    expect(await roleOf(body.tokens.accessToken)).toBe("editor");
    // Their existing session sees the role too (the API reads it from D1 on every call).
    expect(await roleOf(reader.tokens.accessToken)).toBe("editor");
  });

  it("counts wrong passwords like logins: the sixth is 429", async () => {
    const reader = await signUp();
    const { token } = await invitation(reader.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await accept({ token, password: "not the password of this account" });
      expect(wrong.status, `attempt ${attempt}`).toBe(401);
    }
    const limited = await accept({ token, password: reader.password });
    expect(limited.status).toBe(429);
    expect(limited.response.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
