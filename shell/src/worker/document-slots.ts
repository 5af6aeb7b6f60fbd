import { BOOT_DATA_ELEMENT_ID, serializeForScript } from "../contract/navigation-contract.ts";
import type { StoredAnswer } from "./edge-cache.ts";

/**
 * A kept document's per-response parts (decisions 0014 and 0025): the CSP nonce, which every
 * response gets afresh, and in a signed-in reader's template the reader's name, written where
 * the template's mark stands. The stored body is cut once at those places, so a hit copies
 * bytes and encodes only the few values of its own.
 */

const encoder = new TextEncoder();
const BOOT_DATA_OPENING = `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">`;

/** What fills one cut: the nonce, or the name as page text or inside the boot data's JSON. */
type Slot = "nonce" | "name-text" | "name-json";

interface CutBody {
  /** The whole body encoded (a page without a viewer mark: the nonce is written over it). */
  bytes: Uint8Array;
  /** The body's parts between the cuts; `slots[i]` goes between `parts[i]` and `parts[i + 1]`. */
  parts: Uint8Array[];
  slots: Slot[];
  /** Byte offsets of the stored nonce in `bytes` (ASCII: as many bytes as characters). */
  nonceAt: number[];
}
const cutBodies = new WeakMap<StoredAnswer, CutBody>();

/** Where `mark` occurs in `body` (marks are 128 random bits: nowhere but where they were written). */
function occurrences(body: string, mark: string): number[] {
  const found: number[] = [];
  for (let at = body.indexOf(mark); at !== -1; at = body.indexOf(mark, at + mark.length)) {
    found.push(at);
  }
  return found;
}

function cut(stored: StoredAnswer): CutBody {
  const kept = cutBodies.get(stored);
  if (kept) return kept;
  const { body, nonce, viewerMark } = stored;
  const cuts: { at: number; length: number; slot: Slot }[] = [];
  if (nonce) {
    for (const at of occurrences(body, nonce))
      cuts.push({ at, length: nonce.length, slot: "nonce" });
  }
  if (viewerMark) {
    // The name is text in the masthead and a JSON string in the boot data, escaped for each.
    const boot = body.lastIndexOf(BOOT_DATA_OPENING);
    for (const at of occurrences(body, viewerMark)) {
      const slot = boot !== -1 && at > boot ? "name-json" : "name-text";
      cuts.push({ at, length: viewerMark.length, slot });
    }
  }
  cuts.sort((a, b) => a.at - b.at);
  const parts: Uint8Array[] = [];
  const nonceAt: number[] = [];
  let from = 0;
  let offset = 0;
  for (const { at, length, slot } of cuts) {
    const part = encoder.encode(body.slice(from, at));
    parts.push(part);
    offset += part.length;
    if (slot === "nonce") nonceAt.push(offset);
    offset += length;
    from = at + length;
  }
  parts.push(encoder.encode(body.slice(from)));
  const slots = cuts.map((c) => c.slot);
  const cutBody = {
    bytes: viewerMark ? new Uint8Array(0) : encoder.encode(body),
    parts,
    slots,
    nonceAt,
  };
  cutBodies.set(stored, cutBody);
  return cutBody;
}

/**
 * Gives a stored document this response's own CSP nonce (a nonce is never reused): a copy of
 * the stored bytes with the new nonce written over the old one wherever it occurs. Never for a
 * signed-in reader's template, which has a name to write (`personalDocument`).
 */
export function withFreshNonce(stored: StoredAnswer, nonce: string): Uint8Array | string {
  if (stored.viewerMark) throw new Error("a signed-in reader's template needs their name");
  const { bytes, nonceAt } = cut(stored);
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

const TEXT_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** Text escaped as React escapes it, so a filled template is byte for byte React's own page. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => TEXT_ESCAPES[character] ?? character);
}

/**
 * A signed-in reader's page from the template kept for their kind of reader: this response's
 * nonce, and their own name in the masthead and in the boot data the browser hydrates from.
 */
export function personalDocument(
  stored: StoredAnswer,
  nonce: string,
  displayName: string,
): Uint8Array {
  if (!stored.viewerMark) throw new Error("only a signed-in reader's template takes a name");
  const { parts, slots } = cut(stored);
  const values: Record<Slot, Uint8Array> = {
    nonce: encoder.encode(nonce),
    "name-text": encoder.encode(escapeText(displayName)),
    // The boot data is JSON in a script element, written as serializeForScript writes it.
    "name-json": encoder.encode(serializeForScript(displayName).slice(1, -1)),
  };
  let length = 0;
  for (const part of parts) length += part.length;
  for (const slot of slots) length += values[slot].length;
  const page = new Uint8Array(length);
  let offset = 0;
  parts.forEach((part, index) => {
    page.set(part, offset);
    offset += part.length;
    const slot = slots[index];
    if (slot === undefined) return;
    page.set(values[slot], offset);
    offset += values[slot].length;
  });
  return page;
}
