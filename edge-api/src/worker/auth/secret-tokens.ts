import { base64url } from "jose";

/**
 * Opaque secrets handed to readers (refresh tokens, email links): 32 random bytes as
 * base64url. Only their SHA-256 is stored, so a copy of the database opens nothing.
 */
export function newSecretToken(): string {
  return base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
}

export async function hashSecretToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Anything a secret token can look like; longer or odder input is refused unhashed. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
