import { z } from "zod";
import { MAX_EMAIL_LENGTH, normalizeEmail } from "../../domain/email-address.ts";

/** Trimmed and lower-cased before it is checked, stored or compared. */
export const emailSchema = z
  .string()
  .max(MAX_EMAIL_LENGTH + 64)
  .transform(normalizeEmail)
  .pipe(z.email().max(MAX_EMAIL_LENGTH));

/** Any string: the password policy, not the schema, decides (so it can say why). */
export const passwordSchema = z.string().min(1);

// Control, bidi-override and private-use characters would make names lie about themselves.
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u;

export const displayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .refine((name) => !UNSAFE_NAME_CHARACTERS.test(name), "unsafe characters");

/** Refresh tokens and email-link tokens: checked for shape before anything is hashed. */
export const secretTokenSchema = z.string().min(1).max(128);
