import { z } from "zod/mini";

/**
 * The props each account screen renders with, one variant per screen. The Worker builds them,
 * both sides parse them with this schema. `zod/mini` because this module ships to the browser.
 */

export const AccountViewSchema = z.discriminatedUnion("screen", [
  z.object({
    screen: z.literal("login"),
    /** Where to go after logging in; only ever a checked same-origin path. */
    next: z.nullable(z.string()),
  }),
  z.object({ screen: z.literal("sign-up") }),
  z.object({ screen: z.literal("forgot-password") }),
  z.object({ screen: z.literal("reset-password") }),
  z.object({ screen: z.literal("profile"), displayName: z.string() }),
]);
export type AccountView = z.infer<typeof AccountViewSchema>;
export type AccountScreen = AccountView["screen"];

/** The fewest characters a new password may have (NIST SP 800-63B allows longer minimums). */
export const PASSWORD_MIN_LENGTH = 15;
