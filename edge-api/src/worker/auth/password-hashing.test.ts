import { describe, expect, it } from "vitest";
import {
  hashPassword,
  PASSWORD_HASH_COST,
  TEST_PASSWORD_HASH_COST,
  verifyPassword,
} from "./password-hashing.ts";

describe("password hashing (SECURITY 3)", () => {
  it("uses argon2id with 19 MiB, t=2, p=1 and verifies, with the real cost", async () => {
    const hash = await hashPassword("correct horse battery staple", PASSWORD_HASH_COST);
    expect(hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(await verifyPassword("correct horse battery staple", hash, PASSWORD_HASH_COST)).toBe(
      true,
    );
    expect(await verifyPassword("correct horse battery stapl", hash, PASSWORD_HASH_COST)).toBe(
      false,
    );
    expect(await verifyPassword("Correct horse battery staple", hash, PASSWORD_HASH_COST)).toBe(
      false,
    );
  });

  it("salts every hash", async () => {
    const one = await hashPassword("the same password twice", TEST_PASSWORD_HASH_COST);
    const two = await hashPassword("the same password twice", TEST_PASSWORD_HASH_COST);
    expect(one).not.toBe(two);
  });

  it("hashes the NFC form, so composed and decomposed accents match, without trimming", async () => {
    const composed = "caf\u00e9 au lait in the morning";
    const decomposed = "cafe\u0301 au lait in the morning";
    const hash = await hashPassword(composed, TEST_PASSWORD_HASH_COST);
    expect(await verifyPassword(decomposed, hash, TEST_PASSWORD_HASH_COST)).toBe(true);
    expect(await verifyPassword(`${composed} `, hash, TEST_PASSWORD_HASH_COST)).toBe(false);
  });

  it("never accepts a hash weaker than the configured cost", async () => {
    const cheap = await hashPassword("a password hashed cheaply", TEST_PASSWORD_HASH_COST);
    expect(await verifyPassword("a password hashed cheaply", cheap, PASSWORD_HASH_COST)).toBe(
      false,
    );
    expect(await verifyPassword("anything", "not a hash", TEST_PASSWORD_HASH_COST)).toBe(false);
  });

  it("runs on the precompiled modules: compiling wasm bytes at run time is not needed", async () => {
    // workerd refuses code generation from bytes; if hash-wasm had fallen back to compiling,
    // the hashes above would have failed. This makes the refusal itself visible.
    const empty = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
    const wasm = WebAssembly as unknown as { compile(bytes: BufferSource): Promise<unknown> };
    await expect(wasm.compile(empty)).rejects.toThrow();
  });
});
