import { z } from "zod/mini";

/**
 * The props each account screen renders with, one variant per screen. The Worker builds them,
 * both sides parse them with this schema. `zod/mini` because this module ships to the browser.
 * Passwords are never part of a view: a form that failed comes back without them.
 */

/** One problem with a submitted form; `fieldId` is the id of the input it is about. */
const ProblemSchema = z.object({ message: z.string(), fieldId: z.nullable(z.string()) });
export type Problem = z.infer<typeof ProblemSchema>;

/**
 * The publication as the screens name it, from the Worker's configuration (`PUBLICATION_NAME`).
 * In every screen's props, so the browser hydrates with the same text the server wrote.
 */
const publication = z.object({ name: z.string() });
export type PublicationView = z.infer<typeof publication>;

const csrf = z.string();
const problems = z.array(ProblemSchema);

export const profileIntents = [
  "update-name",
  "change-email",
  "change-password",
  "resend-verification",
  "end-session",
  "end-all-sessions",
  "remove-saved",
  "delete-account",
  "save-article",
] as const;
export type ProfileIntent = (typeof profileIntents)[number];
/** The profile's "Download your data" form (issue 15): answered with a file, never a `done`. */
export const DOWNLOAD_DATA_INTENT = "download-data";
/** Every `intent` a profile form sends. */
export type ProfileFormIntent = ProfileIntent | typeof DOWNLOAD_DATA_INTENT;

const ProfileSchema = z.object({
  view: z.literal("profile"),
  publication,
  csrf,
  /** The intent that just succeeded (`?done=`), for the status message. */
  done: z.nullable(z.enum(profileIntents)),
  problems,
  account: z.object({ email: z.string(), displayName: z.string(), emailVerified: z.boolean() }),
  sessions: z.array(
    z.object({ id: z.string(), device: z.string(), lastUsed: z.string(), current: z.boolean() }),
  ),
  saved: z.array(z.object({ slug: z.string(), href: z.string(), headline: z.string() })),
  /** What the account holder typed into a form that failed (never a password). */
  values: z.object({ displayName: z.optional(z.string()), newEmail: z.optional(z.string()) }),
});

/** The screens opened from an emailed link: reset password, verify and confirm email. */
const EmailedLinkSchema = z.object({
  publication,
  csrf,
  state: z.enum(["form", "done", "invalid", "missing"]),
  /** The token of the emailed link, only ever in a hidden field; never in the address bar. */
  token: z.string(),
  problems,
});
export type EmailedLinkView = z.infer<typeof EmailedLinkSchema>;

export const AccountViewSchema = z.discriminatedUnion("view", [
  z.object({
    view: z.literal("login"),
    publication,
    csrf,
    /** Where to go after logging in; only ever a checked same-origin path. */
    next: z.nullable(z.string()),
    email: z.string(),
    problems,
  }),
  z.object({
    view: z.literal("sign-up"),
    publication,
    csrf,
    state: z.enum(["form", "sent"]),
    email: z.string(),
    displayName: z.string(),
    /** Where to go once the emailed link is followed (issue 15); a checked same-origin path. */
    next: z.nullable(z.string()),
    problems,
  }),
  z.object({
    view: z.literal("forgot-password"),
    publication,
    csrf,
    state: z.enum(["form", "sent"]),
    email: z.string(),
    problems,
  }),
  z.object({ view: z.literal("reset-password"), ...EmailedLinkSchema.shape }),
  z.object({ view: z.literal("verify-email"), ...EmailedLinkSchema.shape }),
  z.object({ view: z.literal("confirm-email"), ...EmailedLinkSchema.shape }),
  z.object({
    /**
     * A logged-in reader who opened log in, sign up or forgotten password (issue 15): told so
     * instead of the form. `asked` is the screen's own route, for its address and head.
     */
    view: z.literal("logged-in"),
    publication,
    csrf,
    asked: z.enum(["login", "sign-up", "forgot-password"]),
    displayName: z.string(),
  }),
  z.object({
    view: z.literal("logout"),
    publication,
    csrf,
    state: z.enum(["confirm", "anonymous", "deleted"]),
    problems,
  }),
  ProfileSchema,
  z.object({
    view: z.literal("save-article"),
    publication,
    csrf,
    slug: z.string(),
    headline: z.string(),
    /** The article's own page, for "Cancel". */
    articlePath: z.string(),
    problems,
  }),
]);
export type AccountView = z.infer<typeof AccountViewSchema>;
export type AccountScreen = AccountView["view"];
export type ProfileView = z.infer<typeof ProfileSchema>;

/** The fewest characters a new password may have (NIST SP 800-63B allows longer minimums). */
export const PASSWORD_MIN_LENGTH = 15;

export const PASSWORD_HINT = `Use at least ${PASSWORD_MIN_LENGTH} characters. Spaces are fine; common passwords and the name of this site are refused.`;

/**
 * What the display name is for: the account link in the masthead and the greeting of our
 * emails (once the address is confirmed). Readers cannot post, so no other reader sees it; staff
 * colleagues do, in the newsroom.
 */
export const DISPLAY_NAME_HINT =
  "Shown at the top of each page while you are logged in, and used to greet you in our emails. Other readers never see it.";
