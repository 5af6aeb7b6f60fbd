import { Hono, type Context } from "hono";
import { TokenBodySchema } from "../../contract/account-contract.ts";
import { AcceptInviteBodySchema } from "../../contract/newsroom-contract.ts";
import { findUserByEmail, findUserById } from "../../db/account-queries.ts";
import { acceptInvite, findUsableInvite, type InviteRow } from "../../db/invite-queries.ts";
import { isStaff } from "../../db/staff-write-queries.ts";
import { toAccountView } from "../../domain/account-shaping.ts";
import { ApiError } from "../api-errors.ts";
import type { AppEnv } from "../app-env.ts";
import { clientAddress, clientDevice } from "../auth/client-info.ts";
import { checkCredentials, requireAcceptablePassword } from "../auth/credentials.ts";
import { hashPassword } from "../auth/password-hashing.ts";
import { chargeAttempt, LOGIN_PER_ADDRESS } from "../auth/rate-limits.ts";
import { hashSecretToken, SECRET_TOKEN_PATTERN } from "../auth/secret-tokens.ts";
import { startSession } from "../auth/sessions.ts";
import { validate } from "../request-validation.ts";

/** The invitation a token opens, or 400 `invalid_token` (unknown, used, revoked, expired). */
async function usableInvite(c: Context<AppEnv>, token: string): Promise<InviteRow> {
  if (!SECRET_TOKEN_PATTERN.test(token)) throw new ApiError("invalid_token");
  const invite = await findUsableInvite(c.var.db, await hashSecretToken(token), c.var.now);
  if (!invite) throw new ApiError("invalid_token");
  return invite;
}

/**
 * Joining the staff from an emailed invitation (anonymous: the token is the credential).
 * A new address gets an account (already verified: the invitation proved the address); an
 * existing account proves itself with its password, counted like a login (SECURITY 5).
 */
export const newsroomInvitationRoutes = new Hono<AppEnv>()
  .post("/invitation", validate("json", TokenBodySchema), async (c) => {
    const invite = await usableInvite(c, c.req.valid("json").token);
    const account = await findUserByEmail(c.var.db, invite.email);
    return c.json(
      {
        email: invite.email,
        displayName: invite.displayName,
        role: invite.role,
        accountExists: account !== undefined,
        expiresAt: invite.expiresAt.toISOString(),
      },
      200,
    );
  })
  .post("/invitation/accept", validate("json", AcceptInviteBodySchema), async (c) => {
    const { db, config, now } = c.var;
    const { token, displayName, password } = c.req.valid("json");
    // Unusable signing key: 503 before the invitation is spent, so it still works once fixed.
    config.signingKeys();
    const invite = await usableInvite(c, token);
    const existing = await findUserByEmail(db, invite.email);
    let userId: string;
    let newAccount: { email: string; displayName: string; passwordHash: string } | null = null;
    if (existing) {
      const user = await checkCredentials(c, invite.email, password);
      if (await isStaff(db, user.id)) {
        throw new ApiError("conflict", "This account is already on the staff.");
      }
      userId = user.id;
    } else {
      await requireAcceptablePassword(c, password, {
        email: invite.email,
        displayName: displayName ?? invite.displayName,
      });
      const address = { limit: LOGIN_PER_ADDRESS, subject: clientAddress(c) };
      await chargeAttempt(db, [address], now);
      const passwordHash = await hashPassword(password, config.passwordHashCost);
      userId = crypto.randomUUID();
      newAccount = {
        email: invite.email,
        displayName: displayName ?? invite.displayName,
        passwordHash,
      };
    }
    if (!(await acceptInvite(db, { invite, userId, newAccount, now }))) {
      // Used or revoked meanwhile, or the address got an account meanwhile: nothing changed.
      await usableInvite(c, token);
      throw new ApiError("conflict", "An account with this address now exists; sign in with it.");
    }
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError("invalid_token");
    const tokens = await startSession(db, config, user, clientDevice(c), now);
    return c.json({ tokens, account: toAccountView(user) }, 200);
  });
