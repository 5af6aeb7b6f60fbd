/**
 * Local signing key for access tokens. `ensureDevKeys()` writes `edge-api/.dev.vars` with a
 * fresh ES256 (P-256) private JWK as JWT_PRIVATE_JWK when it has none; `wrangler dev` reads
 * that file. The file is gitignored and never used by tests (vitest makes its own key).
 * Run directly: `node scripts/dev-keys.ts`.
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

/** Adds JWT_PRIVATE_JWK to `.dev.vars` unless it is there; true when it wrote a key. */
export async function ensureDevKeys(dir = packageDir): Promise<boolean> {
  const file = join(dir, ".dev.vars");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (/^JWT_PRIVATE_JWK=/m.test(current)) return false;
  const jwk = JSON.stringify(await createSigningJwk());
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  writeFileSync(file, `${current}${separator}JWT_PRIVATE_JWK='${jwk}'\n`, { mode: 0o600 });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wrote = await ensureDevKeys();
  console.log(
    wrote ? "edge-api/.dev.vars: new signing key written" : "edge-api/.dev.vars: key present",
  );
}
