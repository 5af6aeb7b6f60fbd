/**
 * Local secrets of the API. `ensureDevKeys()` adds to `edge-api/.dev.vars` whichever is
 * missing: a fresh ES256 (P-256) private JWK as JWT_PRIVATE_JWK (signs access tokens) and 32
 * random bytes as SECOND_FACTOR_KEY (seals TOTP secrets at rest); `wrangler dev` reads that
 * file. The file is gitignored and never used by tests (vitest makes its own keys).
 * Run directly: `node scripts/dev-keys.ts`. Production values are made by the same functions
 * (`npm run secrets:generate`, scripts/generate-secrets.ts at the root; docs/secrets.md).
 */
import { webcrypto } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** A new P-256 private key as a JWK with a `kid`. */
export async function createSigningJwk(
  kidPrefix = "dev",
): Promise<webcrypto.JsonWebKey & { kid: string }> {
  const pair = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ]);
  const { kty, crv, x, y, d } = await webcrypto.subtle.exportKey("jwk", pair.privateKey);
  const kid = `${kidPrefix}-${new Date().toISOString().slice(0, 10)}-${webcrypto.randomUUID().slice(0, 8)}`;
  return { kty, crv, x, y, d, kid };
}

/** 32 random bytes as base64url (43 characters): shared secrets such as a webhook's. */
export function createRandomSecret(): string {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** A new AES-256 key for second-factor secrets: 32 random bytes as base64url. */
export const createSecondFactorKey = createRandomSecret;

/** Adds each missing key to `.dev.vars`; true when it wrote one. */
export async function ensureDevKeys(dir = packageDir): Promise<boolean> {
  const file = join(dir, ".dev.vars");
  let current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const missing: string[] = [];
  if (!/^JWT_PRIVATE_JWK=/m.test(current)) {
    missing.push(`JWT_PRIVATE_JWK='${JSON.stringify(await createSigningJwk())}'`);
  }
  if (!/^SECOND_FACTOR_KEY=/m.test(current)) {
    missing.push(`SECOND_FACTOR_KEY=${createSecondFactorKey()}`);
  }
  if (missing.length === 0) return false;
  if (current !== "" && !current.endsWith("\n")) current += "\n";
  writeFileSync(file, `${current}${missing.join("\n")}\n`, { mode: 0o600 });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wrote = await ensureDevKeys();
  console.log(wrote ? "edge-api/.dev.vars: new keys written" : "edge-api/.dev.vars: keys present");
}
