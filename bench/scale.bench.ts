// Scale, measured (issue 16 §5): the staff's and a member's everyday reads on a big studio. Two
// scratch PostgreSQL databases of the same shape (bench/lib/scale-seed.ts): full scale, 50,000 people
// of one studio and 500,000 bookings among 1,000 studios, and 1/100 of it (500 people, 5,000 bookings,
// 10 studios). For each, the app server of `npm start` from the last build, then one client sending
// each request in turn (BENCH_SCALE_WARM_UP first, unmeasured, then BENCH_SCALE_SAMPLES measured):
//   people search         GET /api/users?q=<first name> <last name's first letters>&limit=50
//   roster of 40          GET /api/instances/{id}/roster
//   my 300 bookings       GET /api/me/bookings (the attendee's own session)
//   one week's classes    GET /api/instances?from=<Monday>&to=<next Monday>
//   orders, deep          GET /api/orders?limit=50&cursor=<a key 50–90 % down the list>
//   people page           GET /dashboard/users?q=…
//   calendar page         GET /dashboard/calendar (this week: 60 classes)
// Aims: each p95 < 50 ms at full scale, and within 2× of the same p95 at 1/100 scale.
// BENCH_SCALE_KEEP=1 keeps both databases (their names are printed) for EXPLAIN ANALYZE.
// Run: npm run build && TEST_DATABASE_URL=postgres://… BENCH_ONLY=scale npm run bench
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { startApp } from "./lib/booking-servers";
import { closedLoop, formatStatuses, quantile, type RequestSpec } from "./lib/load";
import { progress, type Aim, type BenchResult, type Figure } from "./lib/measure";
import { FULL, personName, seedScale, SMALL, type ScaleSeed, type ScaleShape } from "./lib/scale-seed";
import { stopServer, stopServersOnSignal, type ServerProcess } from "./lib/server-process";

const BENCH = "scale";
const SAMPLES = Math.max(20, Number(process.env.BENCH_SCALE_SAMPLES ?? 200));
const WARM_UP = Math.max(1, Number(process.env.BENCH_SCALE_WARM_UP ?? 30));
const KEEP = Boolean(process.env.BENCH_SCALE_KEEP);
const AIM_P95_MS = 50;
const AIM_RATIO = 2;

