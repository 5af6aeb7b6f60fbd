/**
 * A subrequest with a time budget (decision 0014): `AbortSignal.timeout(ms)` is passed to the
 * binding's `fetch`, so the runtime really cancels the call when the budget runs out, and the
 * caller stops waiting at the same moment, even for a binding that ignores the signal (a test
 * double, an old fragment). One timer, owned by the signal; no second race.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
