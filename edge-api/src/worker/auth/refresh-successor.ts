import { z } from "zod";
import { TokenPairSchema, type TokenPair } from "../../contract/account-contract.ts";
import { importSealingKey, openText, sealText, type SealingKey } from "./sealing.ts";

/**
 * The refresh grace window (the Copenhagen Book's pattern, issue 14 item 5): two tabs that
 * renew the session with the same refresh token at the same moment both get the pair the
 * first one got, instead of the second looking like a stolen copy and ending the session.
 */
export const REFRESH_GRACE_MS = 30_000;

const SealedPairSchema = z.object({ pair: TokenPairSchema, issuedAt: z.number().int() });

/**
 * The key is derived from the rotated refresh token itself, which is never stored: the sealed
 * pair opens only for whoever presents that token again, never from a copy of the database.
 */
async function keyFor(refreshToken: string): Promise<SealingKey> {
  const material = new TextEncoder().encode(`daily-edge:refresh-successor:${refreshToken}`);
  return importSealingKey(new Uint8Array(await crypto.subtle.digest("SHA-256", material)));
}

const additionalData = (rowId: string) => `refresh-successor:${rowId}`;

/** Seals the pair that follows the generation `rowId` (whose refresh token is given). */
export async function sealSuccessor(
  refreshToken: string,
  rowId: string,
  pair: TokenPair,
  now: Date,
): Promise<string> {
  const text = JSON.stringify({ pair, issuedAt: now.getTime() });
  return sealText(await keyFor(refreshToken), additionalData(rowId), text);
}

/**
 * The pair sealed for this token and row, its lifetimes counted from now (so both tabs'
 * cookies end together), or null when it does not open.
 */
export async function openSuccessor(
  refreshToken: string,
  rowId: string,
  stored: string,
  now: Date,
): Promise<TokenPair | null> {
  const text = await openText(await keyFor(refreshToken), additionalData(rowId), stored);
  if (text === null) return null;
  const sealed = SealedPairSchema.safeParse(JSON.parse(text));
  if (!sealed.success) return null;
  const { pair, issuedAt } = sealed.data;
  const elapsed = Math.floor((now.getTime() - issuedAt) / 1000);
  const left = (seconds: number) => Math.max(1, seconds - Math.max(0, elapsed));
  return {
    ...pair,
    accessExpiresIn: left(pair.accessExpiresIn),
    refreshExpiresIn: left(pair.refreshExpiresIn),
  };
}
