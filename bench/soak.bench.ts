// Whether one instance stays up (issue 43 §1): `npm start` from the build on a scratch database
// (bench/lib/scratch-instance.ts), on PostgreSQL when one is named and on the embedded database.
// First every page and every operation once (tests/helpers/whole-surface.ts), so that every route's
// code is loaded; then SOAK_MINUTES (30; 5 with BENCH_QUICK) at SOAK_RATE requests a second (25) in
// an open loop, then SOAK_DOUBLE_MINUTES (5; 1 quick) at twice the rate. The mix, of every 100
// requests: 30 public schedule reads (the page and its API), 20 bookings (the bookings bench's
// studio, each with its email), 15 of a member's pages, 5 checkouts, 5 desk pages, 2 exports, 1
// import upload (2 at once every 5th time), and 22 of the whole surface in turn (every operation and
// page but the ones that end the session or the studio).
// Every 30 s: each process's resident size, and the server's V8 heap (used, limit) and embedded
// database memory from its Prometheus metrics. Then: the peak after every route had been served,
// the slope of resident memory over the steady phase's last half (a leak shows as a positive slope), answers other than the
// documented ones, deaths. Alone: BENCH_ONLY=soak npm run bench (PostgreSQL with TEST_DATABASE_URL).
import { pathToFileURL } from "node:url";
import { bookingRequest, pairs, type Seed } from "./lib/booking-seed";
import { progress, type Aim, type BenchResult, type Figure } from "./lib/measure";
import { cpuDelta, treeCpu } from "./lib/process-cpu";
import { QUICK } from "./lib/quick";
import { totalMb, treeMemory, type ProcessMemory } from "./lib/process-memory";
import {
  DATABASE_LABEL,
  benchPostgresServer,
  buildAvailable,
  withScratchInstance,
  type DatabaseKind,
  type ScratchInstance,
} from "./lib/scratch-instance";
import { Surface, type SurfaceRequest } from "../tests/helpers/whole-surface";

const BENCH = "soak";
const RATE = Number(process.env.SOAK_RATE ?? 25);
const STEADY_MS = Number(process.env.SOAK_MINUTES ?? (QUICK ? 5 : 30)) * 60_000;
const DOUBLE_MS = Number(process.env.SOAK_DOUBLE_MINUTES ?? (QUICK ? 1 : 5)) * 60_000;
const SAMPLE_MS = 30_000;
const MAX_OUTSTANDING = 400;
const AIM_MB: Record<DatabaseKind, number> = { postgres: 512, embedded: 640 };
/** The heap limit must be at least this many times the largest heap the soak saw. */
const HEAP_HEADROOM = 1.5;
/** MB of resident memory per 10 minutes over the steady phase's last half: more is a leak. */
const SLOPE_AIM_MB_PER_10_MIN = 5;

type Sample = {
  atMs: number;
  phase: string;
  processes: ProcessMemory[];
  heap?: { usedMb: number; limitMb: number };
  /** The embedded database's WebAssembly memory (part of the server's resident size); 0 on PostgreSQL. */
  embeddedDatabaseMb?: number;
};
type Soaked = {
  kind: DatabaseKind;
  samples: Sample[];
  sent: number;
  statuses: Map<number, number>;
  undocumented: Map<string, number>;
  failed: number;
  alive: boolean;
  deaths: number;
  peakAfterAllRoutesMb: number;
  slopeMbPer10Min: number;
  largestHeapMb: number;
  heapLimitMb: number;
  /** The instance's CPU (all its processes and threads) per request, ms, and its share of a core. */
  cpu: { steady?: { msPerRequest: number; cores: number }; double?: { msPerRequest: number; cores: number } };
};

export const soakBenchAvailable = buildAvailable;

