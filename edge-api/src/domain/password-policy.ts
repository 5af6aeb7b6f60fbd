import { dictionary } from "@zxcvbn-ts/language-common";
import type { WeakPasswordReason } from "../contract/account-contract.ts";

/**
 * NIST SP 800-63B rules (SECURITY 1-2): length, a list of common passwords and the site's
 * own name; no composition rules. Lengths count Unicode code points of the NFC form, which
 * is what gets hashed (see worker/auth/password-hashing.ts).
 */
export const MIN_PASSWORD_LENGTH = 15;
export const MAX_PASSWORD_LENGTH = 256;

export type PasswordProblem = WeakPasswordReason;

let common: Set<string> | undefined;

/** zxcvbn-ts's list of common passwords (about 49,000), lower-cased; built on first use. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));
  return common;
}

const SITE_NAMES = ["dailyedge"];

export function checkPassword(password: string): PasswordProblem | null {
  // Cheap guard first: a huge string is refused before it is normalised or compared.
  if (password.length > MAX_PASSWORD_LENGTH * 2) return "too_long";
  const length = [...password.normalize("NFC")].length;
  if (length > MAX_PASSWORD_LENGTH) return "too_long";
  if (length < MIN_PASSWORD_LENGTH) return "too_short";
  const lower = password.toLowerCase();
  const squeezed = lower.replace(/[\s\-_.]+/gu, "");
  if (SITE_NAMES.some((name) => squeezed.includes(name))) return "site_name";
  if (commonPasswords().has(lower) || commonPasswords().has(squeezed)) return "common";
  return null;
}

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  too_short: `Use at least ${MIN_PASSWORD_LENGTH} characters; a few unrelated words work well.`,
  too_long: `Use at most ${MAX_PASSWORD_LENGTH} characters.`,
  common: "That password is one of the most common; choose another.",
  site_name: "Do not use the site's name in your password.",
};
