import type { Context } from "hono";
import { findUserByEmail } from "../../db/account-queries.ts";
import type { UserRow } from "../../db/account-schema.ts";
import { checkPassword, passwordProblemMessages } from "../../domain/password-policy.ts";
import { ApiError, weakPassword } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { clientAddress } from "./client-info.ts";
import { burnPasswordCheck, verifyPassword } from "./password-hashing.ts";
import {
  chargeAttempt,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  settleSuccess,
} from "./rate-limits.ts";

/** A new password must pass the policy (SECURITY 1-2); the reason goes back to the reader. */
export function requireAcceptablePassword(password: string): void {
  const problem = checkPassword(password);
  if (problem) throw weakPassword(problem, passwordProblemMessages[problem]);
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
