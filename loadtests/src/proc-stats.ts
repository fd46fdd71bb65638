// What Linux says about a process and the machine: CPU time from /proc/<pid>/stat, resident
// memory from /proc/<pid>/status, and all cores' busy time from /proc/stat. Linux only.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second, the unit of /proc CPU times; 100 on every common Linux build. */
const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User plus system CPU time of a process (all its threads), in ms. */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state is field 3, so utime (14) and stime (15) sit at 11 and 12.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / clockTicksPerSecond;
}

/**
 * Time a process's main thread (its event loop, for Node) spent runnable but waiting for a
 * core, in ms: the second field of /proc/<pid>/schedstat, in ns. It says how much of a
 * latency figure is the machine being busy rather than the code being slow.
 */
export function runQueueWaitMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(" ");
  return Number(fields[1]) / 1e6;
}

/** The processes whose parent is `pid` (a cluster primary's workers), in pid order. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the name: state (field 3), then the parent's pid (field 4).
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return children.sort((a, b) => a - b);
}

export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

export interface MachineTimes {
  busy: number;
  total: number;
}

export function machineTimes(): MachineTimes {
  const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th values.
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * A CPU meter over a window: percent of one core for each process, `<name>Wait` the percent of
 * the window its main thread waited for a core, and `machine` the percent of all cores busy.
 */
export function startCpuWindow(pids: Record<string, number>): () => Record<string, number> {
  const startedMs = performance.now();
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuTimeMs(pid)]));
  const waitBefore = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, runQueueWaitMs(pid)]),
  );
  const machineBefore = machineTimes();
  return () => {
    const elapsedMs = performance.now() - startedMs;
    const result: Record<string, number> = {};
    for (const [name, pid] of Object.entries(pids)) {
      result[name] = ((cpuTimeMs(pid) - (before[name] ?? 0)) / elapsedMs) * 100;
      result[`${name}Wait`] = ((runQueueWaitMs(pid) - (waitBefore[name] ?? 0)) / elapsedMs) * 100;
    }
    const machineAfter = machineTimes();
    result.machine =
      ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) *
      100;
    return result;
  };
}
