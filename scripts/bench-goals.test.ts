import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { evaluateGoals, goalTable, type BenchRun, type GoalRow } from "./bench-goals.ts";
import type { Measured } from "./site-targets.ts";

function measured(name: string, fields: Partial<Measured> = {}): Measured {
  return {
    name,
    url: `http://127.0.0.1/${name}`,
    requests: 1000,
    requestsPerSecond: 1000,
    p50: 10,
    p99: 50,
    errors: 0,
    non2xx: 0,
    cpuMsPerRequest: 1,
    ...fields,
  };
}

const uncachedPages = ["home", "section", "author", "tag", "today's paper"].map((page) =>
  measured(`${page} (uncached)`, { cpuMsPerRequest: 2.5 }),
);

function run(overrides: Partial<BenchRun> = {}): BenchRun {
  return {
    results: [
      measured("article (uncached)", { cpuMsPerRequest: 1.9, p99: 120 }),
      ...uncachedPages,
      measured("article (edge cache)", { requestsPerSecond: 6000 }),
      measured("home (edge cache)", { requestsPerSecond: 4000 }),
      measured("article (signed in)", { requestsPerSecond: 3100 }),
      measured("home (signed in)", { requestsPerSecond: 1900 }),
      measured("floor: 28 KB body", { requestsPerSecond: 6500 }),
      measured("floor: 55 KB body", { requestsPerSecond: 4200 }),
    ],
    pageBytes: new Map([
      ["article (edge cache)", 29_000],
      ["home (edge cache)", 53_000],
    ]),
    scale: [
      { page: "search", defaultP50: 10, scaleP50: 12, maxRatio: 1.2 },
      { page: "section", defaultP50: 10, scaleP50: 16, maxRatio: 1.5 },
    ],
    heaps: [
      {
        stack: "default",
        worker: "edge-api",
        usedBytes: 20 * 1024 * 1024,
        totalBytes: 30 * 1024 * 1024,
      },
    ],
    ...overrides,
  };
}

function row(rows: GoalRow[], target: string): GoalRow {
  const found = rows.find((candidate) => candidate.target === target);
  if (!found) throw new Error(`no goal for ${target}`);
  return found;
}

describe("evaluateGoals", () => {
  it("holds the uncached article to 2.0 ms CPU and a p99 under 150 ms", () => {
    assert.equal(row(evaluateGoals(run()), "article (uncached)").met, true);
    const slow = run({
      results: [measured("article (uncached)", { cpuMsPerRequest: 1.5, p99: 150 })],
    });
    assert.equal(row(evaluateGoals(slow), "article (uncached)").met, false);
    const costly = run({
      results: [measured("article (uncached)", { cpuMsPerRequest: 2.01, p99: 20 })],
    });
    const costlyRow = row(evaluateGoals(costly), "article (uncached)");
    assert.equal(costlyRow.met, false);
    assert.equal(costlyRow.figure, "2.010 ms CPU, p99 20 ms");
  });

  it("holds home, section, author, tag and today's paper uncached to 3 ms CPU each", () => {
    const rows = evaluateGoals(run());
    for (const page of ["home", "section", "author", "tag", "today's paper"])
      assert.equal(row(rows, `${page} (uncached)`).met, true);
    const over = run({ results: [measured("tag (uncached)", { cpuMsPerRequest: 3.2 })] });
    assert.equal(row(evaluateGoals(over), "tag (uncached)").met, false);
  });

  it("says a page with no CPU figure was not measured, and not met", () => {
    const rows = evaluateGoals(
      run({ results: [measured("home (uncached)", { cpuMsPerRequest: null })] }),
    );
    assert.deepEqual(
      [row(rows, "home (uncached)").figure, row(rows, "home (uncached)").met],
      ["not measured", false],
    );
  });

  it("compares signed-in pages with the same page's anonymous cached throughput", () => {
    const rows = evaluateGoals(run());
    // 3100 / 6000 = 52%: met; 1900 / 4000 = 48%: not.
    assert.equal(row(rows, "article (signed in)").met, true);
    assert.equal(
      row(rows, "article (signed in)").figure,
      "52% (3100 of 6000 req/s; CPU 1.000 ms vs 1.000 ms)",
    );
    assert.equal(row(rows, "home (signed in)").met, false);
  });

  it("holds each cached page against the floor nearest its size", () => {
    const rows = evaluateGoals(run());
    const article = row(rows, "article (edge cache)");
    // 6000 of the 28 KB floor's 6500 = 92%.
    assert.equal(article.goal, ">= 90% of floor: 28 KB body (page 29 KB)");
    assert.equal(article.met, true);
    const home = row(rows, "home (edge cache)");
    // 4000 of the 55 KB floor's 4200 = 95%.
    assert.equal(home.goal, ">= 90% of floor: 55 KB body (page 53 KB)");
    assert.equal(home.met, true);
    const slower = run({
      results: [
        measured("article (edge cache)", { requestsPerSecond: 5800 }),
        measured("floor: 28 KB body", { requestsPerSecond: 6500 }),
      ],
    });
    assert.equal(row(evaluateGoals(slower), "article (edge cache)").met, false);
  });

  it("checks each page's p50 ratio at scale against its own limit", () => {
    const rows = evaluateGoals(run());
    assert.equal(row(rows, "search at scale").met, true);
    assert.equal(row(rows, "section at scale").met, false);
    assert.equal(row(rows, "section at scale").figure, "1.60x (10 -> 16 ms)");
    const skipped = evaluateGoals(run({ scale: null }));
    assert.equal(row(skipped, "scale comparison").figure, "skipped (BENCH_SCALE=0)");
  });

  it("holds every Worker's isolate heap under 64 MB", () => {
    assert.equal(row(evaluateGoals(run()), "heap: edge-api (default)").met, true);
    const big = run({
      heaps: [
        {
          stack: "default",
          worker: "shell",
          usedBytes: 64 * 1024 * 1024,
          totalBytes: 70 * 1024 * 1024,
        },
      ],
    });
    assert.equal(row(evaluateGoals(big), "heap: shell (default)").met, false);
  });
});

describe("goalTable", () => {
  it("prints met or NOT met with the figure", () => {
    const table = goalTable([
      { target: "a", goal: "g", figure: "1", met: true },
      { target: "b", goal: "g", figure: "2", met: false },
    ]);
    assert.match(table, /\| a +\| g +\| 1 +\| met +\|/);
    assert.match(table, /\| b +\| g +\| 2 +\| NOT met \|/);
  });
});
