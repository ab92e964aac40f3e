// Booking throughput on PostgreSQL (issue 4; issue 13: "the bench tells the truth"), through a
// production server over HTTP, in sustained runs (BENCH_LOAD_SECONDS, default 60 s; 15 quick) whose booking
// emails are sent during the run and counted in the server's CPU:
//   (a) GET /api/health, 50 clients: the framework's own ceiling on this machine (a trivial route);
//   (b) POST /api/bookings, 50 clients spread over many instances (no two requests wait for one lock);
//   (c) POST /api/bookings, 50 clients on one instance (distinct attendees, capacity ample);
//   (d) the same three from a minimal node:http + pg server (bench/lib/raw-booking-server.ts), which
//       renders and writes its emails as the app does (the same drainBookingEmails and worker pool):
//       the database's ceiling; and the booking statement alone, calls in turn on one connection;
//   (e) open loops at half (b)'s rate (aim p99 < 100 ms), the median of BENCH_ROUNDS runs by p99;
//   (f) twice the load: 100 closed-loop clients, and an open loop at twice (b)'s rate, every answer
//       counted by status ("no answer" included);
//   the open loops send through a load balancer's pool of kept-alive connections (BALANCER_CONNECTIONS),
//   and (f)'s open loop once more without one, a new connection whenever all are busy: a saturated
//   Node process accepts one connection per event-loop turn (libuv ≥ 1.45), so a crowd connecting
//   at once waits in the listen backlog (docs/decisions/0011);
//   (g) where the time goes: the statements a booking sends and this process's CPU to the answer and
//       after it (a probe through the real route handler in this process, whose email must be written),
//       the transaction's length, and CPU per request of each process: the server's process tree (all
//       threads), the scratch database's backends (pg_stat_activity, read from /proc), this generator.
// Rounds (BENCH_ROUNDS, default 3; 1 quick): the app's (a), (b), (c), then the raw server's; each ratio
// (spread / trivial, one instance / trivial, app / raw) is the median of its rounds' ratios, and the
// saturating rate of (e) and (f) is the median of the rounds' (b) rates.
// Emails: every measured run starts with the "BookingEmail" outbox empty, and after each run the bench
// waits until it is empty again (the run's "tail": aim ≤ 10 s). Both servers book into one database
// and drain one outbox, so only the server measured runs: the other is paused with SIGSTOP (after its
// emails are all sent) and continued with SIGCONT when its turn comes, and both are continued before
// they are stopped. The statement-alone run's emails are deleted (no server runs meanwhile).
// It makes a scratch database on the BENCH_DATABASE_URL (or TEST_DATABASE_URL) server, migrates and
// seeds it, starts the app server of `npm start` (scripts/next-server.ts) from the last build on it
// (DEMO_MODE=false, LOG_LEVEL=silent, default pool size, the Node flags of `npm start`) and the raw
// server, warms every route of each up (BENCH_WARM_UP_SECONDS, default 5 s each) and drops the
// database after. It ends with one table of its aims (bench/run.ts prints it after every bench's figures).
// BENCH_QUICK=1: one round and runs of 15 s (bench/lib/quick.ts); BENCH_PROFILE_DIR writes a CPU profile of the app server there.
// Run: npm run build && TEST_DATABASE_URL=postgres://… npx tsx --conditions=react-server bench/bookings.bench.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import {
  bookingsAims,
  bookingsFigures,
  median,
  type Measurements,
  type Overload,
  type RawStats,
  type Round,
  type Trio,
} from "./lib/booking-report";
import { bookingRequest, pairs, seed, type Seed } from "./lib/booking-seed";
import { measureEmailCpu } from "./lib/email-cpu";
import { probeBookings } from "./lib/booking-probe";
import { closedLoop, openLoop, type RequestSpec } from "./lib/load";
import { progress, type BenchResult } from "./lib/measure";
import { loadSeconds, rounds } from "./lib/quick";
import { measureRun, rate, round, type Load, type Measured } from "./lib/measured-run";
import type { Scratch } from "./lib/scratch-database";
import { clearEmailFiles, POOL_SIZE, runOnly, startApp, startRaw, type Servers } from "./lib/booking-servers";
import { pause, stopServer, stopServersOnSignal, type ServerProcess } from "./lib/server-process";
import { statementInTurn } from "./lib/statement-in-turn";

const BENCH = "bookings";
const CLIENTS = 50;
/**
 * The open loops reach the app as through a load balancer: this many kept-alive connections, opened
 * before the run (twice MAX_IN_FLIGHT_REQUESTS: the server's shedding bounds the work, not the pool).
 */
