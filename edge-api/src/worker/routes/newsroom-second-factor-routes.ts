import { Hono, type Context } from "hono";
import {
  type SecondFactorState,
  SecondFactorCodeBodySchema,
} from "../../contract/newsroom-contract.ts";
import { findUserById } from "../../db/account-queries.ts";
import type { UserRow } from "../../db/account-schema.ts";
import { auditInsert } from "../../db/audit-queries.ts";
import {
  claimTotpStep,
  confirmPendingSecret,
  findSecondFactor,
  keepPendingSecret,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  startNewsroomSession,
  useRecoveryCode,
} from "../../db/second-factor-queries.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { clearLimit, chargeAttempt, type RateLimit } from "../auth/rate-limits.ts";
import { hashRecoveryCode, newRecoveryCodes, recoveryCodeOf } from "../auth/recovery-codes.ts";
import { requireAccount } from "../auth/require-account.ts";
import { requireStaff } from "../auth/require-staff.ts";
import { openTotpSecret, sealTotpSecret } from "../auth/second-factor-secrets.ts";
import { reissueSession } from "../auth/sessions.ts";
import { matchTotpStep, newTotpSecret, totpUri } from "../auth/totp.ts";
import { validate } from "../request-validation.ts";

/** Wrong codes are counted per account: 5 in 15 minutes, then 429 with Retry-After. */
export const SECOND_FACTOR_PER_ACCOUNT: RateLimit = {
  name: "second-factor:account",
  limit: 5,
  windowMs: 15 * 60_000,
};

const staffOnAnyFactor = [requireAccount, requireStaff({ secondFactor: "any" })] as const;

async function accountOf(c: Context<AppEnv>): Promise<UserRow> {
  const user = await findUserById(c.var.db, c.var.staff.accountId);
  if (!user) throw new ApiError("unauthorized");
  return user;
}

/**
 * Counted before the code is looked at, so parallel guesses cannot slip past the limit;
 * the returned function clears the count once a code passed.
 */
async function chargeCodeAttempt(c: Context<AppEnv>): Promise<() => Promise<void>> {
  const charge = { limit: SECOND_FACTOR_PER_ACCOUNT, subject: c.var.staff.accountId };
  await chargeAttempt(c.var.db, [charge], c.var.now);
  return () => clearLimit(c.var.db, charge);
}

/** The TOTP secret of a confirmed (or pending) second factor, opened with the Worker secret. */
async function openSecret(c: Context<AppEnv>, sealed: string): Promise<string> {
  const secret = await openTotpSecret(
    c.var.config.secondFactorKey(),
    c.var.staff.accountId,
    sealed,
  );
  // Sealed with another key (rotated without re-enrolment): the person must enrol again.
  if (secret === null) throw new ApiError("conflict", "Set up your authenticator app again.");
  return secret;
}

/**
 * The second factor (SECURITY 9): TOTP enrolment with recovery codes, and passing it, which
 * starts a newsroom session for this browser session and reissues its tokens (the new access
 * token carries `nsv` for the shell's door). Reachable without a newsroom session
 * (`secondFactor: "any"`), except renewing recovery codes.
 */
