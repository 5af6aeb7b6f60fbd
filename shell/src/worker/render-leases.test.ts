import { describe, expect, it } from "vitest";
import { RenderLeases, renderOnce } from "./render-leases.ts";

/** A job on key `k` whose render takes `ms` and keeps its answer in `kept` when given one. */
function slowJob(
  leases: RenderLeases,
  ms: number,
  kept: Map<string, string> | null,
  count: () => void,
) {
  return () =>
    renderOnce({
      key: "k",
      leases,
      leaseMs: 1_000,
      peek: (key) => kept?.get(key) ?? null,
      render: async () => {
        count();
        await new Promise((resolve) => setTimeout(resolve, ms));
        kept?.set("k", "page");
        return "page";
      },
    });
}

describe("renderOnce", () => {
  it("lets one request render while the others wait for what it keeps", async () => {
    const leases = new RenderLeases();
    const kept = new Map<string, string>();
    let renders = 0;
    const job = slowJob(leases, 30, kept, () => (renders += 1));
    const answers = await Promise.all([job(), job(), job()]);
    expect(renders).toBe(1);
    expect(answers.map((answer) => answer.shared).sort()).toEqual([false, true, true]);
  });

  it("does not wait for a leader that never finishes (a cancelled request): the lease runs out", async () => {
    const leases = new RenderLeases();
    // A leader whose request was cancelled: its lease is taken and its render never settles.
    expect(leases.take("k", Date.now(), 50)).toBe(true);
    const started = Date.now();
    const answer = await renderOnce({
      key: "k",
      leases,
      leaseMs: 50,
      peek: () => null,
      render: () => Promise.resolve("own"),
    });
    expect(answer).toEqual({ value: "own", shared: false });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("renders for itself when the leader kept nothing (a private or missing page)", async () => {
    const leases = new RenderLeases();
    let renders = 0;
    const job = slowJob(leases, 10, null, () => (renders += 1));
    const answers = await Promise.all([job(), job()]);
    expect(renders).toBe(2);
    expect(answers.every((answer) => !answer.shared)).toBe(true);
  });
});
