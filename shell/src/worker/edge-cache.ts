import { createApiClient } from "edge-api/client";
import {
  FRAGMENT_LIVE_PATH,
  LiveBuildSchema,
  type FragmentName,
} from "../contract/fragment-contract.ts";
import { fragmentBinding, type ShellEnv } from "./shell-env.ts";

/**
 * The edge cache (issue 7, docs/decisions/0008-edge-cache.md): anonymous pages and public
 * fragment answers in the Workers Cache API, under keys that name everything the answer was
 * made from. A publish or edit changes the content version, a release changes the fragment's
 * live build, a shell deploy changes the shell build, midnight changes the date line: each makes
 * a new key, so the next request renders afresh and nothing has to be purged.
 */

/** What a cached answer depends on besides its address. */
export interface EdgeState {
  /** `GET /api/content-version`: moves on every content write, schedule or new edition. */
  contentVersion: string;
  /** The fragment's live build, as the fragment itself reports it. */
  fragment: FragmentName;
  fragmentBuild: string;
}

/** How long an entry may live at the edge when its fragment gives no shorter time. */
export const EDGE_TTL_CEILING_SECONDS = 600;
/** Tells how an answer was served: `HIT`, `MISS`, or `BYPASS` (personal, or no edge state). */
export const EDGE_CACHE_HEADER = "x-edge-cache";

/**
 * Both halves in parallel, within `timeoutMs`. `null` when either cannot be had in time (an old
 * fragment without the live endpoint, the API or the fragment down): the request is then served
 * without the cache, never from a key that might be stale.
 *
 * Each half is trusted for `ttlMs` per isolate (`EDGE_STATE_TTL_MS`, 1 s by default; 0 reads
 * both on every request): on this runtime every binding call costs about as much as a cached
 * page, so reading the version on each hit would cap the cache far below the platform's limit.
 * A publish or a release is therefore seen within `ttlMs` (docs/decisions/0008-edge-cache.md).
 */
