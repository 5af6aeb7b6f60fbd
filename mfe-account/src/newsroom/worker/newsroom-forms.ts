import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../../ui/account-view.ts";
import { staffRoleNames } from "../ui/newsroom-view.ts";

/**
 * Schemas of the newsroom's forms. As in account-forms.ts, each field names the input it came
 * from so that a problem can point at it; `csrf` and unknown fields are ignored.
 */

const MAX_PASSWORD_LENGTH = 4096;
const withoutSpaces = (text: string) => text.replace(/\s+/g, "");

/** The six digits an authenticator app shows (spaces typed between groups are dropped). */
const totpCode = z
  .string({ error: "Enter the 6-digit code from your authenticator app." })
  .max(64, "Enter the 6-digit code from your authenticator app.")
  .transform(withoutSpaces)
  .pipe(
    z
      .string()
      .min(1, "Enter the 6-digit code from your authenticator app.")
      .regex(/^\d{6}$/, "The code is the 6 digits your authenticator app shows."),
  );

/** A recovery code as it was printed (`xxxx-xxxx-xxxx`); the API decides whether it is good. */
const recoveryCode = z
  .string({ error: "Enter one of your recovery codes." })
  .max(64, "That is not one of your recovery codes.")
  .transform(withoutSpaces)
  .pipe(
    z
      .string()
      .min(1, "Enter one of your recovery codes.")
      .regex(/^[A-Za-z0-9-]{6,40}$/, "That is not one of your recovery codes."),
  );

const next = z.string().optional();

export const SignInFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start-enrolment"), next }),
  z.object({ intent: z.literal("confirm-enrolment"), code: totpCode, next }),
  z.object({ intent: z.literal("verify"), code: totpCode, next }),
  z.object({ intent: z.literal("recovery"), recoveryCode, next }),
]);
export type SignInForm = z.infer<typeof SignInFormSchema>;

const email = z
  .string({ error: "Enter an email address." })
  .trim()
  .min(1, "Enter an email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Enter an email address like name@example.com."));

const displayName = z
  .string({ error: "Enter a name." })
  .trim()
  .min(1, "Enter a name.")
  .max(80, "Use at most 80 characters.");

const role = z.enum(staffRoleNames, { error: "Choose a role." });
const id = z.string().min(1).max(200);

export const StaffFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email, displayName, role }),
  z.object({ intent: z.literal("change-role"), id, role }),
  z.object({ intent: z.literal("remove"), id }),
  z.object({ intent: z.literal("revoke-invite"), id }),
]);
export type StaffForm = z.infer<typeof StaffFormSchema>;

export const SecurityFormSchema = z.object({ intent: z.literal("new-recovery-codes") });

const token = z.string().min(1).max(128);

/** A new account chooses its password (the site's rules); an existing one proves itself. */
export const JoinNewAccountFormSchema = z.object({
  token,
  displayName,
  password: z
    .string({ error: "Enter a password." })
    .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, {
      message: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    })
    .refine((value) => value.length <= MAX_PASSWORD_LENGTH, {
      message: "That password is too long.",
    }),
});
export const JoinExistingAccountFormSchema = z.object({
  token,
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(MAX_PASSWORD_LENGTH, "That password is too long."),
});
