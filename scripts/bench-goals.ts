/**
 * Issue 19's targets, checked against one `npm run bench` run: each goal with the figure that
 * decides it and "met" or "NOT met". A missed goal is reported, never an error (the command
 * fails only on errors, non-2xx answers or no completed request).
 */
import { floorName, kilobytes, nearestFloor } from "./bench-floors.ts";
import { markdownTable } from "./markdown-table.ts";
import type { Measured } from "./site-targets.ts";

export const UNCACHED_ARTICLE_CPU_MS = 2.0;
export const UNCACHED_ARTICLE_P99_MS = 150;
export const UNCACHED_PAGE_CPU_MS = 3.0;
/** Uncached pages held to `UNCACHED_PAGE_CPU_MS` (the article has its own, stricter goal). */
export const UNCACHED_PAGES = ["home", "section", "author", "tag", "today's paper"] as const;
export const SIGNED_IN_SHARE = 0.5;
export const SIGNED_IN_PAGES = ["article", "home"] as const;
export const FLOOR_SHARE = 0.9;
export const HEAP_LIMIT_BYTES = 64 * 1024 * 1024;

/** One page compared at the default size and at scale (issue 19: p50 ratio). */
export interface ScaleComparison {
  page: string;
  defaultP50: number;
  scaleP50: number;
  /** The largest acceptable ratio of the p50 at scale to the p50 at the default size. */
  maxRatio: number;
}

/** One Worker's isolate heap, read through workerd's inspector after the bench. */
export interface HeapReading {
  /** Which stack ("default", "100000 articles"). */
  stack: string;
  worker: string;
  usedBytes: number;
  totalBytes: number;
}

export interface BenchRun {
  results: readonly Measured[];
  /** Body size in bytes of each page target, by target name (edge-cached pages need theirs). */
  pageBytes: ReadonlyMap<string, number>;
  /** Null when the scale comparison was skipped (`BENCH_SCALE=0`). */
  scale: readonly ScaleComparison[] | null;
  heaps: readonly HeapReading[];
}

export interface GoalRow {
  target: string;
  goal: string;
  figure: string;
  met: boolean;
}

const ms = (value: number): string => `${value.toFixed(3)} ms`;
const percent = (share: number): string => `${(100 * share).toFixed(0)}%`;
const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A share of another target's throughput, with both CPU figures: on a machine other work slows,
 * req/s moves from run to run while CPU per request does not, so both are shown.
 */
function throughputShare(share: number, target: Measured, reference: Measured): string {
  const rates = `${target.requestsPerSecond.toFixed(0)} of ${reference.requestsPerSecond.toFixed(0)} req/s`;
  const cpu =
    target.cpuMsPerRequest === null || reference.cpuMsPerRequest === null
      ? ""
      : `; CPU ${ms(target.cpuMsPerRequest)} vs ${ms(reference.cpuMsPerRequest)}`;
  return `${percent(share)} (${rates}${cpu})`;
}

function find(results: readonly Measured[], name: string): Measured | undefined {
  return results.find((result) => result.name === name);
}

function notMeasured(target: string, goal: string): GoalRow {
  return { target, goal, figure: "not measured", met: false };
}

function uncachedGoals(results: readonly Measured[]): GoalRow[] {
  const rows: GoalRow[] = [];
  const articleGoal = `<= ${UNCACHED_ARTICLE_CPU_MS} ms CPU, p99 < ${UNCACHED_ARTICLE_P99_MS} ms`;
  const article = find(results, "article (uncached)");
  if (article?.cpuMsPerRequest == null) rows.push(notMeasured("article (uncached)", articleGoal));
  else {
    rows.push({
      target: "article (uncached)",
      goal: articleGoal,
      figure: `${ms(article.cpuMsPerRequest)} CPU, p99 ${article.p99} ms`,
      met:
        article.cpuMsPerRequest <= UNCACHED_ARTICLE_CPU_MS && article.p99 < UNCACHED_ARTICLE_P99_MS,
    });
  }
  for (const page of UNCACHED_PAGES) {
    const name = `${page} (uncached)`;
    const goal = `<= ${UNCACHED_PAGE_CPU_MS} ms CPU`;
    const result = find(results, name);
    if (result?.cpuMsPerRequest == null) rows.push(notMeasured(name, goal));
    else {
      rows.push({
        target: name,
        goal,
        figure: `${ms(result.cpuMsPerRequest)} CPU`,
        met: result.cpuMsPerRequest <= UNCACHED_PAGE_CPU_MS,
      });
    }
  }
  return rows;
}

