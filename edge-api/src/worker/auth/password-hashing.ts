// Other packages typecheck this file through edge-api/client's types and need the `.wasm`
// declaration too; an ambient declaration cannot be imported, so it is referenced.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../wasm-modules.d.ts" />
import { argon2id, argon2Verify } from "hash-wasm";
import argon2Module from "./argon2.wasm";
import blake2bModule from "./blake2b.wasm";
import { ARGON2_WASM_SHA256, BLAKE2B_WASM_SHA256 } from "./hash-wasm-digests.ts";

/** argon2id cost. Memory in KiB. */
export interface PasswordHashCost {
  memorySize: number;
  iterations: number;
  parallelism: number;
}

/** OWASP's argon2id minimum (19 MiB, t=2, p=1); SECURITY 3. */
export const PASSWORD_HASH_COST: PasswordHashCost = {
  memorySize: 19_456,
  iterations: 2,
  parallelism: 1,
};

/**
 * Only for tests, and only when the test binding `PASSWORD_HASH_COST = "test-minimal"` asks
 * for it (see worker-config.ts); a deployed worker never reads that binding.
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = {
  memorySize: 64,
  iterations: 1,
  parallelism: 1,
};

type WasmCompile = (bytes: BufferSource) => Promise<WebAssembly.Module>;

let installed = false;

/**
 * workerd forbids compiling wasm from bytes at run time; wrangler precompiles the two
 * binaries hash-wasm bundles (see scripts/extract-argon2-wasm.ts). hash-wasm compiles each
 * binary once per isolate through `WebAssembly.compile`, so that call is answered with the
 * precompiled module when the bytes match; any other bytes go to the real compiler.
 */
function installPrecompiledModules(): void {
  if (installed) return;
  installed = true;
  const wasm = WebAssembly as unknown as { compile: WasmCompile };
  const compile = wasm.compile.bind(WebAssembly);
  wasm.compile = async (bytes) => {
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    if (hex === ARGON2_WASM_SHA256) return argon2Module;
    if (hex === BLAKE2B_WASM_SHA256) return blake2bModule;
    return compile(bytes);
  };
}

// Each hash allocates `memorySize` of wasm memory; one at a time keeps an isolate well inside
// its memory limit under a burst of logins. The turn is a plain value with an expiry, not a
// promise chain: a request never awaits a promise another request created, so a cancelled
// request cannot stall the others (docs/decisions/0014-shell-hot-path.md); a turn held by a
// request that was cancelled mid-hash runs out after TURN_MS.
const TURN_MS = 5_000;
let turnHeldUntil = 0;
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  while (Date.now() < turnHeldUntil) await new Promise((resolve) => setTimeout(resolve, 5));
  turnHeldUntil = Date.now() + TURN_MS;
  try {
    return await work();
  } finally {
    turnHeldUntil = 0;
  }
}

/**
 * Passwords are NFC-normalised before hashing, so the same password typed on systems that
 * compose accents differently matches; nothing else changes (no trimming, no truncation).
 */
export function normalizePassword(password: string): string {
  return password.normalize("NFC");
}

export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  installPrecompiledModules();
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return oneAtATime(() =>
    argon2id({
      password: normalizePassword(password),
      salt,
      ...cost,
      hashLength: 32,
      outputType: "encoded",
    }),
  );
}

const ENCODED_COST = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/;

/**
 * A hash made with less than `minimum` cost never verifies: a cheap test hash must not work
 * against a deployed worker.
 */
export async function verifyPassword(
  password: string,
  hash: string,
  minimum: PasswordHashCost,
): Promise<boolean> {
  const cost = ENCODED_COST.exec(hash);
  if (!cost) return false;
  if (Number(cost[1]) < minimum.memorySize || Number(cost[2]) < minimum.iterations) return false;
  installPrecompiledModules();
  try {
    return await oneAtATime(() => argon2Verify({ password: normalizePassword(password), hash }));
  } catch {
    return false;
  }
}

/** Settled dummy hashes only (a request never awaits another request's hash). */
const dummyHashes = new Map<PasswordHashCost, string>();

/**
 * Spends the same work as a real check when there is no account, so a login for an unknown
 * email takes as long as one with a wrong password (SECURITY 4).
 */
export async function burnPasswordCheck(password: string, cost: PasswordHashCost): Promise<void> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = await hashPassword("not the password of any account", cost);
    dummyHashes.set(cost, dummy);
  }
  await verifyPassword(password, dummy, cost);
}
