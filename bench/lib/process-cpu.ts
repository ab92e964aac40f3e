// CPU time of processes, from /proc (Linux; elsewhere every figure is 0). A process's
// /proc/<pid>/stat counts all its threads (worker threads included), so a server's figure covers
// everything it does.
import fs from "node:fs";

const TICKS_PER_SECOND = 100;

type ProcStat = { pid: number; ppid: number; cpuMs: number };

/** CPU milliseconds used so far per pid. */
export type CpuSnapshot = Map<number, number>;

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" "); // fields[0] is field 3 (state)
    const ticks = Number(fields[11]) + Number(fields[12]); // utime (14) + stime (15)
    return { pid, ppid: Number(fields[1]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined; // ended meanwhile, or no /proc
  }
}

function allPids(): number[] {
  try {
    return fs
      .readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

/** The pids of the process tree under `root` (root first). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of allPids()) {
    const stat = readStat(pid);
    if (stat) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** CPU used so far by each of `pids` that still runs. */
export function pidsCpu(pids: number[]): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat) snapshot.set(pid, stat.cpuMs);
  }
  return snapshot;
}

export const treeCpu = (root: number): CpuSnapshot => pidsCpu(processTree(root));

/** CPU milliseconds used between two snapshots (processes started meanwhile count from zero). */
export function cpuDelta(before: CpuSnapshot, after: CpuSnapshot): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** CPU milliseconds this process (all its threads) used since `since` (process.cpuUsage()). */
export function ownCpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}
