import type { Database } from "../../db/database.ts";
import { clearCount, countInWindow, readCount, uncount } from "../../db/rate-limit-queries.ts";
import { rateLimited } from "../api-errors.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface RateLimit {
  /** What is counted, e.g. `login:address`; the subject is appended. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Logins follow OWASP's device cookies (issue 14, item 1). Failures from browsers the account
 * does not know (no device token, someone else's, or a locked one) share one small allowance
 * per account (email): once it is spent only unknown devices wait, while a device that has
 * logged in before keeps working with the right password.
 */
export const LOGIN_FROM_UNKNOWN_DEVICES: RateLimit = {
  name: "login:unknown-devices",
  limit: 5,
  windowMs: 15 * MINUTE,
};
/** A known device's own attempts; over this the device counts as unknown until the window ends. */
export const LOGIN_PER_DEVICE: RateLimit = {
  name: "login:device",
  limit: 10,
  windowMs: 15 * MINUTE,
};
/**
 * Failed password checks of one account from anywhere (NIST 800-63B allows up to 100). Past
 * the limit logins slow down (`loginPace`) rather than lock.
 */
export const LOGIN_PER_ACCOUNT: RateLimit = {
  name: "login:account",
  limit: 100,
  windowMs: 24 * HOUR,
};
export const LOGIN_PER_ADDRESS: RateLimit = {
  name: "login:address",
  limit: 20,
  windowMs: 15 * MINUTE,
};
/**
 * "Current password" prompts (change password or email, delete the account) are made by a
 * signed-in session, so they are counted per session: no stranger's login failures lock them.
 */
export const CURRENT_PASSWORD_PER_SESSION: RateLimit = {
  name: "current-password:session",
  limit: 5,
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
 * Newsroom writes per member of staff: the editor autosaves 3 s after typing stops, about 20
 * a minute per open story at most, so 120 leaves room for several tabs.
 */
export const NEWSROOM_WRITES_PER_ACCOUNT: RateLimit = {
  name: "newsroom:writes",
  limit: 120,
  windowMs: MINUTE,
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

/**
 * "Download your data" (issue 15): each export reads every session and saved article of the
 * account, so an account gets 5 an hour, plenty for a person and little for a script.
 */
export const ACCOUNT_EXPORTS_PER_ACCOUNT: RateLimit = {
  name: "account:export",
  limit: 5,
  windowMs: HOUR,
};

export interface Charge {
  limit: RateLimit;
  subject: string;
}

const keyOf = ({ limit, subject }: Charge) => `${limit.name}:${subject}`;

/**
 * Counts one attempt against a limit and answers how long the caller must wait (ms), 0 when
 * the attempt is within the limit.
 */
export async function countAttempt(db: Database, charge: Charge, now: Date): Promise<number> {
  const counted = await countInWindow(db, keyOf(charge), now, charge.limit.windowMs);
  if (counted.count <= charge.limit.limit) return 0;
  return counted.windowStart.getTime() + charge.limit.windowMs - now.getTime();
}

/**
 * Counts one attempt against every limit before the attempt is evaluated (so parallel
 * guesses cannot slip past), and throws 429 with Retry-After when any is over.
 */
export async function chargeAttempt(
  db: Database,
  charges: Charge[],
  now: Date,
  message?: string,
): Promise<void> {
  const waits = await Promise.all(charges.map((charge) => countAttempt(db, charge, now)));
  const retryAfterMs = Math.max(0, ...waits);
  if (retryAfterMs > 0) throw rateLimited(retryAfterMs / 1000, message);
}

/** Takes one attempt back (a success should not use up an address's allowance). */
export async function refundAttempt(db: Database, charge: Charge): Promise<void> {
  await uncount(db, keyOf(charge));
}

/** Forgets a counter, e.g. a device's failed logins after it logged in. */
export async function clearLimit(db: Database, charge: Charge): Promise<void> {
  await clearCount(db, keyOf(charge));
}

/** How long an account waits between password checks once past `LOGIN_PER_ACCOUNT`. */
export const LOGIN_PACE_MAX_MS = MINUTE;
const paceOf = (failures: number) =>
  Math.min(SECOND * 2 ** Math.min(failures - LOGIN_PER_ACCOUNT.limit, 16), LOGIN_PACE_MAX_MS);

/**
 * The account-wide slowdown: under `LOGIN_PER_ACCOUNT` failures nothing waits; past it one
 * password check is let through per pace (1 s, 2 s, 4 s … at most a minute), the others answer
 * 429 without being counted, so hammering never turns the slowdown into a lockout.
 */
export async function loginPace(db: Database, email: string, now: Date): Promise<void> {
  const account = { limit: LOGIN_PER_ACCOUNT, subject: email };
  const failures = await readCount(db, keyOf(account), now, LOGIN_PER_ACCOUNT.windowMs);
  if (failures < LOGIN_PER_ACCOUNT.limit) return;
  const pace: Charge = {
    limit: { name: "login:account-pace", limit: 1, windowMs: paceOf(failures) },
    subject: email,
  };
  await chargeAttempt(db, [pace], now);
}

/** Records a wrong password against the account-wide count. */
export async function countLoginFailure(db: Database, email: string, now: Date): Promise<void> {
  await countAttempt(db, { limit: LOGIN_PER_ACCOUNT, subject: email }, now);
}

/** After a password reset the owner starts afresh: every account-wide login counter goes. */
export async function clearLoginLimits(db: Database, email: string): Promise<void> {
  await Promise.all(
    [LOGIN_PER_ACCOUNT, LOGIN_FROM_UNKNOWN_DEVICES].map((limit) =>
      clearLimit(db, { limit, subject: email }),
    ),
  );
}
