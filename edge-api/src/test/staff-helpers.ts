import type { StaffRole } from "../contract/newsroom-contract.ts";
import { newsroomSessions, staffMembers } from "../db/account-schema.ts";
import { db, newEmail, signUp, type CallOptions, type SignedUp } from "./account-helpers.ts";
import { decodeJwt } from "jose";

/** Who calls in the newsroom's role tables: nobody, a reader, or a staff role. */
export type Caller = "anonymous" | "reader" | StaffRole;
export const CALLERS: readonly Caller[] = ["anonymous", "reader", "contributor", "editor", "admin"];

export interface StaffSignedIn extends SignedUp {
  role: StaffRole | "reader";
  /** The session id (`sid`) the access token carries. */
  sessionId: string;
}

/**
 * An account with `role`, signed in; with `verified` (the default) its session has a live
 * newsroom session, as if it had passed the second factor. The access token is the one the
 * sign-up issued: the API reads the role and newsroom session from D1 on every call, so it
 * does not need to carry them.
 */
export async function signInAs(
  role: StaffRole | "reader",
  options: { verified?: boolean; now?: Date; displayName?: string; call?: CallOptions } = {},
): Promise<StaffSignedIn> {
  const account = await signUp(
    newEmail(role),
    undefined,
    options.displayName ?? `A ${role}`,
    options.call,
  );
  const sessionId = String(decodeJwt(account.tokens.accessToken).sid);
  const now = options.now ?? new Date();
  if (role !== "reader") {
    await db
      .insert(staffMembers)
      .values({ userId: account.account.id, role, createdAt: now, updatedAt: now });
    if (options.verified !== false) {
      await db.insert(newsroomSessions).values({
        familyId: sessionId,
        userId: account.account.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 12 * 3600_000),
        revokedAt: null,
      });
    }
  }
  return { ...account, role, sessionId };
}

/** The access token of a caller of the role tables (undefined for anonymous). */
export async function tokenOf(caller: Caller): Promise<string | undefined> {
  if (caller === "anonymous") return undefined;
  return (await signInAs(caller)).tokens.accessToken;
}
