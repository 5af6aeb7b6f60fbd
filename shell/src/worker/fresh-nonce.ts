import type { StoredAnswer } from "./edge-cache.ts";

const encoder = new TextEncoder();

/** A stored body encoded once, with where its nonce sits, so a hit only copies bytes. */
interface EncodedBody {
  bytes: Uint8Array;
  /** Byte offsets of the stored nonce (ASCII, so as many bytes as characters). */
  nonceAt: number[];
}
const encodedBodies = new WeakMap<StoredAnswer, EncodedBody>();

function encodeBody(stored: StoredAnswer): EncodedBody {
  let encoded = encodedBodies.get(stored);
  if (encoded) return encoded;
  // The stored nonce is 128 random bits: it occurs nowhere but where it was written.
  const parts = stored.nonce
    ? stored.body.split(stored.nonce).map((part) => encoder.encode(part))
    : [];
  const nonceLength = stored.nonce?.length ?? 0;
  const nonceAt: number[] = [];
  let offset = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      nonceAt.push(offset);
      offset += nonceLength;
    }
    offset += part.length;
  });
  encoded = { bytes: encoder.encode(stored.body), nonceAt };
  encodedBodies.set(stored, encoded);
  return encoded;
}

/**
 * Gives a stored document this response's own CSP nonce (a nonce is never reused): a copy of
 * the stored bytes with the new nonce written over the old one wherever it occurs.
 */
export function withFreshNonce(stored: StoredAnswer, nonce: string): Uint8Array | string {
  const { bytes, nonceAt } = encodeBody(stored);
  if (nonceAt.length === 0 || !stored.nonce) return bytes;
  // Nonces are base64 (ASCII) of one length, so they overwrite byte for byte; any other length
  // is written in as text.
  if (nonce.length !== stored.nonce.length) return stored.body.split(stored.nonce).join(nonce);
  const copy = bytes.slice();
  for (const at of nonceAt) {
    for (let i = 0; i < nonce.length; i++) copy[at + i] = nonce.charCodeAt(i);
  }
  return copy;
}
