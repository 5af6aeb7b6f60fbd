import type { Context } from "hono";
import { DEVICE_TOKEN_HEADER, type DeviceToken } from "../../contract/account-contract.ts";
import type { Database } from "../../db/database.ts";
import { findKnownDevice, rememberDevice } from "../../db/known-device-queries.ts";
import { hashSecretToken, newSecretToken, SECRET_TOKEN_PATTERN } from "./secret-tokens.ts";

/** How long a device stays known after its last login (OWASP's device cookie). */
export const DEVICE_TOKEN_SECONDS = 365 * 24 * 60 * 60;

export interface KnownDevice {
  token: string;
  tokenHash: string;
}

/**
 * The device the login comes from, when its token (the shell's device cookie, sent as
 * `x-device-token`) was issued to the account with this email and is still valid. A missing,
 * malformed, expired, forged or other account's token is an unknown device (`null`).
 */
export async function recognizeDevice(
  c: Context,
  db: Database,
  email: string,
  now: Date,
): Promise<KnownDevice | null> {
  const token = c.req.header(DEVICE_TOKEN_HEADER)?.trim() ?? "";
  if (!SECRET_TOKEN_PATTERN.test(token)) return null;
  const tokenHash = await hashSecretToken(token);
  return (await findKnownDevice(db, tokenHash, email, now)) ? { token, tokenHash } : null;
}

/**
 * After a correct password: the device becomes (or stays) known to the account for another
 * year. A known device keeps its token; any other gets a new one.
 */
export async function rememberLoginDevice(
  db: Database,
  userId: string,
  known: KnownDevice | null,
  now: Date,
): Promise<DeviceToken> {
  const token = known?.token ?? newSecretToken();
  const tokenHash = known?.tokenHash ?? (await hashSecretToken(token));
  const expiresAt = new Date(now.getTime() + DEVICE_TOKEN_SECONDS * 1000);
  await rememberDevice(db, { tokenHash, userId, now, expiresAt });
  return { token, expiresIn: DEVICE_TOKEN_SECONDS };
}
