/**
 * Writes the two WebAssembly binaries hash-wasm's argon2id needs (argon2 and blake2b) as
 * `.wasm` files next to the password hasher, plus their SHA-256 digests. workerd refuses to
 * compile wasm from bytes at run time, so wrangler must precompile them as modules; the
 * hasher hands these modules to hash-wasm when it asks to compile the matching bytes.
 * Run by `npm run build`; the outputs are committed so tests and typecheck need no build.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "worker", "auth");

export function extractHashWasmBinaries(): Record<string, string> {
  const bundle = readFileSync(require.resolve("hash-wasm/dist/index.esm.js"), "utf8");
  const digests: Record<string, string> = {};
  for (const name of ["argon2", "blake2b"]) {
    const pattern = new RegExp(`var name\\$(\\w+) = "${name}";\\s*var data\\$\\1 = "([^"]+)"`);
    const match = pattern.exec(bundle);
    if (!match?.[2]) throw new Error(`hash-wasm bundle has no ${name} binary`);
    const bytes = Buffer.from(match[2], "base64");
    writeFileSync(join(outDir, `${name}.wasm`), bytes);
    digests[name] = createHash("sha256").update(bytes).digest("hex");
  }
  const source = [
    "// Written by scripts/extract-argon2-wasm.ts from hash-wasm's bundle; do not edit.",
    "export const ARGON2_WASM_SHA256 =",
    `  "${digests.argon2}";`,
    "export const BLAKE2B_WASM_SHA256 =",
    `  "${digests.blake2b}";`,
    "",
  ].join("\n");
  writeFileSync(join(outDir, "hash-wasm-digests.ts"), source);
  return digests;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(extractHashWasmBinaries());
}