export async function benchSoak(): Promise<BenchResult> {
  const runs: Soaked[] = [];
  // SOAK_DATABASES=postgres or =embedded soaks one of them only.
  const only = process.env.SOAK_DATABASES?.split(",");
  if (!only || only.includes("postgres")) {
    if (benchPostgresServer()) runs.push(await withScratchInstance(BENCH, "postgres", soak));
    else progress(BENCH, "PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  }
  if (!only || only.includes("embedded")) runs.push(await withScratchInstance(BENCH, "embedded", soak));
  return { figures: runs.flatMap(figuresOf), aims: runs.flatMap(aimsOf) };
}

async function soak(instance: ScratchInstance): Promise<Soaked> {
  const label = DATABASE_LABEL[instance.kind];
  // The origin the app trusts (APP_URL): cookie-authenticated writes must come from it.
  const baseUrl = instance.server.url.replace("127.0.0.1", "localhost");
  const surface = await Surface.open(baseUrl);
  const member = await Surface.open(baseUrl, { persona: "attendee" });
  const run: Soaked = emptyRun(instance.kind);
  const started = performance.now();
  const samples: Sample[] = [];
  const sample = async (phase: string) => {
    samples.push({
      atMs: performance.now() - started,
      phase,
      processes: treeMemory(instance.server.pid),
      ...(await heapOf(baseUrl)),
    });
    progress(BENCH, `${label}: ${describeSample(samples.at(-1)!)}`);
  };
  await sample("started");

  progress(BENCH, `${label}: every page and every operation once`);
  for (const each of surface.requests()) record(run, await surface.send(each).catch(() => undefined));
  await sample("every route served");
  const allRoutesAt = samples.length - 1;

  const mix = soakMix(surface, member, instance.seeded);
  let phase = "steady";
  const timer = setInterval(() => void sample(phase), SAMPLE_MS);
  try {
    progress(BENCH, `${label}: ${STEADY_MS / 60_000} min at ${RATE} requests/s`);
    run.cpu.steady = await measuringCpu(instance, RATE, STEADY_MS, () => openLoop(run, mix, RATE, STEADY_MS));
    await sample("steady");
    const steadyEnd = samples.length;
    phase = "twice the rate";
    progress(BENCH, `${label}: ${DOUBLE_MS / 60_000} min at ${RATE * 2} requests/s`);
    run.cpu.double = await measuringCpu(instance, RATE * 2, DOUBLE_MS, () => openLoop(run, mix, RATE * 2, DOUBLE_MS));
    run.slopeMbPer10Min = slope(samples.slice(allRoutesAt, steadyEnd));
  } finally {
    clearInterval(timer);
  }
  await sample("end");
  run.samples = samples;
  run.alive = (await fetch(`${baseUrl}/api/health`).catch(() => undefined))?.status === 200;
  run.deaths = instance.server.stderr().split('"msg":"server died"').length - 1;
  const afterAll = samples.slice(allRoutesAt);
  run.peakAfterAllRoutesMb = Math.max(...afterAll.map((each) => totalMb(each.processes)));
  run.largestHeapMb = Math.max(0, ...samples.map((each) => each.heap?.usedMb ?? 0));
  run.heapLimitMb = Math.min(...samples.map((each) => each.heap?.limitMb ?? Infinity));
  return run;
}

type Answer = { label: string; status: number; documented: boolean } | undefined;
/** One request of the mix, sent. */
type Mixed = () => Promise<Answer>;

/** Of every 100 requests, what the header says, in a fixed order. */
function soakMix(surface: Surface, member: Surface, seeded: Seed): (k: number) => Mixed {
  const next = pairs(seeded);
  const operation = (label: string) => {
    const found = surface.requests().find((each) => each.label === label);
    if (!found) throw new Error(`the document has no ${label}`);
    return found;
  };
  const cycle = surface.requests().filter((each) => !Surface.endsTheSession(each));
  const publicReads = [operation("page /[slug]"), operation("GET /public/accounts/{slug}/events")];
  const memberPages = [operation("page /[slug]/me"), operation("GET /me/bookings"), operation("GET /me/entitlements")];
  const desk = [
    operation("page /dashboard/calendar"),
    operation("page /dashboard/classes/[instanceId]"),
    operation("page /dashboard/users"),
    operation("GET /instances/{instanceId}/roster"),
  ];
  const exports = [
    operation("GET /exports/orders.csv"),
    operation("GET /exports/bookings.csv"),
    operation("GET /exports/people.csv"),
  ];
  const checkout = operation("POST /checkout");
  const upload = operation("POST /imports");
  const booking = operation("POST /bookings");
  const via =
    (request: SurfaceRequest, sender: Surface): Mixed =>
    () =>
      sender.send(request);
  const book: Mixed = async () => {
    const spec = bookingRequest("/api/bookings", next.spread());
    const response = await fetch(`${surface.baseUrl}${spec.path}`, {
      method: spec.method,
      headers: { ...spec.headers, "content-type": "application/json" },
      body: JSON.stringify(spec.body),
    });
    await response.arrayBuffer();
    return { label: booking.label, status: response.status, documented: booking.documented.has(response.status) };
  };
  let cycled = 0;
  let uploads = 0;
  return (k) => {
    const slot = k % 100;
    if (slot < 30) return via(publicReads[k % publicReads.length]!, surface);
    if (slot < 50) return book;
    if (slot < 65) return via(memberPages[k % memberPages.length]!, member);
    if (slot < 70) return via(checkout, member);
    if (slot < 75) return via(desk[k % desk.length]!, surface);
    if (slot < 77) return via(exports[k % exports.length]!, surface);
    if (slot === 77 || (slot === 78 && uploads % 5 === 4)) {
      uploads += 1;
      return via(upload, surface);
    }
    return via(cycle[cycled++ % cycle.length]!, surface);
  };
}

/** `rate` requests a second for `durationMs` on a fixed schedule, at most MAX_OUTSTANDING at once. */
async function openLoop(run: Soaked, mix: (k: number) => Mixed, rate: number, durationMs: number): Promise<void> {
  const interval = 1000 / rate;
  const total = Math.floor((durationMs / 1000) * rate);
  const running = new Set<Promise<void>>();
  const started = performance.now();
  for (let k = 0; k < total;) {
    while (k < total && started + k * interval <= performance.now()) {
      const spec = mix(run.sent + k);
      k += 1;
      if (running.size >= MAX_OUTSTANDING) {
        run.failed += 1;
        continue;
      }
      const done: Promise<void> = spec()
        .catch(() => undefined)
        .then((answer) => record(run, answer))
        .finally(() => running.delete(done));
      running.add(done);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(running);
  run.sent += total;
}

function record(run: Soaked, answer: Answer): void {
  if (!answer) {
    run.failed += 1;
    return;
  }
  run.statuses.set(answer.status, (run.statuses.get(answer.status) ?? 0) + 1);
  const key = `${answer.status} ${answer.label}`;
  if (!answer.documented) run.undocumented.set(key, (run.undocumented.get(key) ?? 0) + 1);
}

function emptyRun(kind: DatabaseKind): Soaked {
  return {
    kind,
    samples: [],
    sent: 0,
    statuses: new Map(),
    undocumented: new Map(),
    failed: 0,
    alive: false,
    deaths: 0,
    peakAfterAllRoutesMb: 0,
    slopeMbPer10Min: 0,
    largestHeapMb: 0,
    heapLimitMb: 0,
    cpu: {},
  };
}

/**
 * The server's V8 heap and its embedded database's memory from its Prometheus metrics (each process
 * reports its own: this one's).
 */
async function heapOf(baseUrl: string): Promise<Pick<Sample, "heap" | "embeddedDatabaseMb">> {
  try {
    const text = await (await fetch(`${baseUrl}/api/metrics?format=prometheus`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
    const used = value("nodejs_heap_size_used_bytes");
    const limit = value("nodejs_heap_size_limit_bytes");
    const embeddedDatabase = value("db_embedded_memory_bytes");
    if (!Number.isFinite(used) || !Number.isFinite(limit)) return {};
    const mb = (bytes: number) => Math.round(bytes / 1e6);
    return {
      heap: { usedMb: mb(used), limitMb: mb(limit) },
      embeddedDatabaseMb: Number.isFinite(embeddedDatabase) ? mb(embeddedDatabase) : undefined,
    };
  } catch {
    return {};
  }
}

/** The instance's CPU while `load` runs: ms per request sent, and cores in use on average. */
async function measuringCpu(
  instance: ScratchInstance,
  rate: number,
  durationMs: number,
  load: () => Promise<void>,
): Promise<{ msPerRequest: number; cores: number }> {
  const before = treeCpu(instance.server.pid);
  const started = performance.now();
  await load();
  const cpuMs = cpuDelta(before, treeCpu(instance.server.pid));
  const wallMs = performance.now() - started;
  const requests = Math.floor((durationMs / 1000) * rate);
  return { msPerRequest: Math.round((cpuMs / requests) * 10) / 10, cores: Math.round((cpuMs / wallMs) * 100) / 100 };
}

/** Least-squares slope of the instance's resident size, MB per 10 minutes. */
function slope(samples: Sample[]): number {
  const half = samples.slice(Math.floor(samples.length / 2));
  if (half.length < 2) return 0;
  const xs = half.map((each) => each.atMs / 600_000);
  const ys = half.map((each) => totalMb(each.processes));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : Math.round((num / den) * 10) / 10;
}

function describeSample(sample: Sample): string {
  const processes = sample.processes.map((each) => `${each.name} ${each.rssMb} MB`).join(", ");
  const heap = sample.heap ? `; heap ${sample.heap.usedMb} of ${sample.heap.limitMb} MB` : "";
  const embedded = sample.embeddedDatabaseMb ? `; embedded database ${sample.embeddedDatabaseMb} MB` : "";
  return `${Math.round(sample.atMs / 1000)} s (${sample.phase}): ${processes} (sum ${totalMb(sample.processes)} MB)${heap}${embedded}`;
}

function figuresOf(run: Soaked): Figure[] {
  const where = DATABASE_LABEL[run.kind];
  const statuses = [...run.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  const peaks = new Map<string, number>();
  for (const sample of run.samples)
    for (const each of sample.processes) peaks.set(each.name, Math.max(peaks.get(each.name) ?? 0, each.rssMb));
  return [
    {
      bench: BENCH,
      measure: `${where}: requests answered`,
      value: `${run.sent} (${statuses}; not sent or no answer: ${run.failed})`,
    },
    ...[...peaks].map(([name, mb]) => ({
      bench: BENCH,
      measure: `${where}: ${name} peak resident`,
      value: `${mb} MB`,
    })),
    {
      bench: BENCH,
      measure: `${where}: the instance's peak after every route was served`,
      value: `${run.peakAfterAllRoutesMb} MB`,
    },
    {
      bench: BENCH,
      measure: `${where}: slope of resident memory, steady phase's last half`,
      value: `${run.slopeMbPer10Min} MB per 10 min`,
    },
    {
      bench: BENCH,
      measure: `${where}: largest V8 heap used / the heap limit`,
      value: `${run.largestHeapMb} / ${run.heapLimitMb} MB`,
    },
    ...(["steady", "double"] as const).flatMap((phase) => {
      const cpu = run.cpu[phase];
      const rate = phase === "steady" ? RATE : RATE * 2;
      if (!cpu) return [];
      return [
        {
          bench: BENCH,
          measure: `${where}: the instance's CPU at ${rate} requests/s`,
          value: `${cpu.msPerRequest} ms a request, ${cpu.cores} cores`,
        },
      ];
    }),
  ];
}

function aimsOf(run: Soaked): Aim[] {
  const where = DATABASE_LABEL[run.kind];
  const undocumented = [...run.undocumented].map(([what, n]) => `${what} ×${n}`).join(", ");
  return [
    {
      aim: `alive at the end, no death, only documented answers (${where})`,
      figure: `${run.alive ? "alive" : "DOWN"}, ${run.deaths} deaths, ${undocumented || "0 undocumented"}, ${run.failed} unanswered`,
      holds: run.alive && run.deaths === 0 && run.undocumented.size === 0 && run.failed === 0,
    },
    {
      aim: `one instance ≤ ${AIM_MB[run.kind]} MB resident with every route loaded, through the soak (${where})`,
      figure: `${run.peakAfterAllRoutesMb} MB`,
      holds: run.peakAfterAllRoutesMb <= AIM_MB[run.kind],
    },
    {
      aim: `heap limit ≥ ${HEAP_HEADROOM}× the largest heap used (${where})`,
      figure: `${run.heapLimitMb} MB limit, ${run.largestHeapMb} MB largest`,
      holds: run.largestHeapMb > 0 && run.heapLimitMb >= HEAP_HEADROOM * run.largestHeapMb,
    },
    {
      aim: `resident memory levels off: slope ≤ ${SLOPE_AIM_MB_PER_10_MIN} MB per 10 min (${where})`,
      figure: `${run.slopeMbPer10Min} MB per 10 min`,
      holds: run.slopeMbPer10Min <= SLOPE_AIM_MB_PER_10_MIN,
    },
  ];
}

// Run alone: npx tsx --conditions=react-server bench/soak.bench.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printAims, printFigures } = await import("./lib/measure");
  const result = await benchSoak();
  printFigures(result.figures);
  printAims(result.aims);
}
