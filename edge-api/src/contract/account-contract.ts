import { z } from "zod";
import { MAX_EMAIL_LENGTH, normalizeEmail } from "../domain/email-address.ts";
import { ArticleCardSchema } from "./article-contract.ts";
import { InstantSchema } from "./contract-fields.ts";

/**
 * The account API (issue 4) as zod schemas: request bodies (the API validates with exactly
 * these, so unknown fields such as `role` or `emailVerified` are refused, SECURITY 22/23) and
 * answers (the client checks every one). Every caller passes the reader's address in
 * `cf-connecting-ip` and device in `user-agent` (and, on login, the device token in
 * `x-device-token`); authenticated calls send
 * `authorization: Bearer <access token>`.
 *
 * Errors: `{ error: { code, message, requestId } }`; codes: invalid_request 400,
 * weak_password 400 (with `reason`: too_short | too_long | common | site_name | repeated |
 * sequence | contains_email | contains_name | breached),
 * invalid_token 400, invalid_credentials 401, unauthorized 401, invalid_session 401,
 * forbidden 403, conflict 409, payload_too_large 413, rate_limited 429 (Retry-After).
 */

/** Claims the shell and fragments check on every access token. */
export const ACCESS_TOKEN_ISSUER = "daily-edge:edge-api";
export const ACCESS_TOKEN_AUDIENCE = "daily-edge:web";
export const ACCESS_TOKEN_ALGORITHM = "ES256";

// ---- Request bodies -------------------------------------------------------------------------

/** Trimmed and lower-cased before it is checked, stored or compared. */
export const EmailSchema = z
  .string()
  .max(MAX_EMAIL_LENGTH + 64)
  .transform(normalizeEmail)
  .pipe(z.email().max(MAX_EMAIL_LENGTH));

/** Any string: the password policy, not the schema, decides (so it can say why). */
export const PasswordSchema = z.string().min(1);

// Control, bidi-override and private-use characters would make names lie about themselves.
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u;

export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .refine((name) => !UNSAFE_NAME_CHARACTERS.test(name), "unsafe characters");

/** Refresh tokens and email-link tokens: checked for shape before anything is hashed. */
export const SecretTokenSchema = z.string().min(1).max(128);

// Whitespace, control characters and backslashes never belong in a path of this site.
const UNSAFE_PATH_CHARACTERS = /[\s\p{Cc}\\]/u;

/**
 * A path on this site to return to (`/...`, never `//...` or `/\...`), at most 2048 characters:
 * a sign-up's `next` (issue 15), which the emailed link hands back so the reader lands where
 * they started (an article they were saving, say).
 */
export const NextPathSchema = z
  .string()
  .max(2048)
  .refine(
    (path) => path.startsWith("/") && !path.startsWith("//") && !UNSAFE_PATH_CHARACTERS.test(path),
    "must be a path on this site",
  );

export const SignUpBodySchema = z.strictObject({
  email: EmailSchema,
  displayName: DisplayNameSchema,
  password: PasswordSchema,
  next: NextPathSchema.optional(),
});
export const LoginBodySchema = z.strictObject({
  // Not checked as an address: a malformed one fails like any wrong login (SECURITY 4).
  email: z.string().max(400).transform(normalizeEmail),
  password: PasswordSchema,
});
export const RefreshBodySchema = z.strictObject({ refreshToken: SecretTokenSchema });
export const TokenBodySchema = z.strictObject({ token: SecretTokenSchema });
export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });
export const ResetPasswordBodySchema = z.strictObject({
  token: SecretTokenSchema,
  password: PasswordSchema,
});
export const ProfileBodySchema = z.strictObject({ displayName: DisplayNameSchema });
export const ChangeEmailBodySchema = z.strictObject({
  newEmail: EmailSchema,
  currentPassword: PasswordSchema,
});
export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: PasswordSchema,
  newPassword: PasswordSchema,
});
export const DeleteAccountBodySchema = z.strictObject({ password: PasswordSchema });

// ---- Answers --------------------------------------------------------------------------------

