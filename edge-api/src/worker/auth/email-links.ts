import siteRoutes from "../../contract/site-routes.generated.json" with { type: "json" };
import type { Database } from "../../db/database.ts";
import { consumeEmailToken, issueEmailTokenRow } from "../../db/email-token-queries.ts";
import type { EmailTokenPurpose, EmailTokenRow } from "../../db/account-schema.ts";
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

/** Uses a link's token once, or answers 400 `invalid_token` (unknown, used, expired, other purpose). */
export async function consumeEmailLink(
  db: Database,
  purpose: EmailTokenPurpose,
  token: string,
  now: Date,
): Promise<EmailTokenRow> {
  if (!SECRET_TOKEN_PATTERN.test(token)) throw new ApiError("invalid_token");
  const row = await consumeEmailToken(db, purpose, await hashSecretToken(token), now);
  if (!row) throw new ApiError("invalid_token");
  return row;
}
