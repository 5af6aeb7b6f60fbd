import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { siteWorkerTargets } from "./bench-heap.ts";

describe("siteWorkerTargets", () => {
  it("keeps the site's Workers by name and leaves out the bench's own and workerd's internals", () => {
    const ws = (id: string) => `ws://127.0.0.1:9250/${id}`;
    const targets = [
      { id: "core:user:shell", webSocketDebuggerUrl: ws("shell") },
      { id: "core:user:edge-api", webSocketDebuggerUrl: ws("edge-api") },
      { id: "core:user:bench-trivial", webSocketDebuggerUrl: ws("bench-trivial") },
      { id: "core:user:bench-floor-0", webSocketDebuggerUrl: ws("bench-floor-0") },
      { id: "core:core:proxy", webSocketDebuggerUrl: ws("proxy") },
      { id: "core:user:no-socket" },
    ];
    assert.deepEqual(siteWorkerTargets(targets), [
      { worker: "edge-api", webSocketUrl: ws("edge-api") },
      { worker: "shell", webSocketUrl: ws("shell") },
    ]);
  });
});
