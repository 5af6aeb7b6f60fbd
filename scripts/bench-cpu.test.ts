import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cpuMsPerRequest, descendantsNamed, parseProcStat, type ProcStat } from "./bench-cpu.ts";

// A real line's shape: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt
// cmajflt utime stime cutime cstime …
const workerdLine =
  "4242 (workerd) S 4100 4100 4000 0 -1 4194560 9000 0 3 0 1234 567 0 0 20 0 9 0 1000 1 2";

describe("parseProcStat", () => {
  it("reads the pid, name, parent and utime + stime", () => {
    assert.deepEqual(parseProcStat(workerdLine), {
      pid: 4242,
      comm: "workerd",
      ppid: 4100,
      ticks: 1234 + 567,
    });
  });

  it("counts fields from the last parenthesis, so a name with spaces and ')' is read whole", () => {
    const line = "7 (a) b (c) R 1 7 7 0 -1 0 0 0 0 0 10 5 0 0 20 0 1 0 1 1 1";
    assert.deepEqual(parseProcStat(line), { pid: 7, comm: "a) b (c", ppid: 1, ticks: 15 });
  });

  it("refuses a line that is not a stat line", () => {
    assert.throws(() => parseProcStat("nothing here"), /not a \/proc stat line/);
    assert.throws(() => parseProcStat("1 (x) S 0"), /not a \/proc stat line/);
  });
});

describe("descendantsNamed", () => {
  const processes: ProcStat[] = [
    { pid: 100, comm: "node", ppid: 1, ticks: 0 },
    { pid: 101, comm: "workerd", ppid: 100, ticks: 0 },
    { pid: 102, comm: "sh", ppid: 100, ticks: 0 },
    { pid: 103, comm: "workerd", ppid: 102, ticks: 0 },
    // Another helper's stack: not a descendant of this Node process.
    { pid: 200, comm: "node", ppid: 1, ticks: 0 },
    { pid: 201, comm: "workerd", ppid: 200, ticks: 0 },
  ];

  it("finds children and grandchildren of that name, never another tree's", () => {
    assert.deepEqual(descendantsNamed(processes, 100, "workerd"), [101, 103]);
    assert.deepEqual(descendantsNamed(processes, 200, "workerd"), [201]);
    assert.deepEqual(descendantsNamed(processes, 300, "workerd"), []);
  });
});

describe("cpuMsPerRequest", () => {
  it("turns ticks into milliseconds per completed request", () => {
    // 250 ticks at 100 per second = 2,500 ms over 1,000 requests.
    assert.equal(cpuMsPerRequest(250, 100, 1000), 2.5);
    assert.equal(cpuMsPerRequest(0, 100, 10), 0);
  });

  it("has no figure without a completed request", () => {
    assert.equal(cpuMsPerRequest(250, 100, 0), null);
  });
});
