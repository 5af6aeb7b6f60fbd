import type { Database } from "../../db/database.ts";
import { clearCount, countInWindow, uncount } from "../../db/rate-limit-queries.ts";
import { rateLimited } from "../api-errors.ts";

const MINUTE = 60_000;

export interface RateLimit {
  /** What is counted, e.g. `login:account`; the subject is appended. */
  name: string;
  limit: number;
  windowMs: number;
}

/** SECURITY 5: password attempts per account (email) and per client address. */
export const LOGIN_PER_ACCOUNT: RateLimit = {
  name: "login:account",
  limit: 5,
  windowMs: 15 * MINUTE,
};
export const LOGIN_PER_ADDRESS: RateLimit = {
  name: "login:address",
  limit: 20,
  windowMs: 15 * MINUTE,
};
/** SECURITY 6: counted apart from logins, so asking for resets never locks an account. */
export const FORGOT_PER_EMAIL: RateLimit = {
  name: "forgot:email",
  limit: 3,
  windowMs: 60 * MINUTE,
};
export const FORGOT_PER_ADDRESS: RateLimit = {
  name: "forgot:address",
  limit: 10,
  windowMs: 15 * MINUTE,
};

/**
 * Issue 14, item 3: sign-ups per client address and per email (new or known alike, so the
 * limit says nothing about the address). The per-email one stops anyone filling a stranger's
 * inbox; the owner of an account is also told of attempts at most once a day.
 */
export const SIGN_UP_PER_ADDRESS: RateLimit = {
  name: "sign-up:address",
  limit: 20,
  windowMs: 15 * MINUTE,
};
export const SIGN_UP_PER_EMAIL: RateLimit = {
  name: "sign-up:email",
  limit: 3,
  windowMs: 60 * MINUTE,
};

export interface Charge {
  limit: RateLimit;
  subject: string;
}

const keyOf = ({ limit, subject }: Charge) => `${limit.name}:${subject}`;

/**
 * Counts one attempt against every limit before the attempt is evaluated (so parallel
 * guesses cannot slip past), and throws 429 with Retry-After when any is over.
 */
export async function chargeAttempt(db: Database, charges: Charge[], now: Date): Promise<void> {
  const counts = await Promise.all(
    charges.map((charge) => countInWindow(db, keyOf(charge), now, charge.limit.windowMs)),
  );
  let retryAfterMs = 0;
  charges.forEach((charge, index) => {
    const counted = counts[index];
    if (counted && counted.count > charge.limit.limit) {
      const endsAt = counted.windowStart.getTime() + charge.limit.windowMs;
      retryAfterMs = Math.max(retryAfterMs, endsAt - now.getTime());
    }
  });
  if (retryAfterMs > 0) throw rateLimited(retryAfterMs / 1000);
}

/** After a correct password: the account starts afresh, the address gets its count back. */
export async function settleSuccess(db: Database, account: Charge, address: Charge) {
  await Promise.all([clearCount(db, keyOf(account)), uncount(db, keyOf(address))]);
}

/** Forgets a counter, e.g. an account's failed logins after its password was reset. */
export async function clearLimit(db: Database, charge: Charge): Promise<void> {
  await clearCount(db, keyOf(charge));
}