function signedInGoals(results: readonly Measured[]): GoalRow[] {
  return SIGNED_IN_PAGES.map((page) => {
    const target = `${page} (signed in)`;
    const goal = `>= ${percent(SIGNED_IN_SHARE)} of ${page} (edge cache) req/s`;
    const signedIn = find(results, target);
    const anonymous = find(results, `${page} (edge cache)`);
    if (!signedIn || !anonymous || anonymous.requestsPerSecond <= 0)
      return notMeasured(target, goal);
    const share = signedIn.requestsPerSecond / anonymous.requestsPerSecond;
    return {
      target,
      goal,
      figure: throughputShare(share, signedIn, anonymous),
      met: share >= SIGNED_IN_SHARE,
    };
  });
}

/** Every edge-cached page against the body floor nearest its size. */
function floorGoals(
  results: readonly Measured[],
  pageBytes: ReadonlyMap<string, number>,
): GoalRow[] {
  const floors = results
    .map((result) => ({ result, kb: /^floor: (\d+) KB body$/.exec(result.name)?.[1] }))
    .filter((floor): floor is { result: Measured; kb: string } => floor.kb !== undefined)
    .map(({ result, kb }) => ({ result, kb: Number(kb) }));
  return results
    .filter((result) => result.name.endsWith(" (edge cache)"))
    .map((page) => {
      const bytes = pageBytes.get(page.name);
      const kb = bytes === undefined ? undefined : kilobytes(bytes);
      const floorKb =
        kb === undefined
          ? undefined
          : nearestFloor(
              kb,
              floors.map((f) => f.kb),
            );
      const floor = floors.find((candidate) => candidate.kb === floorKb)?.result;
      const goal =
        floorKb === undefined
          ? `>= ${percent(FLOOR_SHARE)} of the same-size body floor`
          : `>= ${percent(FLOOR_SHARE)} of ${floorName(floorKb)} (page ${kb} KB)`;
      if (!floor || floor.requestsPerSecond <= 0) return notMeasured(page.name, goal);
      const share = page.requestsPerSecond / floor.requestsPerSecond;
      return {
        target: page.name,
        goal,
        figure: throughputShare(share, page, floor),
        met: share >= FLOOR_SHARE,
      };
    });
}

function scaleGoals(scale: readonly ScaleComparison[] | null): GoalRow[] {
  if (scale === null) {
    return [
      {
        target: "scale comparison",
        goal: "p50 ratios",
        figure: "skipped (BENCH_SCALE=0)",
        met: false,
      },
    ];
  }
  return scale.map((row) => {
    const ratio = row.defaultP50 > 0 ? row.scaleP50 / row.defaultP50 : Number.POSITIVE_INFINITY;
    return {
      target: `${row.page} at scale`,
      goal: `p50 <= ${row.maxRatio}x default`,
      figure: `${ratio.toFixed(2)}x (${row.defaultP50} -> ${row.scaleP50} ms)`,
      met: ratio <= row.maxRatio,
    };
  });
}

function heapGoals(heaps: readonly HeapReading[]): GoalRow[] {
  if (heaps.length === 0) {
    return [notMeasured("isolate heaps", `each < ${megabytes(HEAP_LIMIT_BYTES)}`)];
  }
  return heaps.map((heap) => ({
    target: `heap: ${heap.worker} (${heap.stack})`,
    goal: `< ${megabytes(HEAP_LIMIT_BYTES)} used`,
    figure: `${megabytes(heap.usedBytes)} used of ${megabytes(heap.totalBytes)}`,
    met: heap.usedBytes < HEAP_LIMIT_BYTES,
  }));
}

/** Every goal of issue 19, in the order the issue lists them. */
export function evaluateGoals(run: BenchRun): GoalRow[] {
  return [
    ...uncachedGoals(run.results),
    ...signedInGoals(run.results),
    ...floorGoals(run.results, run.pageBytes),
    ...scaleGoals(run.scale),
    ...heapGoals(run.heaps),
  ];
}

export function goalTable(rows: readonly GoalRow[]): string {
  return markdownTable([
    ["target", "goal", "figure", "result"],
    ...rows.map((row) => [row.target, row.goal, row.figure, row.met ? "met" : "NOT met"]),
  ]);
}
