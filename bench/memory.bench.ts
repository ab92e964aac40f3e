// Resident memory of one app instance (issue 35): every process `npm start` leaves running (the
// supervisor scripts/serve.mjs and the app server under it, and what they spawn), idle and under a
// sustained load, on PostgreSQL (a scratch database) and on the embedded database (a scratch data
// directory). The instance is started as a process manager would run `npm start`:
// `node scripts/serve.mjs start` (npm's own process, about 65 MB, and its shell are left out: a
// container runs the command directly), from the last build, in demo mode
// (so that the demo studio's pages are there to load).
// Before it starts, the database is migrated and seeded with the bookings bench's studio
// (bench/lib/booking-seed.ts) from this process. Idle: each process's resident size 5 s after the
// instance answers. Under load: BENCH_WARM_UP_SECONDS (5 s), then BENCH_LOAD_SECONDS (60 s) of 50
// clients in a closed loop, of every 10 requests 6 bookings (POST /api/bookings spread over many
// classes, as the bookings bench, each with its email), 2 public schedule pages (/demo), a public
// API read and GET /api/health; the tree is sampled every 250 ms and each process's peak and the
// peak of their sum reported. Aims: the sum ≤ 512 MB on PostgreSQL, ≤ 640 MB on the embedded database.
// PostgreSQL only with BENCH_DATABASE_URL or TEST_DATABASE_URL. Alone: BENCH_ONLY=memory npm run bench.
import { pathToFileURL } from "node:url";
import { bookingRequest, pairs } from "./lib/booking-seed";
import { closedLoop, formatStatuses, type RequestSpec } from "./lib/load";
import { progress, type Aim, type BenchResult, type Figure } from "./lib/measure";
import { loadSeconds } from "./lib/quick";
import { samplePeaks, totalMb, treeMemory, type ProcessMemory } from "./lib/process-memory";
import {
  DATABASE_LABEL,
  benchPostgresServer,
  buildAvailable,
  withScratchInstance,
  type ScratchInstance,
} from "./lib/scratch-instance";

const BENCH = "memory";
const CLIENTS = 50;
const WARM_UP_MS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5) * 1000;
const RUN_MS = loadSeconds() * 1000;
/** After the instance first answers, before its idle size is read. */
const SETTLE_MS = 5000;
/** The aims of issue 35, in MB resident for the whole instance under load. */
const AIM_MB = { postgres: 512, embedded: 640 } as const;

type Kind = keyof typeof AIM_MB;
const LABEL = DATABASE_LABEL;

export const memoryBenchAvailable = buildAvailable;

type Measured = {
  kind: Kind;
  idle: ProcessMemory[];
  load: { processes: ProcessMemory[]; peakTotalMb: number };
  requestsPerSecond: number;
  statuses: string;
};

export async function benchMemory(): Promise<BenchResult> {
  const available = buildAvailable();
  if (!available.ok) {
    progress(BENCH, `skipped: ${available.reason}`);
    return { figures: [{ bench: BENCH, measure: "skipped", value: available.reason }], aims: [] };
  }
  const runs: Measured[] = [];
  if (benchPostgresServer()) runs.push(await onPostgres());
  else progress(BENCH, "PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  runs.push(await onEmbedded());
  return { figures: runs.flatMap(figuresOf), aims: runs.map(aimOf) };
}

async function onPostgres(): Promise<Measured> {
  return withScratchInstance(BENCH, "postgres", measureInstance);
}

async function onEmbedded(): Promise<Measured> {
  return withScratchInstance(BENCH, "embedded", measureInstance);
}

async function measureInstance({ kind, server: instance, seeded }: ScratchInstance): Promise<Measured> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const idle = treeMemory(instance.pid);
  progress(BENCH, `${LABEL[kind]}: idle ${describe(idle)}`);

  const next = pairs(seeded);
  const request = (k: number): RequestSpec => {
    const slot = k % 10;
    if (slot < 6) return bookingRequest("/api/bookings", next.spread());
    if (slot < 8) return { method: "GET", path: "/demo" };
    if (slot < 9) return { method: "GET", path: "/api/public/accounts/demo/events" };
    return { method: "GET", path: "/api/health" };
  };
  const baseUrl = instance.url;
  await closedLoop({ baseUrl, concurrency: CLIENTS, durationMs: WARM_UP_MS, next: request });
  progress(BENCH, `${LABEL[kind]}: ${RUN_MS / 1000} s of load, ${CLIENTS} clients`);
  const sampler = samplePeaks(instance.pid);
  const result = await closedLoop({ baseUrl, concurrency: CLIENTS, durationMs: RUN_MS, next: request });
  const load = sampler.stop();
  progress(BENCH, `${LABEL[kind]}: under load, peaks ${describe(load.processes)}; all at once ${load.peakTotalMb} MB`);
  return {
    kind,
    idle,
    load,
    requestsPerSecond: Math.round((result.latencies.length / result.seconds) * 10) / 10,
    statuses: formatStatuses(result),
  };
}

const describe = (processes: ProcessMemory[]) =>
  processes.map((p) => `${p.name} ${p.rssMb} MB`).join(", ") + ` (sum ${totalMb(processes)} MB)`;

/** "app server (next-server.ts)" once, "esbuild service (tsx) #2" for a second of a name. */
function labelled(processes: ProcessMemory[]): Map<number, string> {
  const seen = new Map<string, number>();
  const labels = new Map<number, string>();
  for (const p of [...processes].sort((a, b) => a.pid - b.pid)) {
    const n = (seen.get(p.name) ?? 0) + 1;
    seen.set(p.name, n);
    labels.set(p.pid, n === 1 ? p.name : `${p.name} #${n}`);
  }
  return labels;
}

function figuresOf(run: Measured): Figure[] {
  const where = LABEL[run.kind];
  const all = new Map<number, ProcessMemory>();
  for (const p of [...run.idle, ...run.load.processes]) all.set(p.pid, p);
  const labels = labelled([...all.values()]);
  const idleOf = new Map(run.idle.map((p) => [p.pid, p.rssMb]));
  const loadOf = new Map(run.load.processes.map((p) => [p.pid, p.rssMb]));
  const mb = (value: number | undefined) => (value === undefined ? "-" : `${value} MB`);
  return [
    ...[...all.keys()].map((pid) => ({
      bench: BENCH,
      measure: `${where}: ${labels.get(pid)} resident, idle / peak under load`,
      value: `${mb(idleOf.get(pid))} / ${mb(loadOf.get(pid))}`,
    })),
    {
      bench: BENCH,
      measure: `${where}: the instance resident, idle / peak under load`,
      value: `${totalMb(run.idle)} MB / ${run.load.peakTotalMb} MB`,
    },
    {
      bench: BENCH,
      measure: `${where}: throughput under load (${CLIENTS} clients, 6/10 bookings)`,
      value: `${run.requestsPerSecond} requests/s (${run.statuses})`,
    },
  ];
}

function aimOf(run: Measured): Aim {
  const aim = AIM_MB[run.kind];
  return {
    aim: `one instance ≤ ${aim} MB resident under load (${LABEL[run.kind]})`,
    figure: `${run.load.peakTotalMb} MB (idle ${totalMb(run.idle)} MB)`,
    holds: run.load.peakTotalMb <= aim,
  };
}

// Run alone: npx tsx --conditions=react-server bench/memory.bench.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printAims, printFigures } = await import("./lib/measure");
  const result = await benchMemory();
  printFigures(result.figures);
  printAims(result.aims);
}
