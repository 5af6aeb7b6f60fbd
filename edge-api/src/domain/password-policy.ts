import { dictionary } from "@zxcvbn-ts/language-common";
import type { WeakPasswordReason } from "../contract/account-contract.ts";

/**
 * NIST SP 800-63B rules (SECURITY 1-2): length, a list of common passwords, the site's own
 * name, and (issue 14) passwords that are mostly one repeated character or a simple sequence,
 * or that contain the account's own email local part or display name; no composition rules.
 * Lengths count Unicode code points of the NFC form, which is what gets hashed (see
 * worker/auth/password-hashing.ts). The breached-password check needs the network, so it lives
 * in worker/auth/pwned-passwords.ts.
 */
export const MIN_PASSWORD_LENGTH = 15;
export const MAX_PASSWORD_LENGTH = 256;

export type PasswordProblem = WeakPasswordReason;

/** Who the password is for: a password must not contain their own address or name. */
export interface PasswordOwner {
  email: string;
  displayName: string;
}

let common: Set<string> | undefined;

/** zxcvbn-ts's list of common passwords (about 49,000), lower-cased; built on first use. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));
  return common;
}

const SITE_NAMES = ["dailyedge"];

/** Spaces and the usual separators, which add nothing to a guess of words or sequences. */
const squeeze = (value: string) => value.replace(/[\s\-_.]+/gu, "");

/** Shorter parts of an address or name match too many good passwords by chance. */
const MIN_PERSONAL_LENGTH = 3;

/**
 * The problem with a new password, or null when it is acceptable. `owner` is the account it is
 * for (sign-up, reset, change, invitation).
 */
export function checkPassword(password: string, owner?: PasswordOwner): PasswordProblem | null {
  // Cheap guard first: a huge string is refused before it is normalised or compared.
  if (password.length > MAX_PASSWORD_LENGTH * 2) return "too_long";
  const characters = [...password.normalize("NFC")];
  if (characters.length > MAX_PASSWORD_LENGTH) return "too_long";
  if (characters.length < MIN_PASSWORD_LENGTH) return "too_short";
  const lower = password.normalize("NFC").toLowerCase();
  const squeezed = squeeze(lower);
  if (isMostlyRepeated([...lower])) return "repeated";
  if (isMostlySequence([...squeezed])) return "sequence";
  if (SITE_NAMES.some((name) => squeezed.includes(name))) return "site_name";
  if (owner && containsPersonal(lower, localPart(owner.email))) return "contains_email";
  if (owner && containsPersonal(lower, owner.displayName)) return "contains_name";
  if (commonPasswords().has(lower) || commonPasswords().has(squeezed)) return "common";
  return null;
}

const localPart = (email: string) => email.slice(0, Math.max(0, email.lastIndexOf("@")));

/** Whether the password holds `personal` (any case, with or without separators). */
function containsPersonal(lowerPassword: string, personal: string): boolean {
  const lowerPersonal = personal.normalize("NFC").trim().toLowerCase();
  if ([...lowerPersonal].length < MIN_PERSONAL_LENGTH) return false;
  if (lowerPassword.includes(lowerPersonal)) return true;
  const squeezedPersonal = squeeze(lowerPersonal);
  return (
    [...squeezedPersonal].length >= MIN_PERSONAL_LENGTH &&
    squeeze(lowerPassword).includes(squeezedPersonal)
  );
}

/**
 * Half or more of it is one character ("15 spaces", "aaaaaaaaaaaaaab"), it uses fewer than
 * five different characters ("abababababababab"), or it is one short part said again and
 * again ("horsehorsehorse").
 */
function isMostlyRepeated(characters: string[]): boolean {
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  const most = Math.max(...counts.values());
  if (most * 2 >= characters.length || counts.size < 5) return true;
  return /^(.{1,50}?)\1+$/su.test(characters.join(""));
}

/**
 * Rows a person runs a finger along: the alphabet, digits (9 then 0 again), and the letter and
 * number rows of QWERTY, QWERTZ and AZERTY keyboards. Read in either direction.
 */
const SEQUENCES = [
  "abcdefghijklmnopqrstuvwxyz",
  "0123456789",
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "qwertzuiop",
  "yxcvbnm",
  "azertyuiop",
  "qsdfghjklm",
  "wxcvbn",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
];

/** Pairs of neighbours in any sequence, both ways ("ab" and "ba"); wrapping rows too. */
const NEIGHBOURS: ReadonlySet<string> = (() => {
  const pairs = new Set<string>();
  for (const row of SEQUENCES) {
    const cycle = `${row}${row[0] ?? ""}`;
    for (let index = 0; index + 1 < cycle.length; index += 1) {
      pairs.add(`${cycle[index]}${cycle[index + 1]}`);
      pairs.add(`${cycle[index + 1]}${cycle[index]}`);
    }
  }
  return pairs;
})();

/** Runs shorter than this are ordinary in words ("st", "de"). */
const MIN_RUN = 3;

/**
 * Half or more of its characters (separators removed) sit in runs of three or more neighbours
 * on one of the rows above: "123456789012345", "abcdefghijklmno", "qwertyuiopasdfg".
 */
function isMostlySequence(characters: string[]): boolean {
  let inRuns = 0;
  let run = 1;
  for (let index = 1; index <= characters.length; index += 1) {
    const pair = `${characters[index - 1] ?? ""}${characters[index] ?? ""}`;
    if (index < characters.length && NEIGHBOURS.has(pair)) {
      run += 1;
      continue;
    }
    if (run >= MIN_RUN) inRuns += run;
    run = 1;
  }
  return inRuns * 2 >= characters.length;
}

export const passwordProblemMessages: Record<PasswordProblem, string> = {
  too_short: `Use at least ${MIN_PASSWORD_LENGTH} characters; a few unrelated words work well.`,
  too_long: `Use at most ${MAX_PASSWORD_LENGTH} characters.`,
  common: "That password is one of the most common; choose another.",
  site_name: "Do not use the site's name in your password.",
  repeated: "That password repeats the same characters; a few unrelated words work well.",
  sequence:
    "That password is mostly a sequence such as 12345, abcde or a keyboard row; choose another.",
  contains_email: "Do not use your email address in your password.",
  contains_name: "Do not use your display name in your password.",
  breached:
    "That password has appeared in a data breach elsewhere, so attackers try it; choose another.",
};
