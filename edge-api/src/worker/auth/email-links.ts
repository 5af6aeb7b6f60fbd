import siteRoutes from "../../contract/site-routes.generated.json" with { type: "json" };
import type { Database } from "../../db/database.ts";
import {
  consumeEmailToken,
  findUsableEmailToken,
  insertSignUpRequest,
  issueEmailTokenRow,
  takeSignUpRequest,
} from "../../db/email-token-queries.ts";
import type {
  EmailTokenPurpose,
  EmailTokenRow,
  SignUpRequestRow,
} from "../../db/account-schema.ts";
import { ApiError } from "../api-errors.ts";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "./secret-tokens.ts";

const MINUTE = 60_000;

/** SECURITY 7: reset links last 60 minutes; confirmations a day. */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  reset: 60 * MINUTE,
  verify: 24 * 60 * MINUTE,
  "change-email": 24 * 60 * MINUTE,
};

/**
 * The account pages (mfe-account) that take each token, from the shell's route table: the API
 * knows no address of its own making (decision 0011).
 */
const PAGE_OF: Record<EmailTokenPurpose, string> = {
  reset: siteRoutes.pages["account.reset-password"],
  verify: siteRoutes.pages["account.verify-email"],
  "change-email": siteRoutes.pages["account.confirm-email"],
};

/**
 * Makes a single-use token (cancelling the account's older ones of the same purpose) and
 * returns the link to email. The origin is the configured PUBLIC_ORIGIN, never the
 * request's Host header.
 */
export async function issueEmailLink(
  db: Database,
  publicOrigin: string,
  purpose: EmailTokenPurpose,
  userId: string,
  now: Date,
  newEmail: string | null = null,
): Promise<string> {
  const token = newSecretToken();
  await issueEmailTokenRow(db, {
    purpose,
    tokenHash: await hashSecretToken(token),
    userId,
    newEmail,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
  });
  return tokenLink(publicOrigin, PAGE_OF[purpose], token);
}

/**
 * The emailed address of a page of the route table that takes a single-use token (`?token=`),
 * on the configured PUBLIC_ORIGIN: account links above, staff invitations.
 */
export function tokenLink(publicOrigin: string, pagePath: string, token: string): string {
  return `${publicOrigin}${pagePath}?token=${encodeURIComponent(token)}`;
}

type TokenLookup = (
  db: Database,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  now: Date,
) => Promise<EmailTokenRow | null | undefined>;

/** A well-formed token's row through `lookup`, or 400 `invalid_token`. */
async function emailLinkRow(
  lookup: TokenLookup,
  db: Database,
  purpose: EmailTokenPurpose,
  token: string,
  now: Date,
): Promise<EmailTokenRow> {
  if (!SECRET_TOKEN_PATTERN.test(token)) throw new ApiError("invalid_token");
  const row = await lookup(db, purpose, await hashSecretToken(token), now);
  if (!row) throw new ApiError("invalid_token");
  return row;
}

/** A link's token row, still usable and not used by this look, or 400 `invalid_token`. */
export function peekEmailLink(
  db: Database,
  purpose: EmailTokenPurpose,
  token: string,
  now: Date,
): Promise<EmailTokenRow> {
  return emailLinkRow(findUsableEmailToken, db, purpose, token, now);
}

/** Uses a link's token once, or answers 400 `invalid_token` (unknown, used, expired, other purpose). */
export function consumeEmailLink(
  db: Database,
  purpose: EmailTokenPurpose,
  token: string,
  now: Date,
): Promise<EmailTokenRow> {
  return emailLinkRow(consumeEmailToken, db, purpose, token, now);
}

/**
 * Stores a pending sign-up and returns the link that finishes it (issue 14): the same page
 * and lifetime as a verification link, single use, newest cancels older for the address.
 */
export async function issueSignUpLink(
  db: Database,
  publicOrigin: string,
  request: Pick<SignUpRequestRow, "email" | "displayName" | "passwordHash" | "next">,
  now: Date,
): Promise<string> {
  const token = newSecretToken();
  await insertSignUpRequest(db, {
    ...request,
    tokenHash: await hashSecretToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS.verify),
  });
  return tokenLink(publicOrigin, PAGE_OF.verify, token);
}

/** The pending sign-up a link's token finishes (used up now), or undefined for any other token. */
export async function takeSignUpLink(
  db: Database,
  token: string,
  now: Date,
): Promise<SignUpRequestRow | undefined> {
  if (!SECRET_TOKEN_PATTERN.test(token)) return undefined;
  return takeSignUpRequest(db, await hashSecretToken(token), now);
}
