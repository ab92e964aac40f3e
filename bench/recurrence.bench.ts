// Expands a weekly series to its 500-occurrence cap in Europe/Copenhagen 50 times; prints median and p95.
// Run: npx tsx bench/recurrence.bench.ts   (aim: median < 20 ms)
import { pathToFileURL } from "node:url";
import { expandSeries, MAX_OCCURRENCES, resolveRule } from "@/lib/recurrence";

type Stats = { medianMs: number; p95Ms: number };

export async function benchRecurrence(runs = 50): Promise<Stats & { cpu: Stats }> {
  // Tuesdays 18:00 (the weekday of startsOn): one weekday is the costliest weekly rule per occurrence.
  const rule = resolveRule(
    { frequency: "weekly", localStartTime: "18:00", startsOn: "2026-01-06", count: MAX_OCCURRENCES },
    { timezone: "Europe/Copenhagen", durationMinutes: 60 },
  );
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    const occurrences = expandSeries(rule);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    if (occurrences.length !== MAX_OCCURRENCES) throw new Error(`expected ${MAX_OCCURRENCES}, got ${occurrences.length}`);
  }
  const result = { ...stats(wall), cpu: stats(cpu) };
  console.log(
    `recurrence: weekly series to ${MAX_OCCURRENCES} occurrences, Europe/Copenhagen, ${runs} runs: ` +
      `median ${result.medianMs} ms, p95 ${result.p95Ms} ms (CPU time: median ${result.cpu.medianMs} ms, p95 ${result.cpu.p95Ms} ms)`,
  );
  return result;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { medianMs: round(at(0.5)), p95Ms: round(at(0.95)) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchRecurrence();
}
