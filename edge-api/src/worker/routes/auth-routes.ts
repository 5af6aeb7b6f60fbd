import { Hono } from "hono";
import { findUserById, updateUser } from "../../db/account-queries.ts";
import { toAccountView } from "../../domain/account-shaping.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { publishedKeysOf } from "../auth/access-tokens.ts";
import {
  LoginBodySchema,
  RefreshBodySchema,
  SignUpBodySchema,
  TokenBodySchema,
} from "../../contract/account-contract.ts";
import { afterAnswer } from "../after-answer.ts";
import { clientAddress, clientDevice } from "../auth/client-info.ts";
import { checkLogin, requireAcceptablePassword } from "../auth/credentials.ts";
import { rememberLoginDevice } from "../auth/known-devices.ts";
import { consumeEmailLink, issueEmailLink } from "../auth/email-links.ts";
import { hashPassword } from "../auth/password-hashing.ts";
import {
  chargeAttempt,
  refundAttempt,
  SIGN_UP_PER_ADDRESS,
  SIGN_UP_PER_EMAIL,
} from "../auth/rate-limits.ts";
import { requireAccount } from "../auth/require-account.ts";
import { endSessionOf, rotateSession, startSession } from "../auth/sessions.ts";
import { finishSignUp, startSignUp } from "../auth/sign-up.ts";
import { verifyEmailMessage } from "../mail/account-emails.ts";
import { deliverEmail } from "../mail/deliver-email.ts";
import { validate } from "../request-validation.ts";

/** Signing up, in and out, refreshing, the JWKS and verifying an address. */
export const authRoutes = new Hono<AppEnv>()
  .post("/sign-up", validate("json", SignUpBodySchema), async (c) => {
    // One answer for every address (issue 14, item 2): 202 "check your email", no tokens.
    const { email, displayName, password, next } = c.req.valid("json");
    const { db, config, now } = c.var;
    const perEmail = { limit: SIGN_UP_PER_EMAIL, subject: email };
    const perAddress = { limit: SIGN_UP_PER_ADDRESS, subject: clientAddress(c) };
    // Counted first, so no one can make this Worker ask Have I Been Pwned without limit.
    await chargeAttempt(db, [perEmail, perAddress], now);
    try {
      await requireAcceptablePassword(c, password, { email, displayName });
    } catch (error) {
      // A refused password is the reader's to fix; it does not use up the email's sign-ups.
      await refundAttempt(db, perEmail);
      throw error;
    }
    // Hashed for every address (a new one keeps it), so both cost the same before the answer;
    // the rest, which differs, happens after it.
    const passwordHash = await hashPassword(password, config.passwordHashCost);
    await afterAnswer(c, "sign_up_failed", () =>
      startSignUp(c, { email, displayName, passwordHash, next: next ?? null }),
    );
    return c.json({ status: "check-email" as const }, 202);
  })
  .post("/login", validate("json", LoginBodySchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const { user, device: known } = await checkLogin(c, email, password);
    const { db, config, now } = c.var;
    const device = await rememberLoginDevice(db, user.id, known, now);
    const tokens = await startSession(db, config, user, clientDevice(c), now);
    return c.json({ tokens, account: toAccountView(user), device }, 200);
  })
  .post("/refresh", validate("json", RefreshBodySchema), async (c) => {
    const { db, config, now } = c.var;
    const { refreshToken } = c.req.valid("json");
    const tokens = await rotateSession(db, config, refreshToken, now, (id) => findUserById(db, id));
    return c.json({ tokens }, 200);
  })
  .post("/logout", validate("json", RefreshBodySchema), async (c) => {
    await endSessionOf(c.var.db, c.req.valid("json").refreshToken, c.var.now);
    return c.body(null, 204);
  })
  .get("/jwks", (c) => {
    // The next key too, during a rotation, so caches know it before tokens carry it.
    const keys = publishedKeysOf(c.var.config.signingKeys());
    c.header("cache-control", "public, max-age=300");
    return c.json({ keys }, 200);
  })
  .post("/verify-email", validate("json", TokenBodySchema), async (c) => {
    const { db, now } = c.var;
    const { token } = c.req.valid("json");
    // A sign-up's link creates the account and signs in, handing back where the reader
    // started (issue 15); an older account's just verifies, with nowhere to return to.
    const signedUp = await finishSignUp(c, token);
    if (signedUp) {
      const { user, tokens, next } = signedUp;
      return c.json({ account: toAccountView(user), tokens, next }, 201);
    }
    const row = await consumeEmailLink(db, "verify", token, now);
    const user = await updateUser(db, row.userId, { emailVerified: true });
    if (!user) throw new ApiError("invalid_token");
    return c.json({ account: toAccountView(user), next: null }, 200);
  })
  .post("/resend-verification", requireAccount, async (c) => {
    const { db, config, now, viewer } = c.var;
    const user = await findUserById(db, viewer.accountId);
    if (user && !user.emailVerified) {
      const link = await issueEmailLink(db, config.PUBLIC_ORIGIN, "verify", user.id, now);
      await deliverEmail(c, verifyEmailMessage(config.site, user.email, link));
    }
    return c.json({ status: "check-email" as const }, 202);
  });
