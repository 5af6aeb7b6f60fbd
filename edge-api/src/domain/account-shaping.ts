import type { SessionRow, UserRow } from "../db/account-schema.ts";
import type { AccountView, SessionView } from "../contract/account-contract.ts";

/** The one place a user row becomes what the API shows; the password hash never leaves. */
export function toAccountView(row: UserRow): AccountView {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSessionView(row: SessionRow, currentSessionId: string): SessionView {
  return {
    id: row.familyId,
    device: row.device,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.familyId === currentSessionId,
  };
}