export const newsroomSecondFactorRoutes = new Hono<AppEnv>()
  .get("/second-factor", ...staffOnAnyFactor, async (c) => {
    const { db, staff } = c.var;
    const factor = await findSecondFactor(db, staff.accountId);
    const state: SecondFactorState = {
      role: staff.role,
      enrolled: factor?.confirmedAt != null,
      verified: staff.newsroomVerified,
      recoveryCodesLeft: await recoveryCodesLeft(db, staff.accountId),
    };
    return c.json(state, 200);
  })
  .post("/second-factor/enrolment", ...staffOnAnyFactor, async (c) => {
    const { db, config, now, staff } = c.var;
    const user = await accountOf(c);
    const secret = newTotpSecret();
    const sealed = await sealTotpSecret(config.secondFactorKey(), staff.accountId, secret);
    if (!(await keepPendingSecret(db, staff.accountId, sealed, now))) {
      throw new ApiError("conflict", "Your authenticator app is already set up.");
    }
    return c.json(
      { secret, otpauthUri: totpUri(secret, config.PUBLICATION_NAME, user.email) },
      200,
    );
  })
  .post(
    "/second-factor/enrolment/confirm",
    ...staffOnAnyFactor,
    validate("json", SecondFactorCodeBodySchema),
    async (c) => {
      const { db, config, now, staff } = c.var;
      const { code } = c.req.valid("json");
      const settle = await chargeCodeAttempt(c);
      const factor = await findSecondFactor(db, staff.accountId);
      if (!factor) throw new ApiError("conflict", "Start setting up your authenticator app first.");
      if (factor.confirmedAt)
        throw new ApiError("conflict", "Your authenticator app is already set up.");
      const step = matchTotpStep(await openSecret(c, factor.secret), code, now);
      if (
        step === null ||
        !(await confirmPendingSecret(db, staff.accountId, factor.secret, step, now))
      ) {
        throw new ApiError("invalid_code");
      }
      const user = await accountOf(c);
      const recoveryCodes = newRecoveryCodes();
      const hashes = await Promise.all(recoveryCodes.map(hashRecoveryCode));
      // The codes, the newsroom session and the audit entry: all or nothing (SECURITY 26).
      await db.batch([
        ...replaceRecoveryCodes(db, staff.accountId, hashes, now),
        startNewsroomSession(db, staff.accountId, staff.sessionId, now),
        auditInsert(db, {
          at: now,
          actorId: staff.accountId,
          action: "staff.second-factor",
          subject: user.email,
          detail: { secondFactor: ["none", "authenticator app"] },
        }),
      ]);
      await settle();
      const tokens = await reissueSession(db, config, user, staff.sessionId, now);
      return c.json({ tokens, recoveryCodes }, 200);
    },
  )
  .post(
    "/second-factor/verify",
    ...staffOnAnyFactor,
    validate("json", SecondFactorCodeBodySchema),
    async (c) => {
      const { db, config, now, staff } = c.var;
      const { code } = c.req.valid("json");
      const settle = await chargeCodeAttempt(c);
      const factor = await findSecondFactor(db, staff.accountId);
      if (!factor?.confirmedAt) {
        throw new ApiError("conflict", "Set up your authenticator app first.");
      }
      let usedRecoveryCode = false;
      if (/^\d{6}$/.test(code)) {
        const step = matchTotpStep(await openSecret(c, factor.secret), code, now);
        if (step === null || !(await claimTotpStep(db, staff.accountId, step))) {
          throw new ApiError("invalid_code");
        }
      } else {
        const recovery = recoveryCodeOf(code);
        const hash = recovery === null ? null : await hashRecoveryCode(recovery);
        if (hash === null || !(await useRecoveryCode(db, staff.accountId, hash, now))) {
          throw new ApiError("invalid_code");
        }
        usedRecoveryCode = true;
      }
      await startNewsroomSession(db, staff.accountId, staff.sessionId, now);
      await settle();
      const tokens = await reissueSession(db, config, await accountOf(c), staff.sessionId, now);
      const left = await recoveryCodesLeft(db, staff.accountId);
      return c.json({ tokens, recoveryCodesLeft: left, usedRecoveryCode }, 200);
    },
  )
  .post("/second-factor/recovery-codes", requireAccount, requireStaff(), async (c) => {
    const { db, now, staff } = c.var;
    const factor = await findSecondFactor(db, staff.accountId);
    if (!factor?.confirmedAt)
      throw new ApiError("conflict", "Set up your authenticator app first.");
    const recoveryCodes = newRecoveryCodes();
    const hashes = await Promise.all(recoveryCodes.map(hashRecoveryCode));
    await db.batch([
      ...replaceRecoveryCodes(db, staff.accountId, hashes, now),
      auditInsert(db, {
        at: now,
        actorId: staff.accountId,
        action: "staff.second-factor",
        subject: (await accountOf(c)).email,
        detail: { recoveryCodes: "renewed" },
      }),
    ]);
    return c.json({ recoveryCodes }, 200);
  });
