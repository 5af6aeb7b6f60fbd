import type { ApiFailure } from "edge-api/client";
import type { DeviceToken, TokenPair } from "edge-api/contract/account";
import type { SessionChange } from "shell/contract";
import type { LoadOutcome, PageStatus } from "shell/fragment-kit/server";
import type { AccountView, Problem } from "../ui/account-view.ts";
import { AccountError } from "./fragment-errors.ts";
import { headOf } from "./account-head.ts";

/** How the account Worker answers: pages, redirects, session changes and problems. */

// Nothing personal may be stored by the edge or the browser.
export const PRIVATE_NO_STORE = { scope: "private", maxAge: 0 } as const;

/** Why a submission failed, for the page that shows the form again. */
export interface Failure {
  status: PageStatus;
  problems: Problem[];
  retryAfter?: number;
}

export function page(view: AccountView, failure?: Failure, session?: SessionChange): LoadOutcome {
  return {
    kind: "page",
    head: headOf(view),
    props: withLegacyDiscriminant(view),
    cache: PRIVATE_NO_STORE,
    ...(failure ? { status: failure.status } : {}),
    ...(failure?.retryAfter === undefined ? {} : { retryAfter: failure.retryAfter }),
    ...(session ? { session } : {}),
  };
}

/** After a successful POST: 303, so a reload does not send the form again. */
export function seeOther(location: string, session?: SessionChange): LoadOutcome {
  return { kind: "redirect", status: 303, location, ...(session ? { session } : {}) };
}

export const CLEAR_SESSION: SessionChange = { kind: "clear" };

const MAX_ACCESS_AGE = 900;
const MAX_REFRESH_AGE = 60 * 60 * 24 * 90;
const clamp = (value: number, max: number) => Math.max(1, Math.min(Math.floor(value), max));

const MAX_DEVICE_AGE = 60 * 60 * 24 * 400;

export type SessionStart = Extract<SessionChange, { kind: "set" }>;

/** The session's cookies; after a login also the device cookie, which outlives sign-outs. */
export function startSession(tokens: TokenPair, device?: DeviceToken): SessionStart {
  return {
    kind: "set",
    accessToken: tokens.accessToken,
    accessMaxAge: clamp(tokens.accessExpiresIn, MAX_ACCESS_AGE),
    refreshToken: tokens.refreshToken,
    refreshMaxAge: clamp(tokens.refreshExpiresIn, MAX_REFRESH_AGE),
    ...(device
      ? { device: { token: device.token, maxAge: clamp(device.expiresIn, MAX_DEVICE_AGE) } }
      : {}),
  };
}

export const FORM_EXPIRED: Failure = {
  status: 403,
  problems: [
    {
      fieldId: null,
      message: "This form had expired or did not come from this site. Please try again.",
    },
  ],
};

/** A 429 with the wait; `lead` says what there was too much of. */
export function tooManyAttempts(retryAfter = 60, lead = "Too many attempts."): Failure {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return {
    status: 429,
    retryAfter,
    problems: [
      {
        fieldId: null,
        message: `${lead} Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
      },
    ],
  };
}

const weakPasswordMessages: Record<string, string> = {
  too_short: "Use at least 15 characters.",
  too_long: "That password is too long. Use a shorter one.",
  common: "That password is too common and easy to guess. Choose another.",
  site_name: "Don't use the name of this site in your password.",
  repeated: "That password repeats the same characters. A few unrelated words work well.",
  sequence: "That password is mostly a sequence, such as 12345, abcde or a row of keys.",
  contains_email: "Don't use your email address in your password.",
  contains_name: "Don't use your display name in your password.",
  breached: "That password has appeared in a data breach elsewhere. Choose another.",
};

/** Where a problem with a password should point, per form. */
export interface PasswordFields {
  current?: string;
  new?: string;
}

/**
 * A failed API call as the problem to show. 5xx and unreadable answers are not the reader's
 * to fix: they throw, and the shell shows its "unavailable" message.
 */
export function failureFor(result: ApiFailure, fields: PasswordFields = {}): Failure {
  const problem = (status: PageStatus, message: string, fieldId: string | null = null) => ({
    status,
    problems: [{ message, fieldId }],
  });
  switch (result.code) {
    case "rate_limited":
      return tooManyAttempts(result.retryAfter);
    case "weak_password":
      return problem(
        422,
        weakPasswordMessages[result.reason ?? ""] ?? "Choose a different password.",
        fields.new ?? null,
      );
    case "invalid_credentials":
      return problem(401, "That password is not right.", fields.current ?? null);
    case "payload_too_large":
      return problem(413, "Something you typed is too long.");
    case "conflict":
      return problem(409, "That could not be done just now. Reload the page and try again.");
    case "forbidden":
      return problem(403, "Your account cannot do that.");
    case "staff_member":
      return problem(
        409,
        "You are on the newsroom’s staff, so this account cannot be deleted here. Ask an admin to remove you from the staff first.",
      );
  }
  if (result.status === 404) return problem(404, "That no longer exists.");
  if (result.status === 429) return tooManyAttempts(result.retryAfter);
  if (result.status >= 400 && result.status < 500) {
    return problem(400, "Check what you typed and try again.");
  }
  throw new AccountError("api_unavailable", `${result.status} ${result.code}`);
}

/**
 * The props with `screen` beside `view`: the discriminant was `screen` before every fragment
 * named it `view` (issue 12). Builds from before then may still be kept or rolled back to and
 * read `screen` (decision 0006); drop it once none of them is kept.
 */
function withLegacyDiscriminant(view: AccountView): AccountView & { screen: AccountView["view"] } {
  return { ...view, screen: view.view };
}
