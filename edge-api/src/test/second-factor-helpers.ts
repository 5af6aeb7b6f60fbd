import { expect } from "vitest";
import type { TokenPair } from "../contract/account-contract.ts";
import { totpCodeAt } from "../worker/auth/totp.ts";
import { call } from "./account-helpers.ts";

export const SECOND_FACTOR = "/api/newsroom/second-factor";

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
  /** The pair reissued on confirmation: its access token carries `nsv`. */
  tokens: TokenPair;
}

/**
 * Enrols the caller's authenticator app the way the security screen does: a new secret, then
 * a code computed from it by otpauth (as an app would), at the current (possibly fake) time.
 */
export async function enrol(accessToken: string): Promise<Enrolled> {
  const started = await call("POST", `${SECOND_FACTOR}/enrolment`, undefined, {
    token: accessToken,
  });
  expect(started.status, started.text).toBe(200);
  const { secret } = started.body as { secret: string };
  const code = totpCodeAt(secret, new Date());
  const confirmed = await call(
    "POST",
    `${SECOND_FACTOR}/enrolment/confirm`,
    { code },
    { token: accessToken },
  );
  expect(confirmed.status, confirmed.text).toBe(200);
  const body = confirmed.body as { tokens: TokenPair; recoveryCodes: string[] };
  return { secret, ...body };
}

/** Passes the second factor with `code`; the answer as the API gave it. */
export function verify(accessToken: string, code: string) {
  return call("POST", `${SECOND_FACTOR}/verify`, { code }, { token: accessToken });
}
