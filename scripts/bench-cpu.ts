/**
 * Server CPU time for `npm run bench` (issue 19): the user + system time the kernel charged to
 * the stack's workerd process(es), read from `/proc/<pid>/stat` just before and after a measured
 * autocannon run, per completed request. All Workers of one Miniflare instance run in one workerd
 * process, so this is the cost "across all Workers" the way Cloudflare bills CPU, plus the
 * runtime's own HTTP handling. Linux only; elsewhere the figure is absent.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

export interface ProcStat {
  pid: number;
  /** The executable's name as the kernel keeps it (at most 15 characters). */
  comm: string;
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

/**
 * One `/proc/<pid>/stat` line. The name is in parentheses and may itself hold spaces or ")",
 * so the fields are counted from the last ")": state, ppid, … utime (14th field), stime (15th).
 */
export function parseProcStat(text: string): ProcStat {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${text.slice(0, 80)}`);
  const fields = text
    .slice(close + 2)
    .trim()
    .split(" ");
  const [ppid, utime, stime] = [fields[1], fields[11], fields[12]].map(Number);
  if (
    ppid === undefined ||
    utime === undefined ||
    stime === undefined ||
    [ppid, utime, stime].some(Number.isNaN)
  ) {
    throw new Error(`not a /proc stat line: ${text.slice(0, 80)}`);
  }
  return {
    pid: Number(text.slice(0, open).trim()),
    comm: text.slice(open + 1, close),
    ppid,
    ticks: utime + stime,
  };
}

/** The processes named `name` among the descendants of `root` (children, their children…). */
export function descendantsNamed(
  processes: readonly ProcStat[],
  root: number,
  name: string,
): number[] {
  const children = new Map<number, ProcStat[]>();
  for (const process of processes) {
    children.set(process.ppid, [...(children.get(process.ppid) ?? []), process]);
  }
  const found: number[] = [];
  const queue = [root];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    for (const child of children.get(pid) ?? []) {
      if (child.comm === name) found.push(child.pid);
      queue.push(child.pid);
    }
  }
  return found.sort((a, b) => a - b);
}

/** CPU milliseconds per request from the ticks spent over a run; null without a request. */
export function cpuMsPerRequest(
  ticks: number,
  ticksPerSecond: number,
  requests: number,
): number | null {
  if (requests <= 0 || ticksPerSecond <= 0) return null;
  return (ticks * 1000) / ticksPerSecond / requests;
}

function readStat(pid: number | string): ProcStat | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    // The process ended between listing and reading: it is no longer anyone's parent.
    return null;
  }
}

/** Every process on the machine, or none where there is no /proc. */
function readProcesses(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  return names
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((stat): stat is ProcStat => stat !== null);
}

/** The workerd processes this Node process started (through Miniflare), lowest pid first. */
export function workerdPids(root = process.pid): number[] {
  return descendantsNamed(readProcesses(), root, "workerd");
}

/** The kernel's clock ticks per second (`getconf CLK_TCK`; 100 on every Linux we run). */
export function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

/** utime + stime of the processes now, in ticks; a process that ended is an error. */
export function cpuTicks(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    const stat = readStat(pid);
    if (!stat) throw new Error(`workerd process ${pid} is gone`);
    total += stat.ticks;
  }
  return total;
}
