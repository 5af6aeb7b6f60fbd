import type { FakeApi } from "edge-api/fake";

/** Path and query of every request the Worker made to the fake API, in order. */
export function pathsAsked(api: FakeApi): string[] {
  return api.calls.map((call) => call.path);
}