/** Issued on sign-up, login and refresh; the shell turns it into `__Host-` cookies. */
export const TokenPairSchema = z.object({
  /** ES256 JWT, <= 15 minutes, with `kid`, `iss`, `aud`, `sub`, `sid` and `name`. */
  accessToken: z.string().min(1),
  accessExpiresIn: z.number().int().positive(),
  /** Opaque, >= 128 bits, stored hashed; rotated on every refresh. */
  refreshToken: z.string().min(1),
  refreshExpiresIn: z.number().int().positive(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const AccountViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AccountView = z.infer<typeof AccountViewSchema>;

export const SessionViewSchema = z.object({
  id: z.string(),
  /** A short description of the browser and system, e.g. "Chrome on Linux". */
  device: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

export const CheckEmailAnswerSchema = z.object({ status: z.literal("check-email") });

/**
 * Sign-up answers 202 `check-email` for every address (issue 14): nobody is signed in and
 * nothing says whether the address has an account. The emailed link finishes it
 * (`verifyEmail`), or the owner of an existing account is told someone tried.
 */
export const SignUpAnswerSchema = CheckEmailAnswerSchema;
export type SignUpAnswer = z.infer<typeof SignUpAnswerSchema>;

/**
 * `POST /api/auth/verify-email`: a sign-up's link creates the account and signs in (201, with
 * `tokens`); an older unverified account's link only verifies it (200, no tokens).
 */
export const VerifyEmailAnswerSchema = z.object({
  account: AccountViewSchema,
  tokens: TokenPairSchema.optional(),
  /** The sign-up's `next`, when it had one (issue 15); null otherwise. */
  next: NextPathSchema.nullable(),
});
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailAnswerSchema>;
export const ResetAnswerSchema = z.object({ status: z.literal("reset") });
export const SignedInAnswerSchema = z.object({
  tokens: TokenPairSchema,
  account: AccountViewSchema,
});
/**
 * The browser's device token (OWASP's device cookie, issue 14): the shell keeps it in the
 * `__Host-device` cookie for `expiresIn` seconds and sends it back as `x-device-token` when it
 * logs in. Failed logins without a token the account issued wait first.
 */
export const DEVICE_TOKEN_HEADER = "x-device-token";
export const DeviceTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  expiresIn: z.number().int().positive(),
});
export type DeviceToken = z.infer<typeof DeviceTokenSchema>;
/** A login's answer: the session, the account and the device token to keep. */
export const LoginAnswerSchema = SignedInAnswerSchema.extend({ device: DeviceTokenSchema });
export const TokensAnswerSchema = z.object({ tokens: TokenPairSchema });
export const AccountAnswerSchema = z.object({ account: AccountViewSchema });
export const SessionsAnswerSchema = z.object({ sessions: z.array(SessionViewSchema) });
export const SavedArticlesAnswerSchema = z.object({ articles: z.array(ArticleCardSchema) });
/** `GET /api/account/saved/:slug`: whether the signed-in reader saved this article (issue 15). */
export const SavedStateAnswerSchema = z.object({ saved: z.boolean() });
export type SavedStateAnswer = z.infer<typeof SavedStateAnswerSchema>;
/** A saved article with when it was saved (the export's list). */
export const SavedArticleSchema = z.object({ article: ArticleCardSchema, savedAt: InstantSchema });
export type SavedArticle = z.infer<typeof SavedArticleSchema>;

/**
 * `GET /api/account/export` (issue 15): what the API keeps about the account holder, for the
 * profile's "Download your data". Rate-limited (429 with Retry-After) and `no-store`.
 */
export const AccountExportAnswerSchema = z.object({
  exportedAt: InstantSchema,
  account: AccountViewSchema,
  sessions: z.array(SessionViewSchema),
  savedArticles: z.array(SavedArticleSchema),
});
export type AccountExportAnswer = z.infer<typeof AccountExportAnswerSchema>;

/** One key of `GET /api/auth/jwks`. */
export const PublicSigningKeySchema = z.object({
  kty: z.literal("EC"),
  crv: z.literal("P-256"),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.literal(ACCESS_TOKEN_ALGORITHM),
  use: z.literal("sig"),
});
export type PublicSigningKey = z.infer<typeof PublicSigningKeySchema>;
export const JwksAnswerSchema = z.object({ keys: z.array(PublicSigningKeySchema) });

export const WEAK_PASSWORD_REASONS = [
  "too_short",
  "too_long",
  "common",
  "site_name",
  "repeated",
  "sequence",
  "contains_email",
  "contains_name",
  "breached",
] as const;
export type WeakPasswordReason = (typeof WEAK_PASSWORD_REASONS)[number];

/** Development only: the mail outbox, newest first. */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMessageView = z.infer<typeof OutboxMessageSchema>;
export const OutboxAnswerSchema = z.object({ messages: z.array(OutboxMessageSchema) });
