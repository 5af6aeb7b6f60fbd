import { describe, expect, it } from "vitest";
import { parseHistory, planRelease, planRollback } from "./release-plan.ts";

describe("releasing a build", () => {
  it("makes the build live and remembers what served before the first release", () => {
    const plan = planRelease({ live: null, history: [] }, "bbbbbb", "aaaaaa");
    expect(plan.state).toEqual({ live: "bbbbbb", history: ["aaaaaa", "bbbbbb"] });
    expect(plan.changed).toBe(true);
  });

  it("appends to the history", () => {
    const plan = planRelease({ live: "bbbbbb", history: ["aaaaaa", "bbbbbb"] }, "cccccc", null);
    expect(plan.state).toEqual({ live: "cccccc", history: ["aaaaaa", "bbbbbb", "cccccc"] });
  });

  it("does nothing when the build is already live", () => {
    const state = { live: "bbbbbb", history: ["aaaaaa", "bbbbbb"] };
    const plan = planRelease(state, "bbbbbb", "aaaaaa");
    expect(plan.changed).toBe(false);
    expect(plan.state).toBe(state);
  });

  it("releases the build that already served when the registry was empty", () => {
    const plan = planRelease({ live: null, history: [] }, "aaaaaa", "aaaaaa");
    expect(plan.state).toEqual({ live: "aaaaaa", history: ["aaaaaa"] });
  });
});

describe("rolling back", () => {
  const kept = () => true;

  it("makes the previous release live again and forgets the rolled-back one", () => {
    const plan = planRollback({ live: "cccccc", history: ["aaaaaa", "bbbbbb", "cccccc"] }, kept);
    expect(plan.state).toEqual({ live: "bbbbbb", history: ["aaaaaa", "bbbbbb"] });
    const again = planRollback(plan.state, kept);
    expect(again.state).toEqual({ live: "aaaaaa", history: ["aaaaaa"] });
  });

  it("refuses when there is nothing to go back to", () => {
    expect(() => planRollback({ live: null, history: [] }, kept)).toThrow(/nothing/);
    expect(() => planRollback({ live: "aaaaaa", history: ["aaaaaa"] }, kept)).toThrow(/only/);
  });

  it("refuses a build that is no longer kept", () => {
    const state = { live: "bbbbbb", history: ["aaaaaa", "bbbbbb"] };
    expect(() => planRollback(state, (id) => id !== "aaaaaa")).toThrow(/no longer kept/);
  });

  it("reads a damaged history as empty", () => {
    expect(parseHistory("not json")).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory('["a", 1, "b"]')).toEqual(["a", "b"]);
  });
});
