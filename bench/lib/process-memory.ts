// Resident memory of processes, from /proc (Linux; elsewhere every figure is 0): what one app
// instance holds, each process of the tree `npm start` leaves running named by what it is.
import fs from "node:fs";
import { processTree } from "./process-cpu";

/** One process's resident set in MB and what it is. */
export type ProcessMemory = { pid: number; name: string; rssMb: number };

function rssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined; // ended meanwhile, or no /proc
  }
}

/** What a process of an app instance is, from its command line. */
export function processName(pid: number): string {
  let args: string[] = [];
  try {
    args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return "?";
  }
  const line = args.join(" ");
  if (line.includes("scripts/serve.mjs")) return "supervisor (serve.mjs)";
  if (line.includes("scripts/prepare-database.ts")) return "database preparation";
  if (line.includes("next-server")) return "app server (next-server.ts)";
  if (line.includes("esbuild") && line.includes("--service")) return "esbuild service (tsx)";
  return (args[0] ?? "?").split("/").pop() ?? "?";
}

/** Every process of the tree under `root` that still runs, with its resident size. */
export function treeMemory(root: number): ProcessMemory[] {
  const processes: ProcessMemory[] = [];
  for (const pid of processTree(root)) {
    const rss = rssMb(pid);
    if (rss !== undefined) processes.push({ pid, name: processName(pid), rssMb: rss });
  }
  return processes;
}

export const totalMb = (processes: ProcessMemory[]) => processes.reduce((sum, p) => sum + p.rssMb, 0);

/**
 * Samples a process tree every `intervalMs` until stopped: the peak of each process and the peak
 * of their sum (one instance's resident size at its largest).
 */
export function samplePeaks(root: number, intervalMs = 250) {
  const peaks = new Map<number, ProcessMemory>();
  let peakTotal = 0;
  const sample = () => {
    const processes = treeMemory(root);
    peakTotal = Math.max(peakTotal, totalMb(processes));
    for (const p of processes) if ((peaks.get(p.pid)?.rssMb ?? -1) < p.rssMb) peaks.set(p.pid, p);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop(): { processes: ProcessMemory[]; peakTotalMb: number } {
      clearInterval(timer);
      sample();
      return { processes: [...peaks.values()], peakTotalMb: peakTotal };
    },
  };
}
