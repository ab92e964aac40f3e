// Scale, measured (issue 16 §5): the staff's and a member's everyday reads on a big studio. Two
// scratch PostgreSQL databases of the same shape (bench/lib/scale-seed.ts): full scale, 50,000 people
// of one studio and 500,000 bookings among 1,000 studios, and 1/100 of it (500 people, 5,000 bookings,
// 10 studios). An app server of `npm start` from the last build on each, then one client sending
// each request in turn (BENCH_SCALE_WARM_UP first, unmeasured, then BENCH_SCALE_SAMPLES measured, in
// chunks that alternate between the two sizes):
//   people search         GET /api/users?q=<first name> <last name's first letters>&limit=50
//   roster of 40          GET /api/instances/{id}/roster
//   my 300 bookings       GET /api/me/bookings (the attendee's own session)
//   one week's classes    GET /api/instances?from=<Monday>&to=<next Monday>
//   orders, deep          GET /api/orders?limit=50&cursor=<a key 50–90 % down the list>
//   orders, filtered      GET /api/orders?limit=50&status=paid&from=…&to=… (first page, and a deep one by cursor)
//   people page           GET /dashboard/users?q=…
//   calendar page         GET /dashboard/calendar (this week: 60 classes)
//   a person's page       GET /dashboard/users/{id} (the person with 300 bookings and 100 orders more)
//   orders page           GET /dashboard/orders (newest 50; and filtered, a deep page by `after`)
//   the member's page     GET /{slug}/me (the same person's own page: bookings, passes, receipts)
// Aims: each p95 at full scale < 50 ms (an API read; the People and Calendar pages too, as before) or
// < 100 ms (the person's, orders and member's pages, issue 35), and within 2× of the same p95 at 1/100.
// BENCH_SCALE_PROBES=word[,word…] measures only the probes whose label has one of the words.
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
import { scaleSamples, scaleWarmUp } from "./lib/quick";
import { FULL, personName, seedScale, SMALL, type ScaleSeed, type ScaleShape } from "./lib/scale-seed";
import { stopServer, stopServersOnSignal, type ServerProcess } from "./lib/server-process";

const BENCH = "scale";
const SAMPLES = scaleSamples();
const WARM_UP = scaleWarmUp();
const KEEP = Boolean(process.env.BENCH_SCALE_KEEP);
/** Requests in a row on one size before the other's turn. */
const CHUNK = 20;
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