export async function readEdgeState(
  env: ShellEnv,
  fragment: FragmentName,
  requestId: string,
  options: { timeoutMs: number; ttlMs: number },
): Promise<EdgeState | null> {
  const now = Date.now();
  const knownVersion = settled(versionMemo, "api", now, options.ttlMs);
  const knownBuild = settled(liveMemo, fragment, now, options.ttlMs);
  // The common case once warm: both known, no call and no timer.
  if (knownVersion && knownBuild) {
    return { contentVersion: knownVersion, fragment, fragmentBuild: knownBuild };
  }
  const version = remembered(versionMemo, "api", now, options.ttlMs, () =>
    readContentVersion(env, requestId),
  );
  const build = remembered(liveMemo, fragment, now, options.ttlMs, () =>
    readLiveBuild(env, fragment, requestId),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), options.timeoutMs);
  });
  const both = Promise.all([version, build]).then(([contentVersion, fragmentBuild]) =>
    contentVersion === null || fragmentBuild === null
      ? null
      : { contentVersion, fragment, fragmentBuild },
  );
  try {
    return await Promise.race([both, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A quarter of the fragment's time: a hanging fragment delays its 503 by no more than that. */
export function edgeStateTimeout(fragmentTimeoutMs: number): number {
  return Math.min(1_000, Math.max(20, Math.floor(fragmentTimeoutMs / 4)));
}

interface Remembered {
  at: number;
  value: Promise<string | null>;
  /** The value once the read has finished. */
  resolved?: string | null;
}

function settled(
  memo: Map<string, Remembered>,
  key: string,
  now: number,
  ttlMs: number,
): string | null {
  const known = memo.get(key);
  return known && now - known.at < ttlMs ? (known.resolved ?? null) : null;
}
const versionMemo = new Map<string, Remembered>();
const liveMemo = new Map<string, Remembered>();

/** One read at a time per key; a failed read (null) is not remembered. */
function remembered(
  memo: Map<string, Remembered>,
  key: string,
  now: number,
  ttlMs: number,
  read: () => Promise<string | null>,
): Promise<string | null> {
  const known = memo.get(key);
  if (known && now - known.at < ttlMs) return known.value;
  const entry: Remembered = { at: now, value: read() };
  void entry.value.then((value) => {
    entry.resolved = value;
    if (value === null && memo.get(key) === entry) memo.delete(key);
  });
  if (ttlMs > 0) memo.set(key, entry);
  return entry.value;
}

/** Forgets the remembered edge state (tests). */
export function forgetEdgeState(): void {
  versionMemo.clear();
  liveMemo.clear();
}

async function readContentVersion(env: ShellEnv, requestId: string): Promise<string | null> {
  try {
    const answer = await createApiClient(env.API, requestId).contentVersion();
    return answer.ok && typeof answer.data.version === "string" ? answer.data.version : null;
  } catch (error) {
    console.error(JSON.stringify({ event: "edge_state_failed", requestId, detail: String(error) }));
    return null;
  }
}

async function readLiveBuild(
  env: ShellEnv,
  fragment: FragmentName,
  requestId: string,
): Promise<string | null> {
  try {
    const response = await fragmentBinding(env, fragment).fetch(
      `https://fragment.internal${FRAGMENT_LIVE_PATH}`,
      { headers: { "x-request-id": requestId } },
    );
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const build = LiveBuildSchema.safeParse(await response.json().catch(() => null));
    return build.success ? build.data.buildId : null;
  } catch (error) {
    console.error(
      JSON.stringify({ event: "edge_state_failed", requestId, fragment, detail: String(error) }),
    );
    return null;
  }
}

/** Key parts beyond the edge state; every value that shapes the stored bytes belongs here. */
export interface KeyParts {
  kind: "page" | "fragment";
  state: EdgeState;
  /** Path and query exactly as asked (`/search?q=storm`). */
  address: string;
  extra: Record<string, string>;
}

/**
 * A synthetic URL: the Cache API keys on URLs, and this one never leaves the Worker. Built by
 * hand (every part encoded) because it is made on every request.
 */
export function edgeCacheKey(parts: KeyParts): string {
  const fields = [
    `address=${encodeURIComponent(parts.address)}`,
    `content=${encodeURIComponent(parts.state.contentVersion)}`,
    `fragment=${parts.state.fragment}@${encodeURIComponent(parts.state.fragmentBuild)}`,
  ];
  for (const name of Object.keys(parts.extra).sort())
    fields.push(`${name}=${encodeURIComponent(parts.extra[name] ?? "")}`);
  return `https://edge-cache.internal/${parts.kind}?${fields.join("&")}`;
}

/** The stored form: the body as text plus the headers to answer with. */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: string;
  /** The CSP nonce written into `body`, replaced by each response's own. */
  nonce: string | null;
}

const STORED_CACHE_CONTROL = "x-edge-stored-cache-control";
const STORED_NONCE = "x-edge-stored-nonce";
const STORED_EXPIRES = "x-edge-stored-expires";

/**
 * The isolate's own tier in front of the Cache API: the most read answers stay in memory, so a
 * hit costs no call at all. Bounded by entries and bytes, least recently used out first.
 */
class MemoryTier {
  readonly #entries = new Map<string, { answer: StoredAnswer; expires: number; bytes: number }>();
  #bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get(key: string, now: number): StoredAnswer | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    this.#entries.delete(key);
    if (entry.expires <= now) {
      this.#bytes -= entry.bytes;
      return null;
    }
    this.#entries.set(key, entry);
    return entry.answer;
  }

  set(key: string, answer: StoredAnswer, expires: number): void {
    const bytes = answer.body.length * 2 + 512;
    if (bytes > this.maxBytes / 8) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    this.#entries.set(key, { answer, expires, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }
}

const memory = new MemoryTier(500, 32 * 1024 * 1024);

/** The memory tier, then this location's Cache API. */
export async function lookup(key: string): Promise<StoredAnswer | null> {
  const now = Date.now();
  const remembered = memory.get(key, now);
  if (remembered) return remembered;
  const hit = await caches.default.match(key);
  if (!hit) return null;
  const headers: [string, string][] = [];
  let nonce: string | null = null;
  let expires = now + 1_000;
  hit.headers.forEach((value, name) => {
    if (name === STORED_CACHE_CONTROL) headers.push(["cache-control", value]);
    else if (name === STORED_NONCE) nonce = value;
    else if (name === STORED_EXPIRES) expires = Number(value) || expires;
    else if (name !== "cache-control" && name !== "content-length") headers.push([name, value]);
  });
  const answer: StoredAnswer = { status: hit.status, headers, body: await hit.text(), nonce };
  memory.set(key, answer, expires);
  return answer;
}

/**
 * Stores for `ttlSeconds` (at most EDGE_TTL_CEILING_SECONDS) in both tiers. The answer's own
 * `Cache-Control` (what browsers and downstream CDNs get) is kept aside and restored on a hit.
 */
export async function store(key: string, answer: StoredAnswer, ttlSeconds: number): Promise<void> {
  const ttl = Math.max(1, Math.min(EDGE_TTL_CEILING_SECONDS, Math.floor(ttlSeconds)));
  const expires = Date.now() + ttl * 1_000;
  const headers = new Headers();
  for (const [name, value] of answer.headers) {
    if (name === "set-cookie") throw new Error("a response with cookies is never cached");
    if (name === "cache-control") headers.set(STORED_CACHE_CONTROL, value);
    else headers.append(name, value);
  }
  if (answer.nonce) headers.set(STORED_NONCE, answer.nonce);
  headers.set(STORED_EXPIRES, String(expires));
  headers.set("cache-control", `public, max-age=${ttl}`);
  memory.set(key, answer, expires);
  await caches.default.put(key, new Response(answer.body, { status: answer.status, headers }));
}

/**
 * One render per key at a time in this isolate: requests that miss while a render for the same
 * key is under way wait for it instead of starting their own.
 */
export class Coalescer<T> {
  readonly #inFlight = new Map<string, Promise<T>>();

  run(key: string, produce: () => Promise<T>): { value: Promise<T>; shared: boolean } {
    const pending = this.#inFlight.get(key);
    if (pending) return { value: pending, shared: true };
    const value = produce().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, value);
    return { value, shared: false };
  }
}

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
