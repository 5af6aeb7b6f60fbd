import type { Database } from "../../db/database.ts";
import type { SessionRow, UserRow } from "../../db/account-schema.ts";
import {
  claimRotation,
  deleteSession,
  findSessionByRefreshHash,
  insertSession,
  isFamilyRevoked,
  findFamilyGeneration,
  revokeFamily,
  rotateFamily,
} from "../../db/session-queries.ts";
import { newsroomStanding } from "../../db/staff-queries.ts";
import type { TokenPair } from "../../contract/account-contract.ts";
import { ApiError } from "../api-errors.ts";
import type { WorkerConfig } from "../worker-config.ts";
import { ACCESS_TOKEN_SECONDS, issueAccessToken } from "./access-tokens.ts";
import { openSuccessor, REFRESH_GRACE_MS, sealSuccessor } from "./refresh-successor.ts";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "./secret-tokens.ts";

export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

interface Generation {
  familyId: string;
  createdAt: Date;
  device: string;
}

/** The next generation's row and pair, not yet stored. */
async function mintGeneration(
  db: Database,
  config: WorkerConfig,
  user: Pick<UserRow, "id" | "displayName">,
  generation: Generation,
  now: Date,
): Promise<{ row: SessionRow; pair: TokenPair }> {
  // Read before anything is written: unusable keys (503) leave no half-made session behind.
  const signingKey = config.signingKeys().current;
  const refreshToken = newSecretToken();
  const row: SessionRow = {
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
    successorSealed: null,
  };
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
  const pair = {
    accessToken,
    accessExpiresIn: ACCESS_TOKEN_SECONDS,
    refreshToken,
    refreshExpiresIn: REFRESH_TOKEN_SECONDS,
  };
  return { row, pair };
}

async function issueGeneration(
  db: Database,
  config: WorkerConfig,
  user: Pick<UserRow, "id" | "displayName">,
  generation: Generation,
  now: Date,
): Promise<TokenPair> {
  const { row, pair } = await mintGeneration(db, config, user, generation, now);
  await insertSession(db, row);
  return pair;
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
 * Swaps a refresh token for a new pair (SECURITY 11). The token just rotated, presented again
 * within the grace window, answers the same pair (two tabs renewing at once); any other reuse
 * of a rotated token means a copy is in someone else's hands: the whole family is revoked.
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
  if (row.rotatedAt !== null) return replayRotation(db, refreshToken, row, now);
  const user = await loadUser(row.userId);
  if (!user) throw new ApiError("invalid_session");
  const next = await mintGeneration(db, config, user, row, now);
  // Stored before the claim, so a tab that loses the race finds the winner's successor.
  await insertSession(db, next.row);
  const sealed = await sealSuccessor(refreshToken, row.id, next.pair, now);
  if (await claimRotation(db, row, now, sealed)) return next.pair;
  // Another request rotated (or revoked) it first: ours is never handed out.
  await deleteSession(db, next.row.id);
  const current = await findSessionByRefreshHash(db, row.refreshTokenHash);
  if (!current || current.revokedAt !== null) throw new ApiError("invalid_session");
  return replayRotation(db, refreshToken, current, now);
}

/**
 * A rotated token presented again: within the grace window, and while its successor is still
 * the family's live generation, the successor's pair again; otherwise the family ends.
 */
async function replayRotation(
  db: Database,
  refreshToken: string,
  row: SessionRow,
  now: Date,
): Promise<TokenPair> {
  const inGrace =
    row.rotatedAt !== null && now.getTime() - row.rotatedAt.getTime() <= REFRESH_GRACE_MS;
  const pair =
    inGrace && row.successorSealed !== null
      ? await openSuccessor(refreshToken, row.id, row.successorSealed, now)
      : null;
  if (pair) {
    const next = await findSessionByRefreshHash(db, await hashSecretToken(pair.refreshToken));
    const live =
      next !== undefined &&
      next.revokedAt === null &&
      next.rotatedAt === null &&
      next.expiresAt > now &&
      !(await isFamilyRevoked(db, row.familyId));
    if (live) return pair;
  }
  await revokeFamily(db, row.familyId, now);
  throw new ApiError("invalid_session");
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
