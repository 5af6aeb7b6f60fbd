import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../fragment-kit/logger.ts";
import { json, testEnv } from "../test/fake-shell-env.ts";
import { forgetEdgeState, readEdgeState } from "./edge-state.ts";
import type { ServiceBinding } from "./shell-env.ts";

/** An API whose content version takes `delayMs` to read, counting its reads. */
function slowVersionApi(delayMs: number) {
  const counts = { reads: 0, version: "v1" };
  const api: ServiceBinding = {
    async fetch() {
      counts.reads += 1;
      const version = counts.version;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return json({ version });
    },
  };
  return { api, counts };
}

const liveFragment: ServiceBinding = {
  fetch: () => Promise.resolve(json({ buildId: "aaaa1111bbbb" })),
};

beforeEach(forgetEdgeState);
afterEach(() => vi.restoreAllMocks());

describe("readEdgeState", () => {
  it("refreshes an expired value once: requests meanwhile keep the last one", async () => {
    const { api, counts } = slowVersionApi(30);
    const read = {
      env: testEnv(liveFragment, api),
      requestId: "test",
      log: createLogger("shell", "test", {}, () => undefined),
      timeoutMs: 1_000,
      ttlMs: 1_000,
    };
    const clock = vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    expect(await readEdgeState("content", read)).toMatchObject({ contentVersion: "v1" });
    counts.version = "v2";
    clock.mockReturnValue(1_001_500);
    const states = await Promise.all(
      Array.from({ length: 6 }, () => readEdgeState("content", read)),
    );
    expect(counts.reads).toBe(2);
    expect(states.map((state) => state?.contentVersion).sort()).toEqual([
      "v1",
      "v1",
      "v1",
      "v1",
      "v1",
      "v2",
    ]);
    // Once the refresh has settled, everyone has the new value.
    expect(await readEdgeState("content", read)).toMatchObject({ contentVersion: "v2" });
    expect(counts.reads).toBe(2);
  });

  it("reads on every request when the isolate may not remember (ttl 0)", async () => {
    const { api, counts } = slowVersionApi(0);
    const read = {
      env: testEnv(liveFragment, api),
      requestId: "test",
      log: createLogger("shell", "test", {}, () => undefined),
      timeoutMs: 1_000,
      ttlMs: 0,
    };
    await Promise.all([readEdgeState("content", read), readEdgeState("content", read)]);
    expect(counts.reads).toBe(2);
  });
});
