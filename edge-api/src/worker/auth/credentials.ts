import type { Context } from "hono";
import { findUserByEmail } from "../../db/account-queries.ts";
import type { UserRow } from "../../db/account-schema.ts";
import {
  checkPassword,
  passwordProblemMessages,
  type PasswordOwner,
} from "../../domain/password-policy.ts";
import { logError } from "../api-log.ts";
import { ApiError, rateLimited, weakPassword } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { clientAddress } from "./client-info.ts";
import { recognizeDevice, type KnownDevice } from "./known-devices.ts";
import { burnPasswordCheck, verifyPassword } from "./password-hashing.ts";
import { checkBreachedPassword } from "./pwned-passwords.ts";
import {
  chargeAttempt,
  clearLimit,
  countAttempt,
  countLoginFailure,
  CURRENT_PASSWORD_PER_SESSION,
  LOGIN_FROM_UNKNOWN_DEVICES,
  LOGIN_PER_ADDRESS,
  LOGIN_PER_DEVICE,
  loginPace,
  refundAttempt,
  type Charge,
} from "./rate-limits.ts";

/**
 * A new password must pass the policy (SECURITY 1-2, issue 14) for the account it is for; the
 * reason goes back to the reader. With `PWNED_PASSWORDS = "on"` it is also looked up in Have I
 * Been Pwned's range API; when that fails or is slow the password is judged without it.
 */
export async function requireAcceptablePassword(
  c: Context<AppEnv>,
  password: string,
  owner: PasswordOwner,
): Promise<void> {
  const problem = checkPassword(password, owner);
  if (problem) throw weakPassword(problem, passwordProblemMessages[problem]);
  if (c.var.config.PWNED_PASSWORDS !== "on") return;
  const breach = await checkBreachedPassword(password);
  if (breach === "breached") throw weakPassword("breached", passwordProblemMessages.breached);
  if (breach === "unavailable") logError("pwned_passwords_unavailable", c.get("requestId"), {});
}

// Never hashed: no stored password can be this long (SECURITY 1).
function refuseOverlong(password: string): void {
  if (checkPassword(password) === "too_long") {
    throw weakPassword("too_long", passwordProblemMessages.too_long);
  }
}

export interface LoginCheck {
  user: UserRow;
  /** The device the login came from, when the account knows it (and it is not locked). */
  device: KnownDevice | null;
}

/**
 * Which allowance a login attempt spends, counted before the password is checked so parallel
 * guesses cannot slip past: a known device its own; an unknown one (or a known device past
 * its own limit, which then counts as unknown) the account's shared unknown-device allowance.
 * 429 with Retry-After when the address or the allowance is spent.
 */
async function chargeLogin(
  c: Context<AppEnv>,
  email: string,
): Promise<{ device: KnownDevice | null; charges: Charge[] }> {
  const { db, now } = c.var;
  const address: Charge = { limit: LOGIN_PER_ADDRESS, subject: clientAddress(c) };
  const known = await recognizeDevice(c, db, email, now);
  if (known) {
    const device: Charge = { limit: LOGIN_PER_DEVICE, subject: known.tokenHash };
    const [addressWait, deviceWait] = await Promise.all([
      countAttempt(db, address, now),
      countAttempt(db, device, now),
    ]);
    if (addressWait > 0) throw rateLimited(addressWait / 1000);
    if (deviceWait === 0) return { device: known, charges: [address, device] };
  }
  const unknown: Charge = { limit: LOGIN_FROM_UNKNOWN_DEVICES, subject: email };
  // A locked known device has already counted against its address.
  await chargeAttempt(db, known ? [unknown] : [address, unknown], now);
  return { device: null, charges: [address, unknown] };
}

/**
 * Checks an email and password the way login does (login, and accepting a staff invitation
 * with an existing account): the device-aware allowances above, then the account-wide
 * slowdown, the same 401 for an unknown email and a wrong password, and the same work for both.
 */
export async function checkLogin(
  c: Context<AppEnv>,
  email: string,
  password: string,
): Promise<LoginCheck> {
  refuseOverlong(password);
  const { db, config, now } = c.var;
  const { device, charges } = await chargeLogin(c, email);
  await loginPace(db, email, now).catch(async (error: unknown) => {
    // Held back by the slowdown, the password was never checked: nothing is spent.
    await Promise.all(charges.map((charge) => refundAttempt(db, charge)));
    throw error;
  });
  const user = await findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(password, config.passwordHashCost);
    await countLoginFailure(db, email, now);
    throw new ApiError("invalid_credentials");
  }
  if (!(await verifyPassword(password, user.passwordHash, config.passwordHashCost))) {
    await countLoginFailure(db, email, now);
    throw new ApiError("invalid_credentials");
  }
  // A success gives back what it spent; a known device's earlier slips are forgotten.
  const [address, allowance] = charges as [Charge, Charge];
  await Promise.all([
    refundAttempt(db, address),
    device ? clearLimit(db, allowance) : refundAttempt(db, allowance),
  ]);
  return { user, device };
}

/** `checkLogin` for callers that only need the account. */
export async function checkCredentials(
  c: Context<AppEnv>,
  email: string,
  password: string,
): Promise<UserRow> {
  return (await checkLogin(c, email, password)).user;
}

/**
 * A signed-in session's "current password" prompt (change password or email, delete the
 * account): counted per session, never against logins, so strangers failing to log in cannot
 * lock the owner out of their own profile.
 */
export async function checkCurrentPassword(
  c: Context<AppEnv>,
  user: UserRow,
  password: string,
): Promise<UserRow> {
  refuseOverlong(password);
  const { db, config, now, viewer } = c.var;
  const session: Charge = { limit: CURRENT_PASSWORD_PER_SESSION, subject: viewer.sessionId };
  await chargeAttempt(db, [session], now);
  if (!(await verifyPassword(password, user.passwordHash, config.passwordHashCost))) {
    throw new ApiError("invalid_credentials");
  }
  await clearLimit(db, session);
  return user;
}
