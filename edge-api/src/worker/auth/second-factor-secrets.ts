import { bytesOf, importSealingKey, openText, sealText, type SealingKey } from "./sealing.ts";

/**
 * TOTP secrets are kept sealed (AES-256-GCM, `sealing.ts`) with the Worker secret
 * SECOND_FACTOR_KEY, so a copy of the database (a backup, an export) cannot produce anyone's
 * codes. The account id is the additional data: a sealed secret copied onto another account's
 * row does not open. A new key version would re-seal on the next enrolment.
 */
const keys = new Map<string, Promise<SealingKey>>();

function keyOf(encodedKey: string): Promise<SealingKey> {
  let key = keys.get(encodedKey);
  if (!key) {
    key = importSealingKey(bytesOf(encodedKey));
    keys.set(encodedKey, key);
  }
  return key;
}

const additionalData = (accountId: string) => `second-factor:${accountId}`;

export async function sealTotpSecret(
  encodedKey: string,
  accountId: string,
  secret: string,
): Promise<string> {
  return sealText(await keyOf(encodedKey), additionalData(accountId), secret);
}

/** The secret, or null when the value was not sealed with this key for this account. */
export async function openTotpSecret(
  encodedKey: string,
  accountId: string,
  stored: string,
): Promise<string | null> {
  return openText(await keyOf(encodedKey), additionalData(accountId), stored);
}
