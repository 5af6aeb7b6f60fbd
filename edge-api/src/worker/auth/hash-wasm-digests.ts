// Written by scripts/extract-argon2-wasm.ts from hash-wasm's bundle; do not edit.
export const ARGON2_WASM_SHA256 =
  "7a25eff94eb7bc559acb7305d8352ed24470670a9ae653d79d86f92f8a395c3d";
export const BLAKE2B_WASM_SHA256 =
  "2aa7f33c4ece502997304672bc8defa348a7a30ef9a191e8648d317830e50afd";
