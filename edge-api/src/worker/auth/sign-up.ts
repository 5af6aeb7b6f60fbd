import type { Context } from "hono";
import { claimSignUpNotice, findUserByEmail, insertUserIfNew } from "../../db/account-queries.ts";
import type { SignUpRequestRow, UserRow } from "../../db/account-schema.ts";
import type { TokenPair } from "../../contract/account-contract.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import {
  addresseeName,
  finishSignUpMessage,
  signUpAttemptMessage,
} from "../mail/account-emails.ts";
import { deliverEmail } from "../mail/deliver-email.ts";
import { clientDevice } from "./client-info.ts";
import { issueSignUpLink, takeSignUpLink } from "./email-links.ts";
import { startSession } from "./sessions.ts";

/** An account holder hears of sign-ups with their address at most this often (item 3). */
export const SIGN_UP_NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type SignUpRequest = Pick<
  SignUpRequestRow,
  "email" | "displayName" | "passwordHash" | "next"
>;

/**
 * The part of a sign-up that depends on whether the address has an account (issue 14, item 2),
 * run after the answer: a new address gets the link that finishes the sign-up (the request,
 * password hash included, waits in `sign_up_requests`); an account's owner is told that
 * someone tried, at most once a day. Neither email holds anything from the form.
 */
export async function startSignUp(c: Context<AppEnv>, request: SignUpRequest): Promise<void> {
  const { db, config, now } = c.var;
  const owner = await findUserByEmail(db, request.email);
  if (!owner) {
    const link = await issueSignUpLink(db, config.PUBLIC_ORIGIN, request, now);
    await deliverEmail(c, finishSignUpMessage(config.site, request.email, link));
    return;
  }
  if (await claimSignUpNotice(db, owner.id, now, SIGN_UP_NOTICE_INTERVAL_MS)) {
    await deliverEmail(c, signUpAttemptMessage(config.site, owner.email, addresseeName(owner)));
  }
}

/**
 * Opens a sign-up link: creates the account as it was asked for, its address proved by the
 * link, and signs this browser in. Undefined when the token is not a sign-up's (it may be an
 * older account's verification link). An address that got an account meanwhile (another of
 * its links, an invitation) is 400 `invalid_token`: that account logs in with its own password.
 * `next` is the sign-up's own (issue 15), null when it gave none or predates migration 0013.
 */
export async function finishSignUp(
  c: Context<AppEnv>,
  token: string,
): Promise<{ user: UserRow; tokens: TokenPair; next: string | null } | undefined> {
  const { db, config, now } = c.var;
  // Unusable signing key: 503 before the link is spent, so it still works once fixed.
  config.signingKeys();
  const request = await takeSignUpLink(db, token, now);
  if (!request) return undefined;
  const user = await insertUserIfNew(db, {
    id: crypto.randomUUID(),
    email: request.email,
    displayName: request.displayName,
    passwordHash: request.passwordHash,
    emailVerified: true,
    createdAt: now,
  });
  if (!user) {
    throw new ApiError("invalid_token", "This address already has an account; log in instead.");
  }
  const tokens = await startSession(db, config, user, clientDevice(c), now);
  return { user, tokens, next: request.next };
}
