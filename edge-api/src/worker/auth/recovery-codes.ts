import { hashSecretToken } from "./secret-tokens.ts";

/**
 * Recovery codes: ten single-use codes shown once, for when the authenticator app is lost.
 * Twelve characters from a 32-letter alphabet without look-alikes (no l, o, 0, 1): 60 bits
 * each, behind the same per-account attempt limit as TOTP codes. Written `xxxx-xxxx-xxxx`;
 * typed with or without hyphens, in any case. Only the SHA-256 of the written form is stored,
 * as for email links.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const BARE = /^[abcdefghijkmnpqrstuvwxyz23456789]{12}$/;

const written = (bare: string) => `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8, 12)}`;

export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  // 256 is a multiple of 32, so masking keeps every letter equally likely.
  return written([...bytes].map((byte) => ALPHABET[byte & 31]).join(""));
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** The written form of what was typed, or null when it cannot be a recovery code. */
export function recoveryCodeOf(typed: string): string | null {
  const bare = typed.replace(/[\s-]/g, "").toLowerCase();
  return BARE.test(bare) ? written(bare) : null;
}

export function hashRecoveryCode(code: string): Promise<string> {
  return hashSecretToken(code);
}
