import { base64url } from "jose";

/**
 * The wrapping shared by the API's keyset cursors: what a cursor holds is written as text and
 * handed to callers as unpadded base64url, so they treat it as opaque and pass it back as is.
 */
const ENCODED_PATTERN = /^[A-Za-z0-9_-]+$/;
const decoder = new TextDecoder();

export function encodeOpaqueCursor(raw: string): string {
  return base64url.encode(raw);
}

/**
 * The text inside a cursor, or null when the value is empty, longer than `maxLength`, or not
 * base64url (padding, whitespace and the `+`/`/` alphabet are refused too), so a bad cursor
 * is a 400 for the caller, never a thrown error. Bytes that are not UTF-8 come back as U+FFFD,
 * which no cursor's pattern admits.
 */
export function decodeOpaqueCursor(value: string, maxLength: number): string | null {
  if (value.length === 0 || value.length > maxLength || !ENCODED_PATTERN.test(value)) {
    return null;
  }
  try {
    return decoder.decode(base64url.decode(value));
  } catch {
    return null;
  }
}
