import { Hono } from "hono";
import { findUserByEmail, findUserById, updateUser } from "../../db/account-queries.ts";
import { revokeSessionsOfUser } from "../../db/session-queries.ts";
import { toAccountView } from "../../domain/account-shaping.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import {
  ForgotPasswordBodySchema,
  ResetPasswordBodySchema,
  TokenBodySchema,
} from "../../contract/account-contract.ts";
import { afterAnswer } from "../after-answer.ts";
import { clientAddress } from "../auth/client-info.ts";
import { requireAcceptablePassword } from "../auth/credentials.ts";
import { consumeEmailLink, issueEmailLink, peekEmailLink } from "../auth/email-links.ts";
import { hashPassword } from "../auth/password-hashing.ts";
import {
  chargeAttempt,
  clearLoginLimits,
  FORGOT_PER_ADDRESS,
  FORGOT_PER_EMAIL,
} from "../auth/rate-limits.ts";
import {
  addresseeName,
  passwordChangedMessage,
  passwordResetMessage,
} from "../mail/account-emails.ts";
import { deliverEmail } from "../mail/deliver-email.ts";
import { validate } from "../request-validation.ts";

/** Forgotten passwords (SECURITY 6-8) and confirming a new email address. */
export const recoveryRoutes = new Hono<AppEnv>()
  .post("/forgot-password", validate("json", ForgotPasswordBodySchema), async (c) => {
    const { email } = c.req.valid("json");
    const { db, config, now } = c.var;
    // Its own counters: asking for a reset never counts against logging in.
    await chargeAttempt(
      db,
      [
        { limit: FORGOT_PER_EMAIL, subject: email },
        { limit: FORGOT_PER_ADDRESS, subject: clientAddress(c) },
      ],
      now,
    );
    // Looked up, written and mailed after the answer, so a known address takes no longer
    // than an unknown one (issue 14).
    await afterAnswer(c, "forgot_password_failed", async () => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const link = await issueEmailLink(db, config.PUBLIC_ORIGIN, "reset", user.id, now);
      const message = passwordResetMessage(config.site, user.email, addresseeName(user), link);
      await deliverEmail(c, message);
    });
    return c.json({ status: "check-email" as const }, 202);
  })
  .post("/reset-password", validate("json", ResetPasswordBodySchema), async (c) => {
    const { token, password } = c.req.valid("json");
    const { db, config, now } = c.var;
    // Checked before the token is used, so a refused password leaves the link working.
    const owner = await findUserById(db, (await peekEmailLink(db, "reset", token, now)).userId);
    if (!owner) throw new ApiError("invalid_token");
    await requireAcceptablePassword(c, password, owner);
    const row = await consumeEmailLink(db, "reset", token, now);
    const passwordHash = await hashPassword(password, config.passwordHashCost);
    // The link proved the address; the reset does not sign anyone in.
    const user = await updateUser(db, row.userId, { passwordHash, emailVerified: true });
    if (!user) throw new ApiError("invalid_token");
    await revokeSessionsOfUser(db, user.id, now);
    await clearLoginLimits(db, user.email);
    await deliverEmail(
      c,
      passwordChangedMessage(config.site, user.email, addresseeName(user), "reset"),
    );
    return c.json({ status: "reset" as const }, 200);
  })
  .post("/confirm-email", validate("json", TokenBodySchema), async (c) => {
    const { db, now } = c.var;
    const row = await consumeEmailLink(db, "change-email", c.req.valid("json").token, now);
    if (!row.newEmail) throw new ApiError("invalid_token");
    if (await findUserByEmail(db, row.newEmail)) throw new ApiError("conflict");
    const user = await updateUser(db, row.userId, { email: row.newEmail, emailVerified: true });
    if (!user) throw new ApiError("invalid_token");
    return c.json({ account: toAccountView(user) }, 200);
  });
