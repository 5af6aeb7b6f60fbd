import type { Database } from "../../db/database.ts";
import type { UserRow } from "../../db/account-schema.ts";
import {
  findSessionByRefreshHash,
  insertSession,
  isFamilyRevoked,
  findFamilyGeneration,
  markRotated,
  revokeFamily,
  rotateFamily,
} from "../../db/session-queries.ts";
import { newsroomStanding } from "../../db/staff-queries.ts";
import type { TokenPair } from "../../contract/account-contract.ts";
import { ApiError } from "../api-errors.ts";
import type { WorkerConfig } from "../worker-config.ts";
import { ACCESS_TOKEN_SECONDS, issueAccessToken } from "./access-tokens.ts";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "./secret-tokens.ts";

export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

interface Generation {
  familyId: string;
  createdAt: Date;
  device: string;
}

async function issueGeneration(
  db: Database,
  config: WorkerConfig,
  user: Pick<UserRow, "id" | "displayName">,
  generation: Generation,
  now: Date,
): Promise<TokenPair> {
  // Read before anything is written: unusable keys (503) leave no half-made session behind.
  const signingKey = config.signingKeys().current;
  const refreshToken = newSecretToken();
  await insertSession(db, {
    id: crypto.randomUUID(),
    userId: user.id,
    familyId: generation.familyId,
    refreshTokenHash: await hashSecretToken(refreshToken),
    createdAt: generation.createdAt,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
    revokedAt: null,
    rotatedAt: null,
    device: generation.device,
  });
  const standing = await newsroomStanding(db, user.id, generation.familyId, now);
  const accessToken = await issueAccessToken(
    signingKey,
    {
      accountId: user.id,
      sessionId: generation.familyId,
      displayName: user.displayName,
      ...standing,
    },
    now,
  );
  return {
    accessToken,
    accessExpiresIn: ACCESS_TOKEN_SECONDS,
    refreshToken,
    refreshExpiresIn: REFRESH_TOKEN_SECONDS,
  };
}

/** A new session (refresh-token family) for a login or sign-up. */
export function startSession(
  db: Database,
  config: WorkerConfig,
  user: Pick<UserRow, "id" | "displayName">,
  device: string,
  now: Date,
): Promise<TokenPair> {
  const generation = { familyId: crypto.randomUUID(), createdAt: now, device };
  return issueGeneration(db, config, user, generation, now);
}

/**
 * Swaps a refresh token for a new pair (SECURITY 11). A token that was already rotated
 * means a copy is in someone else's hands: the whole family is revoked.
 */
export async function rotateSession(
  db: Database,
  config: WorkerConfig,
  refreshToken: string,
  now: Date,
  loadUser: (id: string) => Promise<Pick<UserRow, "id" | "displayName"> | undefined>,
): Promise<TokenPair> {
  if (!SECRET_TOKEN_PATTERN.test(refreshToken)) throw new ApiError("invalid_session");
  // Unusable signing keys fail here (503), before the token is spent: it works again once fixed.
  config.signingKeys();
  const row = await findSessionByRefreshHash(db, await hashSecretToken(refreshToken));
  if (!row || row.revokedAt !== null || row.expiresAt <= now) {
    throw new ApiError("invalid_session");
  }
  if (await isFamilyRevoked(db, row.familyId)) throw new ApiError("invalid_session");
  if (row.rotatedAt !== null || !(await markRotated(db, row.id, now))) {
    await revokeFamily(db, row.familyId, now);
    throw new ApiError("invalid_session");
  }
  const user = await loadUser(row.userId);
  if (!user) throw new ApiError("invalid_session");
  return issueGeneration(db, config, user, row, now);
}

/**
 * A new token pair in the same session, after something the access token tells the shell
 * changed (the second factor passed): every live generation of the family is marked rotated,
 * so only the new refresh token renews it from now on.
 */
export async function reissueSession(
  db: Database,
  config: WorkerConfig,
  user: Pick<UserRow, "id" | "displayName">,
  familyId: string,
  now: Date,
): Promise<TokenPair> {
  config.signingKeys(); // fails (503) before the family is rotated
  const current = await findFamilyGeneration(db, familyId, now);
  if (!current) throw new ApiError("invalid_session");
  await rotateFamily(db, familyId, now);
  return issueGeneration(db, config, user, current, now);
}

/** Ends the session a refresh token belongs to, whatever state it is in. */
export async function endSessionOf(db: Database, refreshToken: string, now: Date): Promise<void> {
  if (!SECRET_TOKEN_PATTERN.test(refreshToken)) return;
  const row = await findSessionByRefreshHash(db, await hashSecretToken(refreshToken));
  if (row) await revokeFamily(db, row.familyId, now);
}