type Probe = {
  label: string;
  requests: (seeded: ScaleSeed) => RequestSpec[];
  /** The p95 aim at full scale, ms (AIM_P95_MS unless said). */
  aimMs?: number;
};
/** Issue 35: a page a person waits on. */
const AIM_PAGE_P95_MS = 100;
/** The orders' filters of the probes: paid orders of half the programme's time. */
const orderFilter = (s: ScaleSeed) => `status=paid&from=${s.orderPeriod.from}&to=${s.orderPeriod.to}`;

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
    requests: (s) => [
      { method: "GET", path: `/api/instances/${s.rosterInstanceId}/roster`, headers: cookie(s.adminToken) },
    ],
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
    label: "GET /api/orders?limit=50&status&from&to",
    requests: (s) => [{ method: "GET", path: `/api/orders?limit=50&${orderFilter(s)}`, headers: cookie(s.adminToken) }],
  },
  {
    label: "GET /api/orders?limit=50&status&from&to&cursor (deep)",
    requests: (s) =>
      s.deepOrderKeys.map((key) => ({
        method: "GET",
        path: `/api/orders?limit=50&${orderFilter(s)}&cursor=${encodeKey(key)}`,
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
  {
    label: "/dashboard/users/{id} (HTML, 300 bookings, 101 orders)",
    aimMs: AIM_PAGE_P95_MS,
    requests: (s) => [{ method: "GET", path: `/dashboard/users/${s.personId}`, headers: cookie(s.adminToken) }],
  },
  {
    label: "/dashboard/orders (HTML, newest 50)",
    aimMs: AIM_PAGE_P95_MS,
    requests: (s) => [{ method: "GET", path: "/dashboard/orders", headers: cookie(s.adminToken) }],
  },
  {
    label: "/dashboard/orders?status&from&to&after (HTML, deep)",
    aimMs: AIM_PAGE_P95_MS,
    requests: (s) =>
      s.deepOrderKeys.map((key) => ({
        method: "GET",
        path: `/dashboard/orders?${orderFilter(s)}&after=${encodeKey(key)}`,
        headers: cookie(s.adminToken),
      })),
  },
  {
    label: "/{slug}/me (HTML, the member's own page)",
    aimMs: AIM_PAGE_P95_MS,
    requests: (s) => [{ method: "GET", path: `/${s.slug}/me`, headers: cookie(s.personToken) }],
  },
];

/** The probes BENCH_SCALE_PROBES names (a word of their label each), or all. */
function chosenProbes(): Probe[] {
  const words = process.env.BENCH_SCALE_PROBES?.split(",")
    .map((word) => word.trim())
    .filter(Boolean);
  return words?.length ? PROBES.filter((probe) => words.some((word) => probe.label.includes(word))) : PROBES;
}

type Latency = { p50: number; p95: number };
type Measured = Map<string, Latency>;
type Prepared = { name: string; database: string; seeded: ScaleSeed; server?: ServerProcess };

/** Runs `count` requests of `specs` in turn, from the `offset`-th on; every answer must be 200. */
async function inTurn(server: ServerProcess, specs: RequestSpec[], offset: number, count: number, label: string) {
  const result = await closedLoop({
    baseUrl: server.url,
    concurrency: 1,
    durationMs: 10 * 60_000,
    next: (k) => (k < count ? specs[(offset + k) % specs.length] : undefined),
  });
  if (result.statuses.get(200) !== count)
    throw new Error(`${label} (${server.name}): answers ${formatStatuses(result)}`);
  return result.latencies;
}

/**
 * Each probe on both servers, in alternating chunks of CHUNK requests (after WARM_UP unmeasured on
 * each): a machine whose load changes meanwhile (2 shared cores) weighs on both sizes alike.
 */
async function measureBoth(small: Prepared, full: Prepared): Promise<{ small: Measured; full: Measured }> {
  const measured = { small: new Map<string, Latency>(), full: new Map<string, Latency>() };
  for (const probe of chosenProbes()) {
    const samples = { small: [] as number[], full: [] as number[] };
    for (const which of ["small", "full"] as const) {
      const side = which === "small" ? small : full;
      await inTurn(side.server!, probe.requests(side.seeded), 0, WARM_UP, probe.label);
    }
    for (let done = 0; done < SAMPLES; done += CHUNK) {
      for (const which of ["small", "full"] as const) {
        const side = which === "small" ? small : full;
        const count = Math.min(CHUNK, SAMPLES - done);
        samples[which].push(...(await inTurn(side.server!, probe.requests(side.seeded), done, count, probe.label)));
      }
    }
    for (const which of ["small", "full"] as const) {
      const latency = { p50: quantile(samples[which], 0.5), p95: quantile(samples[which], 0.95) };
      measured[which].set(probe.label, latency);
      progress(BENCH, `${which}: ${probe.label}: p50 ${latency.p50} ms, p95 ${latency.p95} ms`);
    }
  }
  return measured;
}

function scratchUrl(database: string): string {
  const url = new URL(serverUrl()!);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A scratch database of `shape`, migrated and seeded. */
async function prepare(name: string, shape: ScaleShape, admin: pg.Client, made: string[]): Promise<Prepared> {
  const { migratePostgres } = await import("@/lib/db/client");
  const database = `studio_bench_scale_${name}_${process.pid}_${Date.now().toString(36)}`;
  progress(BENCH, `${name}: scratch database ${database}: migrating`);
  await admin.query(`CREATE DATABASE "${database}"`);
  made.push(database);
  await migratePostgres(scratchUrl(database));
  const client = new pg.Client({ connectionString: scratchUrl(database) });
  await client.connect();
  try {
    progress(
      BENCH,
      `${name}: seeding ${shape.people} people, ${shape.bookings} bookings among ${shape.studios} studios`,
    );
    const started = performance.now();
    const seeded = await seedScale(client, shape, (message) => progress(BENCH, `${name}: ${message}`));
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    progress(BENCH, `${name}: seeded in ${seconds} s: ${JSON.stringify(seeded.counts)}`);
    return { name, database, seeded };
  } finally {
    await client.end();
  }
}

const ratio = (full: number, small: number) => Math.round((full / small) * 100) / 100;

function report(small: Measured, full: Measured): BenchResult {
  const figures: Figure[] = [];
  const aims: Aim[] = [];
  for (const { label, aimMs = AIM_P95_MS } of chosenProbes()) {
    const s = small.get(label)!;
    const f = full.get(label)!;
    const r = ratio(f.p95, s.p95);
    figures.push({
      bench: BENCH,
      measure: label,
      value: `1/100: p50 ${s.p50} ms, p95 ${s.p95} ms; full: p50 ${f.p50} ms, p95 ${f.p95} ms; p95 full/small ${r}`,
    });
    aims.push({
      aim: `${label}: p95 < ${aimMs} ms at full scale`,
      figure: `${f.p95} ms`,
      holds: f.p95 < aimMs,
    });
    aims.push({ aim: `${label}: p95 full / 1/100 ≤ ${AIM_RATIO}`, figure: `${r}`, holds: r <= AIM_RATIO });
  }
  figures.push({
    bench: BENCH,
    measure: "requests per figure",
    value: `${SAMPLES} a size, one at a time, in chunks of ${CHUNK} alternating the sizes, after ${WARM_UP} unmeasured`,
  });
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
  const sides: Prepared[] = [];
  const databases: string[] = [];
  const stopOnSignal = stopServersOnSignal(() => sides.map((side) => side.server));
  try {
    sides.push(await prepare("small", SMALL, admin, databases));
    sides.push(await prepare("full", FULL, admin, databases));
    for (const side of sides) {
      side.server = await startApp(scratchUrl(side.database), dataDir);
      side.server.name = `the app server on the ${side.name} database`;
    }
    progress(
      BENCH,
      `measuring: ${SAMPLES} requests a figure and size, in turn, in chunks of ${CHUNK} alternating the sizes`,
    );
    const loadBefore = os.loadavg()[0]!;
    const measured = await measureBoth(sides[0]!, sides[1]!);
    const result = report(measured.small, measured.full);
    // 2 shared cores: a p95 is the machine's as much as the app's (the ratios weigh both sizes alike)
    const load = [loadBefore, os.loadavg()[0]!].map((n) => n.toFixed(1)).join(" → ");
    result.figures.push({
      bench: BENCH,
      measure: "load average (1 min) over the measuring",
      value: `${load} on ${os.cpus().length} cores`,
    });
    return result;
  } finally {
    for (const side of sides) await stopServer(side.server);
    stopOnSignal();
    for (const database of databases) {
      if (KEEP) progress(BENCH, `kept the database ${database} (BENCH_SCALE_KEEP)`);
      else await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    }
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