const BALANCER_CONNECTIONS = 256;
/** Before any measured run, each route of a server runs this long (BENCH_WARM_UP_SECONDS). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const RUN_MS = loadSeconds() * 1000;
const ROUNDS = rounds();

/** A PostgreSQL URL for the scratch database, or why there is none. */
function serverUrl(): string | undefined {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export function bookingsBenchAvailable(): { ok: true } | { ok: false; reason: string } {
  if (!serverUrl()) return { ok: false, reason: "set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server" };
  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID")))
    return { ok: false, reason: "no production build: run `npm run build` first" };
  return { ok: true };
}

/** The in-process environment (the probe's); bench/programme.bench.ts sets the same when it ran first. */
function prepareEnvironment(dataDir: string): void {
  Object.assign(process.env, {
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DEMO_MODE: "false",
    DATA_DIR: dataDir,
    EMAIL_TRANSPORT: "outbox",
    EMAIL_OUTBOX_DIR: path.join(dataDir, "probe-outbox"),
  });
  delete process.env.DATABASE_URL;
}

/** Planned measured runs and their wall time so far: the "about N min left" of the progress lines. */
function clock(plannedRuns: number) {
  let done = 0;
  let spentMs = 0;
  return {
    async time<T>(label: string, work: () => Promise<T>): Promise<T> {
      const perRun = done > 0 ? spentMs / done : RUN_MS + 5000;
      const left = Math.max(1, Math.round(((plannedRuns - done) * perRun) / 60_000));
      progress(BENCH, `run ${done + 1}/${plannedRuns}: ${label} (about ${left} min left)`);
      const started = performance.now();
      const result = await work();
      spentMs += performance.now() - started;
      done += 1;
      return result;
    },
  };
}

type Loads = { trivial: Load; spread: Load; hot: Load };

function loadsOf(server: ServerProcess, next: ReturnType<typeof pairs>, api: string): Loads {
  const closed = (make: () => RequestSpec) => (durationMs: number) =>
    closedLoop({ baseUrl: server.url, concurrency: CLIENTS, durationMs, next: make });
  return {
    trivial: closed(() => ({ method: "GET", path: `${api}/health` })),
    spread: closed(() => bookingRequest(`${api}/bookings`, next.spread())),
    hot: closed(() => bookingRequest(`${api}/bookings`, next.hot())),
  };
}

export async function benchBookings(): Promise<BenchResult> {
  const available = bookingsBenchAvailable();
  if (!available.ok) {
    progress(BENCH, `skipped: ${available.reason}`);
    return { figures: [{ bench: BENCH, measure: "skipped", value: available.reason }], aims: [] };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-bookings-"));
  prepareEnvironment(dataDir);
  const { migratePostgres, openPostgres } = await import("@/lib/db/client");
  const { useDatabase, closeDatabase } = await import("@/lib/db");
  const name = `studio_bench_bookings_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  const url = new URL(serverUrl()!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const servers: Partial<Servers> = {};
  const stopOnSignal = stopServersOnSignal(() => [servers.app, servers.raw]);
  let scratch: Scratch | undefined;
  try {
    progress(BENCH, `scratch database ${name}: migrating, seeding`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await migratePostgres(databaseUrl);
    useDatabase(openPostgres(databaseUrl, POOL_SIZE));
    const seeded = await seed();
    scratch = { client: new pg.Client({ connectionString: databaseUrl }), name };
    await scratch.client.connect();
    const probe = await runProbe(seeded, path.join(dataDir, "probe-outbox"));
    await closeDatabase();

    progress(BENCH, "starting the app server (the last build) and the raw node:http + pg server");
    servers.app = await startApp(databaseUrl, dataDir);
    servers.raw = await startRaw(databaseUrl, dataDir);
    pause(servers.raw);
    const measurements = await measureAll(servers as Servers, scratch, seeded, dataDir);
    const report = { ...measurements, probe, clients: CLIENTS, poolSize: POOL_SIZE };
    return {
      figures: bookingsFigures(report).map(([measure, value]) => ({ bench: BENCH, measure, value })),
      aims: bookingsAims(report),
    };
  } finally {
    progress(BENCH, "stopping the servers, dropping the scratch database");
    await stopServer(servers.app);
    await stopServer(servers.raw);
    stopOnSignal();
    await scratch?.client.end();
    await closeDatabase();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The probe, then this process's email sender and workers stopped: they must not send the servers' emails. */
async function runProbe(seeded: Seed, outboxDir: string) {
  progress(BENCH, "statements per booking: bookings through the route handler in this process, each email written");
  const { stopJobs } = await import("@/lib/jobs/wake");
  try {
    const probe = await probeBookings(seeded, outboxDir);
    progress(BENCH, `the statements of one booking:\n    ${probe.list.join("\n    ")}`);
    progress(BENCH, "an email's render and write: confirmations through the email worker, in batches");
    return { ...probe, email: await measureEmailCpu(outboxDir) };
  } finally {
    await stopJobs(); // and its email workers
  }
}

async function measureAll(servers: Servers, scratch: Scratch, seeded: Seed, dataDir: string): Promise<Measurements> {
  const next = pairs(seeded);
  const loads = { app: loadsOf(servers.app, next, "/api"), raw: loadsOf(servers.raw, next, "") };
  const timer = clock(ROUNDS * 7 + 3);
  const measure = async (server: ServerProcess, label: string, load: Load): Promise<Measured> => {
    await runOnly(server, servers, scratch);
    const measured = await timer.time(`${server.name}: ${label}`, () => measureRun(server, scratch, load, RUN_MS));
    clearEmailFiles(dataDir);
    return measured;
  };
  for (const which of ["app", "raw"] as const) {
    await runOnly(servers[which], servers, scratch);
    progress(BENCH, `${servers[which].name}: warming every route up, ${WARM_UP_SECONDS} s each`);
    for (const load of Object.values(loads[which])) await load(WARM_UP_SECONDS * 1000);
  }
  const trio = async (which: "app" | "raw"): Promise<Trio> => ({
    trivial: await measure(servers[which], `GET /health, ${CLIENTS} clients`, loads[which].trivial),
    spread: await measure(servers[which], `POST /bookings spread, ${CLIENTS} clients`, loads[which].spread),
    hot: await measure(servers[which], `POST /bookings on one instance, ${CLIENTS} clients`, loads[which].hot),
  });
  const rounds: Round[] = [];
  for (let n = 1; n <= ROUNDS; n++) {
    rounds.push({ app: await trio("app"), raw: await trio("raw") });
    progress(BENCH, `round ${n}/${ROUNDS}: ${describeRound(rounds.at(-1)!)}`);
  }
  const rawStats = await rawServerStats(servers.raw, scratch, servers);
  progress(BENCH, "the booking statement alone: calls in turn on one connection (both servers paused)");
  pause(servers.raw);
  const inTurn = await statementInTurn(scratch, next.spread);
  await scratch.client.query(`DELETE FROM "BookingEmail"`);
  const saturating = median(rounds.map((r) => rate(r.app.spread, 201)));
  const overload = await measureOverload(
    servers.app,
    saturating,
    (label, load) => measure(servers.app, label, load),
    next,
  );
  return { rounds, seconds: RUN_MS / 1000, rest: { rawStats, inTurn, saturating, overload } };
}

async function rawServerStats(raw: ServerProcess, scratch: Scratch, servers: Servers): Promise<RawStats> {
  await runOnly(raw, servers, scratch);
  return (await (await fetch(`${raw.url}/stats`)).json()) as RawStats;
}

async function measureOverload(
  app: ServerProcess,
  saturating: number,
  measure: (label: string, load: Load) => Promise<Measured>,
  next: ReturnType<typeof pairs>,
): Promise<Overload> {
  const spread = () => bookingRequest("/api/bookings", next.spread());
  const balancer = { connections: BALANCER_CONNECTIONS, open: { method: "GET", path: "/api/health" } };
  const open =
    (ratePerSecond: number, pool: typeof balancer | undefined = balancer): Load =>
    (durationMs) =>
      openLoop({ baseUrl: app.url, ratePerSecond, durationMs, pool, next: spread });
  const closed =
    (concurrency: number): Load =>
    (durationMs) =>
      closedLoop({ baseUrl: app.url, concurrency, durationMs, next: spread });
  const half = Math.max(1, Math.round(saturating / 2));
  const halfRuns: Measured[] = [];
  for (let n = 1; n <= ROUNDS; n++) {
    halfRuns.push(await measure(`open loop at ${half}/s (half saturating), ${n}/${ROUNDS}`, open(half)));
  }
  const double = Math.max(2, 2 * Math.round(saturating));
  return {
    balancerConnections: BALANCER_CONNECTIONS,
    half,
    halfRuns,
    doubleClients: await measure(`POST /bookings spread, ${2 * CLIENTS} clients`, closed(2 * CLIENTS)),
    double,
    doubleRate: await measure(`open loop at ${double}/s (twice saturating)`, open(double)),
    doubleRateCrowd: await measure(
      `open loop at ${double}/s, a new connection whenever all are busy`,
      open(double, undefined),
    ),
  };
}

function describeRound(r: Round): string {
  const share = (a: Measured, b: Measured) => `${round((100 * rate(a, 201)) / rate(b, 200))}%`;
  return (
    `app trivial ${round(rate(r.app.trivial, 200))} req/s, spread ${round(rate(r.app.spread, 201))} bookings/s ` +
    `(${share(r.app.spread, r.app.trivial)}), one instance ${round(rate(r.app.hot, 201))} (${share(r.app.hot, r.app.trivial)}); ` +
    `raw trivial ${round(rate(r.raw.trivial, 200))}, spread ${round(rate(r.raw.spread, 201))}, one instance ${round(rate(r.raw.hot, 201))}`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printAims, printFigures } = await import("./lib/measure");
  const { figures, aims } = await benchBookings();
  printFigures(figures);
  printAims(aims);
}
