import { base64url } from "jose";

/**
 * Form tokens (SECURITY 14): base64url(HMAC-SHA256(CSRF_SECRET, `${subject}|${hourBucket}`)),
 * where the subject is the account holder's id or "anonymous". A token is good for the hour it
 * was minted in and the next one, so a form left open for a while still works.
 */
const HOUR_MS = 3_600_000;
const ANONYMOUS = "anonymous";
const encoder = new TextEncoder();

export interface CsrfSubject {
  id: string;
}

function subjectOf(viewer: CsrfSubject | null): string {
  return viewer ? viewer.id : ANONYMOUS;
}

function hourBucket(now: number): number {
  return Math.floor(now / HOUR_MS);
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

/** An HMAC-SHA256 as base64url: 32 bytes, 43 characters without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The signature a submitted token carries, or null: a bad token is refused, never thrown. */
function signatureOf(token: string | undefined): Uint8Array<ArrayBuffer> | null {
  if (token === undefined || !TOKEN_PATTERN.test(token)) return null;
  try {
    // Copied into a fresh ArrayBuffer, which is what `crypto.subtle.verify` takes.
    return new Uint8Array(base64url.decode(token));
  } catch {
    return null;
  }
}

export async function mintCsrfToken(
  secret: string,
  viewer: CsrfSubject | null,
  now = Date.now(),
): Promise<string> {
  const message = encoder.encode(`${subjectOf(viewer)}|${hourBucket(now)}`);
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), message);
  return base64url.encode(new Uint8Array(signature));
}

/** True when `token` was minted for this subject this hour or the previous one. */
export async function verifyCsrfToken(
  secret: string,
  viewer: CsrfSubject | null,
  token: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  const signature = signatureOf(token);
  if (signature === null) return false;
  const key = await hmacKey(secret);
  const bucket = hourBucket(now);
  for (const candidate of [bucket, bucket - 1]) {
    const message = encoder.encode(`${subjectOf(viewer)}|${candidate}`);
    // subtle.verify compares in constant time.
    if (await crypto.subtle.verify("HMAC", key, signature, message)) return true;
  }
  return false;
}
