import { z } from "zod";
import { PASSWORD_MIN_LENGTH, profileIntents, type Problem } from "../ui/account-view.ts";

/**
 * Schemas of the submitted forms. Each field names the input it came from, so a problem can
 * point at it. Fields the shell adds (`csrf`) and unknown ones are ignored, never used.
 */

const MAX_PASSWORD_LENGTH = 4096;
const characters = (text: string) => [...text].length;

const email = z
  .string({ error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Enter an email address like name@example.com."));

/** Checked exactly as typed: no trimming, any characters. */
const currentPassword = z
  .string({ error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(MAX_PASSWORD_LENGTH, "That password is too long.");

const newPassword = z
  .string({ error: "Enter a password." })
  .refine((value) => characters(value) >= PASSWORD_MIN_LENGTH, {
    message: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  })
  .refine((value) => value.length <= MAX_PASSWORD_LENGTH, {
    message: "That password is too long.",
  });

const displayName = z
  .string({ error: "Enter a display name." })
  .trim()
  .min(1, "Enter a display name.")
  .max(80, "Use at most 80 characters.");

const token = z.string().min(1).max(128);

export const LoginFormSchema = z.object({ email, password: currentPassword });
export const SignUpFormSchema = z.object({ email, displayName, password: newPassword });
export const ForgotPasswordFormSchema = z.object({ email });
export const ResetPasswordFormSchema = z.object({ token, password: newPassword });
export const EmailTokenFormSchema = z.object({ token });

/** Longest article slug a form or a `?save=` link may name (the API's own limit is lower). */
export const MAX_ARTICLE_SLUG = 200;
const articleSlug = z.string().min(1).max(MAX_ARTICLE_SLUG);

export const ProfileFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update-name"), displayName }),
  z.object({ intent: z.literal("change-email"), newEmail: email, currentPassword }),
  z.object({ intent: z.literal("change-password"), currentPassword, newPassword }),
  z.object({ intent: z.literal("resend-verification") }),
  z.object({ intent: z.literal("end-session"), sessionId: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("end-all-sessions") }),
  z.object({ intent: z.literal("delete-account"), password: currentPassword }),
]);
export type ProfileForm = z.infer<typeof ProfileFormSchema>;

/**
 * Saving an article and removing it again: from the article's page (no form token, decision
 * 0018; `next` is the article's path), the page that asks to save, and the profile's list.
 */
export const saveIntents = ["save-article", "remove-saved"] as const;
export const SaveFormSchema = z.object({
  intent: z.enum(saveIntents),
  slug: articleSlug,
  next: z.string().optional(),
});
export const ProfileIntentSchema = z.enum(profileIntents);

/** A form that did not parse, as problems pointing at the inputs (`fieldIds`: name → id). */
export function formProblems(error: z.ZodError, fieldIds: Record<string, string>): Problem[] {
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (seen.has(field)) continue;
    seen.add(field);
    const fieldId = fieldIds[field] ?? null;
    problems.push({
      fieldId,
      message: fieldId ? issue.message : "Something was missing from that form. Please try again.",
    });
  }
  return problems;
}
