/**
 * One render per key at a time in this isolate, without one request ever awaiting a promise
 * another request created (on Cloudflare, a cancelled request cancels such waiters; decision
 * 0014). The first request to miss takes a lease and renders; the others who miss meanwhile
 * wait in their own request, on their own timers, for the leader's answer to appear in the
 * memory tier. If the lease ends without one (the answer was not keepable) or runs out (the
 * leader was cancelled or is stuck), each renders for itself.
 */
export class RenderLeases {
  readonly #held = new Map<string, number>();

  /** Takes the lease on `key` until `now + leaseMs`, unless someone holds it. */
  take(key: string, now: number, leaseMs: number): boolean {
    const until = this.#held.get(key);
    if (until !== undefined && until > now) return false;
    this.#held.set(key, now + leaseMs);
    return true;
  }

  held(key: string, now: number): boolean {
    const until = this.#held.get(key);
    return until !== undefined && until > now;
  }

  release(key: string): void {
    this.#held.delete(key);
  }
}

export interface RenderOnce<T> {
  key: string;
  leases: RenderLeases;
  /** How long a leader may take before followers stop waiting for it. */
  leaseMs: number;
  /** The kept answer for `key`, if one is there now (the memory tier: no I/O). */
  peek: (key: string) => T | null;
  render: () => Promise<T>;
}

const POLL_MS = [2, 4, 8, 16, 25];

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The kept answer once another request has made it (`shared`), or this request's own render. */
export async function renderOnce<T>(job: RenderOnce<T>): Promise<{ value: T; shared: boolean }> {
  const { key, leases } = job;
  if (leases.take(key, Date.now(), job.leaseMs)) {
    try {
      return { value: await job.render(), shared: false };
    } finally {
      leases.release(key);
    }
  }
  for (let attempt = 0; leases.held(key, Date.now()); attempt++) {
    await sleep(POLL_MS[Math.min(attempt, POLL_MS.length - 1)] ?? 25);
    const kept = job.peek(key);
    if (kept !== null) return { value: kept, shared: true };
  }
  const kept = job.peek(key);
  return kept !== null
    ? { value: kept, shared: true }
    : { value: await job.render(), shared: false };
}
