import { base64url } from "jose";

/**
 * TOTP secrets are kept sealed (AES-256-GCM) with the Worker secret SECOND_FACTOR_KEY, so a
 * copy of the database (a backup, an export) cannot produce anyone's codes. The account id is
 * the additional data: a sealed secret copied onto another account's row does not open.
 * Runtime-neutral (Web Crypto only), so the development scripts seal and open the same way.
 *
 * Stored form: `v1.<iv>.<ciphertext>`, both base64url. A new key version would add `v2` and
 * re-seal on the next enrolment.
 */
const VERSION = "v1";
const encoder = new TextEncoder();
// A copy on a plain ArrayBuffer: what every BufferSource type (Workers, Node, DOM) accepts.
const bytesOf = (encoded: string) => new Uint8Array(base64url.decode(encoded));
// Named through `crypto.subtle`, so the file typechecks for Workers and for Node scripts alike.
type ImportedKey = ReturnType<typeof crypto.subtle.importKey>;
const keys = new Map<string, ImportedKey>();

function keyOf(encodedKey: string): ImportedKey {
  let key = keys.get(encodedKey);
  if (!key) {
    key = crypto.subtle.importKey("raw", bytesOf(encodedKey), "AES-GCM", false, [
      "encrypt",
      "decrypt",
    ]);
    keys.set(encodedKey, key);
  }
  return key;
}

const additionalData = (accountId: string) => encoder.encode(`second-factor:${accountId}`);

export async function sealTotpSecret(
  encodedKey: string,
  accountId: string,
  secret: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: additionalData(accountId) },
    await keyOf(encodedKey),
    encoder.encode(secret),
  );
  return `${VERSION}.${base64url.encode(iv)}.${base64url.encode(new Uint8Array(sealed))}`;
}

/** The secret, or null when the value was not sealed with this key for this account. */
export async function openTotpSecret(
  encodedKey: string,
  accountId: string,
  stored: string,
): Promise<string | null> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytesOf(iv), additionalData: additionalData(accountId) },
      await keyOf(encodedKey),
      bytesOf(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
