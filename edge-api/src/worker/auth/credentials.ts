import type { Context } from "hono";
import { findUserByEmail } from "../../db/account-queries.ts";
import type { UserRow } from "../../db/account-schema.ts";
import {
  checkPassword,
  passwordProblemMessages,
  type PasswordOwner,
} from "../../domain/password-policy.ts";
import { logError } from "../api-log.ts";
import { ApiError, weakPassword } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { clientAddress } from "./client-info.ts";
import { burnPasswordCheck, verifyPassword } from "./password-hashing.ts";
import { checkBreachedPassword } from "./pwned-passwords.ts";
import {
  chargeAttempt,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  settleSuccess,
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

/**
 * Checks an email and password the way login does, for login and for every "current
 * password" prompt: counted per account and per address before the check (429 when over),
 * the same 401 for an unknown email and a wrong password, and the same work for both.
 */
export async function checkCredentials(
  c: Context<AppEnv>,
  email: string,
  password: string,
): Promise<UserRow> {
  // Never hashed: no stored password can be this long (SECURITY 1).
  if (checkPassword(password) === "too_long") {
    throw weakPassword("too_long", passwordProblemMessages.too_long);
  }
  const { db, config, now } = c.var;
  const account = { limit: LOGIN_PER_ACCOUNT, subject: email };
  const address = { limit: LOGIN_PER_ADDRESS, subject: clientAddress(c) };
  await chargeAttempt(db, [account, address], now);
  const user = await findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(password, config.passwordHashCost);
    throw new ApiError("invalid_credentials");
  }
  if (!(await verifyPassword(password, user.passwordHash, config.passwordHashCost))) {
    throw new ApiError("invalid_credentials");
  }
  await settleSuccess(db, account, address);
  return user;
}
