import type { EdgeState } from "./edge-state.ts";
import { withBaseSecurityHeaders } from "./security-headers.ts";

/**
 * The edge cache (issue 7, docs/decisions/0008-edge-cache.md, 0014): anonymous pages and public
 * fragment answers in the Workers Cache API, under keys that name everything the answer was
 * made from. A publish or edit changes the content version, a release changes the fragment's
 * live build, a shell deploy changes the shell build, midnight changes the date line: each makes
 * a new key, so the next request renders afresh and nothing has to be purged.
 */

/** How long an entry may live at the edge when its fragment gives no shorter time. */
const EDGE_TTL_CEILING_SECONDS = 600;
/** Tells how an answer was served: `HIT`, `MISS`, or `BYPASS` (personal, or no edge state). */
export const EDGE_CACHE_HEADER = "x-edge-cache";

/** Key parts beyond the edge state; every value that shapes the stored bytes belongs here. */
export interface KeyParts {
  kind: "page" | "fragment";
  state: EdgeState;
  /** Path and query exactly as asked (`/search?q=storm`). */
  address: string;
  extra: Record<string, string>;
}

/**
 * The Cache API keys on URLs, and only the site's own origin is cached for it on Cloudflare
 * (a made-up host is not), so keys live under `<PUBLIC_ORIGIN>/_edge-cache/`, a path no route
 * or reader ever asks the cache for. Built by hand (every part encoded): made on every request.
 */
export function edgeCacheKey(origin: string, parts: KeyParts): string {
  const fields = [
    `address=${encodeURIComponent(parts.address)}`,
    `content=${encodeURIComponent(parts.state.contentVersion)}`,
    `fragment=${parts.state.fragment}@${encodeURIComponent(parts.state.fragmentBuild)}`,
  ];
  for (const name of Object.keys(parts.extra).sort())
    fields.push(`${name}=${encodeURIComponent(parts.extra[name] ?? "")}`);
  return `${origin}/_edge-cache/${parts.kind}?${fields.join("&")}`;
}

/** The stored form: the body as text plus the headers to answer with. */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: string;
  /** The CSP nonce written into `body`, replaced by each response's own. */
  nonce: string | null;
  /**
   * A signed-in reader's template (decision 0025): the mark written where the reader's name
   * goes, replaced by each reader's own (`personalDocument`); absent on everything else.
   */
  viewerMark?: string;
}

const answerHeaders = new WeakMap<StoredAnswer, Record<string, string>>();

/**
 * A kept answer's headers with the site's base security headers, made once per kept answer: a
 * hit adds only `x-edge-cache` and its CSP (`securedResponse`).
 */
export function keptHeaders(stored: StoredAnswer): Readonly<Record<string, string>> {
  let headers = answerHeaders.get(stored);
  if (!headers) {
    headers = withBaseSecurityHeaders(stored.headers);
    answerHeaders.set(stored, headers);
  }
  return headers;
}

const STORED_CACHE_CONTROL = "x-edge-stored-cache-control";
const STORED_NONCE = "x-edge-stored-nonce";
const STORED_EXPIRES = "x-edge-stored-expires";
const STORED_VIEWER_MARK = "x-edge-stored-viewer-mark";

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

/** The memory tier alone: no call, for a request waiting on another one's render. */
export function peek(key: string): StoredAnswer | null {
  return memory.get(key, Date.now());
}

/** The memory tier, then this location's Cache API. */
export async function lookup(key: string): Promise<StoredAnswer | null> {
  const now = Date.now();
  const remembered = memory.get(key, now);
  if (remembered) return remembered;
  const hit = await caches.default.match(key);
  if (!hit) return null;
  const headers: [string, string][] = [];
  let nonce: string | null = null;
  let viewerMark: string | undefined;
  let expires = now + 1_000;
  hit.headers.forEach((value, name) => {
    if (name === STORED_CACHE_CONTROL) headers.push(["cache-control", value]);
    else if (name === STORED_NONCE) nonce = value;
    else if (name === STORED_EXPIRES) expires = Number(value) || expires;
    else if (name === STORED_VIEWER_MARK) viewerMark = value;
    else if (name !== "cache-control" && name !== "content-length") headers.push([name, value]);
  });
  const body = await hit.text();
  const answer: StoredAnswer = { status: hit.status, headers, body, nonce };
  if (viewerMark) answer.viewerMark = viewerMark;
  memory.set(key, answer, expires);
  return answer;
}

/**
 * Stores for `ttlSeconds` (at most EDGE_TTL_CEILING_SECONDS) in both tiers: the memory tier at
 * once, the Cache API after the response (`waitUntil`, so the write is neither lost nor waited
 * for). The answer's own `Cache-Control` (what browsers and downstream CDNs get) is kept aside
 * and restored on a hit.
 */
export function store(
  key: string,
  answer: StoredAnswer,
  ttlSeconds: number,
  waitUntil: (work: Promise<unknown>) => void,
): void {
  const ttl = Math.max(1, Math.min(EDGE_TTL_CEILING_SECONDS, Math.floor(ttlSeconds)));
  const expires = Date.now() + ttl * 1_000;
  const headers = new Headers();
  for (const [name, value] of answer.headers) {
    if (name === "set-cookie") throw new Error("a response with cookies is never cached");
    if (name === "cache-control") headers.set(STORED_CACHE_CONTROL, value);
    else headers.append(name, value);
  }
  if (answer.nonce) headers.set(STORED_NONCE, answer.nonce);
  if (answer.viewerMark) headers.set(STORED_VIEWER_MARK, answer.viewerMark);
  headers.set(STORED_EXPIRES, String(expires));
  headers.set("cache-control", `public, max-age=${ttl}`);
  memory.set(key, answer, expires);
  waitUntil(caches.default.put(key, new Response(answer.body, { status: answer.status, headers })));
}