function serverUrl(): string | undefined {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export function scaleBenchAvailable(): { ok: true } | { ok: false; reason: string } {
  if (!serverUrl()) return { ok: false, reason: "set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server" };
  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID")))
    return { ok: false, reason: "no production build: run `npm run build` first" };
  return { ok: true };
}

type Probe = { label: string; requests: (seeded: ScaleSeed) => RequestSpec[] };

const cookie = (token: string) => ({ cookie: `session=${token}` });
const encodeKey = (key: readonly unknown[]) => Buffer.from(JSON.stringify(key), "utf8").toString("base64url");

/** A door search: a member's first name and the start of the last name (about 25 matches at full scale). */
function searches(): string[] {
  return Array.from({ length: 8 }, (_, k) => {
    const [first, last] = personName(k * 41 + 7).split(" ");
    return `${first} ${last!.slice(0, 3)}`;
  });
}

const PROBES: Probe[] = [
  {
    label: "GET /api/users?q=…&limit=50",
    requests: (s) =>
      searches().map((q) => ({
        method: "GET",
        path: `/api/users?q=${encodeURIComponent(q)}&limit=50`,
        headers: cookie(s.adminToken),
      })),
  },
  {
    label: "GET /api/instances/{id}/roster (40)",
    requests: (s) => [{ method: "GET", path: `/api/instances/${s.rosterInstanceId}/roster`, headers: cookie(s.adminToken) }],
  },
  {
    label: "GET /api/me/bookings (300)",
    requests: (s) => [{ method: "GET", path: "/api/me/bookings", headers: cookie(s.personToken) }],
  },
  {
    label: "GET /api/instances (one week)",
    requests: (s) => [
      {
        method: "GET",
        path: `/api/instances?from=${s.week.from.toISOString()}&to=${s.week.to.toISOString()}`,
        headers: cookie(s.adminToken),
      },
    ],
  },
  {
    label: "GET /api/orders?limit=50&cursor (deep)",
    requests: (s) =>
      s.deepOrderKeys.map((key) => ({
        method: "GET",
        path: `/api/orders?limit=50&cursor=${encodeKey(key)}`,
        headers: cookie(s.adminToken),
      })),
  },
  {
    label: "/dashboard/users?q=… (HTML)",
    requests: (s) =>
      searches().map((q) => ({
        method: "GET",
        path: `/dashboard/users?q=${encodeURIComponent(q)}`,
        headers: cookie(s.adminToken),
      })),
  },
  {
    label: "/dashboard/calendar (HTML)",
    requests: (s) => [{ method: "GET", path: "/dashboard/calendar", headers: cookie(s.adminToken) }],
  },
];

type Latency = { p50: number; p95: number };
type Measured = { shape: string; latencies: Map<string, Latency> };

/** One client, each request after the last answered; every answer must be 200. */
async function measureProbe(server: ServerProcess, specs: RequestSpec[], label: string): Promise<Latency> {
  const run = (count: number) =>
    closedLoop({
      baseUrl: server.url,
      concurrency: 1,
      durationMs: 10 * 60_000,
      next: (k) => (k < count ? specs[k % specs.length] : undefined),
    });
  await run(WARM_UP);
  const result = await run(SAMPLES);
  if (result.statuses.get(200) !== SAMPLES) throw new Error(`${label}: answers ${formatStatuses(result)}`);
  return { p50: quantile(result.latencies, 0.5), p95: quantile(result.latencies, 0.95) };
}

async function measureShape(name: string, shape: ScaleShape, admin: pg.Client, dataDir: string): Promise<Measured> {
  const { migratePostgres } = await import("@/lib/db/client");
  const database = `studio_bench_scale_${name}_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(serverUrl()!);
  url.pathname = `/${database}`;
  let server: ServerProcess | undefined;
  const stopOnSignal = stopServersOnSignal(() => [server]);
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    progress(BENCH, `${name}: scratch database ${database}: migrating`);
    await admin.query(`CREATE DATABASE "${database}"`);
    await migratePostgres(url.toString());
    await client.connect();
    progress(BENCH, `${name}: seeding ${shape.people} people, ${shape.bookings} bookings among ${shape.studios} studios`);
    const seeded = await seedScale(client, shape, (message) => progress(BENCH, `${name}: ${message}`));
    progress(BENCH, `${name}: ${JSON.stringify(seeded.counts)}`);
    server = await startApp(url.toString(), dataDir);
    const latencies = new Map<string, Latency>();
    for (const probe of PROBES) {
      const latency = await measureProbe(server, probe.requests(seeded), probe.label);
      progress(BENCH, `${name}: ${probe.label}: p50 ${latency.p50} ms, p95 ${latency.p95} ms`);
      latencies.set(probe.label, latency);
    }
    return { shape: name, latencies };
  } finally {
    await stopServer(server);
    stopOnSignal();
    await client.end().catch(() => undefined);
    if (KEEP) progress(BENCH, `${name}: kept the database ${database} (BENCH_SCALE_KEEP)`);
    else await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
}

const ratio = (full: number, small: number) => Math.round((full / small) * 100) / 100;

function report(small: Measured, full: Measured): BenchResult {
  const figures: Figure[] = [];
  const aims: Aim[] = [];
  for (const { label } of PROBES) {
    const s = small.latencies.get(label)!;
    const f = full.latencies.get(label)!;
    const r = ratio(f.p95, s.p95);
    figures.push({
      bench: BENCH,
      measure: label,
      value: `1/100: p50 ${s.p50} ms, p95 ${s.p95} ms; full: p50 ${f.p50} ms, p95 ${f.p95} ms; p95 full/small ${r}`,
    });
    aims.push({ aim: `${label}: p95 < ${AIM_P95_MS} ms at full scale`, figure: `${f.p95} ms`, holds: f.p95 < AIM_P95_MS });
    aims.push({ aim: `${label}: p95 full / 1/100 ≤ ${AIM_RATIO}`, figure: `${r}`, holds: r <= AIM_RATIO });
  }
  figures.push({ bench: BENCH, measure: "requests per figure", value: `${SAMPLES} in turn, after ${WARM_UP} unmeasured` });
  return { figures, aims };
}

export async function benchScale(): Promise<BenchResult> {
  const available = scaleBenchAvailable();
  if (!available.ok) {
    progress(BENCH, `skipped: ${available.reason}`);
    return { figures: [{ bench: BENCH, measure: "skipped", value: available.reason }], aims: [] };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-scale-"));
  Object.assign(process.env, { NODE_ENV: "production", LOG_LEVEL: "silent", DEMO_MODE: "false", DATA_DIR: dataDir });
  delete process.env.DATABASE_URL;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    const small = await measureShape("small", SMALL, admin, dataDir);
    const full = await measureShape("full", FULL, admin, dataDir);
    return report(small, full);
  } finally {
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printAims, printFigures } = await import("./lib/measure");
  const { figures, aims } = await benchScale();
  printFigures(figures);
  printAims(aims);
}
