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

function toBase64Url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function mintCsrfToken(
  secret: string,
  viewer: CsrfSubject | null,
  now = Date.now(),
): Promise<string> {
  const message = encoder.encode(`${subjectOf(viewer)}|${hourBucket(now)}`);
  return toBase64Url(await crypto.subtle.sign("HMAC", await hmacKey(secret), message));
}

/** True when `token` was minted for this subject this hour or the previous one. */
export async function verifyCsrfToken(
  secret: string,
  viewer: CsrfSubject | null,
  token: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  const signature = token === undefined ? null : fromBase64Url(token);
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
