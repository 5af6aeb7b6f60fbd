/**
 * Access tokens this isolate has verified, so a signed-in reader's next page costs no
 * signature check (issue 19). Keyed by the exact token string: a token altered in any byte is
 * another key and is verified afresh. An entry holds until the token's own `exp` and never
 * past it, and only while the key set it was verified with is still the isolate's current one:
 * when the keys are fetched again (their time ran out, or a token named a key not seen yet)
 * every token is checked against the new set, so a key the API withdrew stops being honoured
 * exactly when it did before this cache. Bounded; least recently used out first.
 */
export class VerifiedTokens<Claims> {
  readonly #entries = new Map<string, { claims: Claims; expiresAt: number; keys: object }>();

  constructor(readonly maxEntries: number) {}

  /** The claims of `token` if it was verified with `keys` and has not expired at `now` (ms). */
  get(token: string, keys: object, now: number): Claims | null {
    const entry = this.#entries.get(token);
    if (!entry) return null;
    this.#entries.delete(token);
    if (entry.keys !== keys || entry.expiresAt <= now) return null;
    this.#entries.set(token, entry);
    return entry.claims;
  }

  /** Remembers a token `keys` verified, until `expiresAt` (ms; the token's `exp`). */
  set(token: string, claims: Claims, expiresAt: number, keys: object): void {
    this.#entries.delete(token);
    this.#entries.set(token, { claims, expiresAt, keys });
    if (this.#entries.size <= this.maxEntries) return;
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
