import type { Context } from "hono";
import type { AccountExportAnswer } from "../contract/account-contract.ts";
import { findUserById } from "../db/account-queries.ts";
import { listLiveSessions } from "../db/session-queries.ts";
import { toAccountView, toSessionView } from "../domain/account-shaping.ts";
import { ApiError } from "./api-errors.ts";
import type { AppEnv } from "./app-env.ts";
import { ACCOUNT_EXPORTS_PER_ACCOUNT, chargeAttempt } from "./auth/rate-limits.ts";
import { savedArticleCards } from "./saved-articles.ts";

const exportLimitMessage =
  `Your data can be downloaded ${ACCOUNT_EXPORTS_PER_ACCOUNT.limit} times an hour. ` +
  "Try again later (see Retry-After).";

/**
 * "Download your data" (issue 15): what the API keeps about the signed-in account holder,
 * their account, live sessions (as `/api/account/sessions` shows them) and saved articles
 * with when each was saved. Never a password hash or a token hash; only the caller's rows.
 * Counted per account before anything is read (429 with Retry-After past the limit).
 */
export async function exportAccount(c: Context<AppEnv>): Promise<AccountExportAnswer> {
  const { db, now, viewer } = c.var;
  await chargeAttempt(
    db,
    [{ limit: ACCOUNT_EXPORTS_PER_ACCOUNT, subject: viewer.accountId }],
    now,
    exportLimitMessage,
  );
  const [user, sessions, savedArticles] = await Promise.all([
    findUserById(db, viewer.accountId),
    listLiveSessions(db, viewer.accountId, now),
    savedArticleCards(db, viewer.accountId, now),
  ]);
  if (!user) throw new ApiError("unauthorized");
  return {
    exportedAt: now.toISOString(),
    account: toAccountView(user),
    sessions: sessions.map((row) => toSessionView(row, viewer.sessionId)),
    savedArticles,
  };
}
