import { base64url } from "jose";

/**
 * AES-256-GCM sealing of short texts stored in D1 (TOTP secrets, a rotated refresh token's
 * successor). The additional data binds a sealed value to its row: copied onto another row,
 * it does not open. Runtime-neutral (Web Crypto only), so Node scripts seal and open the same
 * way.
 *
 * Stored form: `v1.<iv>.<ciphertext>`, both base64url. A new format would add `v2`.
 */
const VERSION = "v1";
const encoder = new TextEncoder();
// A copy on a plain ArrayBuffer: what every BufferSource type (Workers, Node, DOM) accepts.
export const bytesOf = (encoded: string) => new Uint8Array(base64url.decode(encoded));
// Named through `crypto.subtle`, so the file typechecks for Workers and for Node scripts alike.
export type SealingKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export function importSealingKey(raw: Uint8Array<ArrayBuffer>): Promise<SealingKey> {
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function sealText(key: SealingKey, additionalData: string, text: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(additionalData) },
    key,
    encoder.encode(text),
  );
  return `${VERSION}.${base64url.encode(iv)}.${base64url.encode(new Uint8Array(sealed))}`;
}

/** The text, or null when the value was not sealed with this key and additional data. */
export async function openText(
  key: SealingKey,
  additionalData: string,
  stored: string,
): Promise<string | null> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytesOf(iv), additionalData: encoder.encode(additionalData) },
      key,
      bytesOf(sealed),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
