// Booking throughput on PostgreSQL (issue 4), through a production server over HTTP:
//   (a) GET /api/health, 50 clients: the framework's own ceiling on this machine (a trivial route);
//   (b) POST /api/bookings, 50 clients spread over many instances (every request a distinct
//       attendee and instance: no two requests wait for the same lock);
//   (c) POST /api/bookings, 50 clients all on one instance (distinct attendees, capacity ample);
//   (d) the same booking transaction from a minimal node:http + pg server (bench/lib/raw-booking-server.ts):
//       the database's ceiling, spread and on one instance, beside that server's trivial route; and the
//       statement alone, 2000 calls in turn on one connection: the database's time per booking;
//   (e) open-loop runs at half of (b)'s rate: p50/p99 there (aim: p99 < 100 ms), the median run by p99;
//   (f) twice the load: 100 closed-loop clients, and an open loop at twice (b)'s rate; every answer
//       counted by status (aim: no 5xx but 503, and every 503 with Retry-After);
//   (g) where the time goes: the statements a booking sends (counted in-process through the real
//       route handler, on the pg driver), the transaction's length, and the CPU each process spent
//       per request (server, PostgreSQL backends, load generator), read from /proc.
// Aims: (b) ≥ 50% of (a), (c) ≥ 30% of (a). (a), (b) and (c) run in BENCH_ROUNDS rounds (default 3), one
// after another within each round; each ratio is the median of its rounds' ratios, and the runs
// described are those of the median round. (e) is run as many times.
// It makes a scratch database on the BENCH_DATABASE_URL (or TEST_DATABASE_URL) server, migrates and
// seeds it (one studio, many instances, attendees with an unlimited entitlement and a Bearer session),
// starts the app server of `npm start` (scripts/next-server.ts) from the last build on it (DEMO_MODE=false, LOG_LEVEL=silent, default pool
// size, the Node flags of `npm start`) and the raw server, warms every route of each server up
// (BENCH_WARM_UP_SECONDS, default 5 s each), and drops the database after. It always starts its own server: the
// server's database must be the seeded one, so BENCH_APP_URL is not used here.
// bench/run.ts runs it only when a build exists (.next/BUILD_ID) and a PostgreSQL URL is set.
// BENCH_QUICK=1 stops after the app's rounds of closed-loop runs (for trying a change).
// BENCH_LOAD_SECONDS (default 5) sets the length of each measured run; BENCH_PROFILE_DIR writes a
// CPU profile of the app server there.
// Run: npm run build && TEST_DATABASE_URL=postgres://… npx tsx --conditions=react-server bench/bookings.bench.ts
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { nextServerArguments } from "../scripts/lib/next-server-command";
import { BOOK_SQL } from "./lib/booking-statement";
import { callRoute, progress, type Figure } from "./lib/measure";
import {
  closedLoop,
  count,
  cpuDelta,
  formatStatuses,
  openLoop,
  processCpu,
  quantile,
  type LoadResult,
  type RequestSpec,
} from "./lib/load";

const BENCH = "bookings";
const CLIENTS = 50;
const ATTENDEES = 4000;
const SPREAD_INSTANCES = 200;
const HOT_INSTANCES = 8;
const CAPACITY = 1_000_000;
const PROBE_RUNS = 20;
const WARMUP_MS = 1000;
/** Before any measured run, each route of a server runs this long (BENCH_WARM_UP_SECONDS). */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);
const RUN_MS = Number(process.env.BENCH_LOAD_SECONDS ?? 5) * 1000;
/** Rounds of the app's three closed-loop runs (BENCH_ROUNDS); the median round is reported. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const DAY = 86_400_000;

type Attendee = { id: string; token: string };
type Seed = { accountId: string; attendees: Attendee[]; spread: string[]; hot: string[]; probe: string };

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

/** The in-process environment (when run alone); bench/programme.bench.ts sets the same when it ran first. */
function prepareEnvironment(dataDir: string): void {
  Object.assign(process.env, { NODE_ENV: "production", LOG_LEVEL: "silent", DEMO_MODE: "false", DATA_DIR: dataDir });
  delete process.env.DATABASE_URL;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, what: string, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}: ${stderr().slice(-500)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${what} did not answer within 2 minutes`);
}

function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; stderr: () => string } {
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"], env });
  let text = "";
  child.stderr!.on("data", (chunk: Buffer) => (text = (text + chunk.toString()).slice(-4000)));
  return { child, stderr: () => text };
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** One studio, its instances (two days ahead, ample capacity), attendees with an unlimited entitlement and a Bearer session. */
async function seed(): Promise<Seed> {
  const { getDatabase } = await import("@/lib/db");
  const { createSession } = await import("@/lib/auth/create-session");
  const sql = getDatabase().sql;
  const accountId = randomUUID();
  await sql.query(
    `INSERT INTO "Account" ("id", "slug", "name", "timezone", "locale", "opensDaysBefore") VALUES ($1, $2, 'Bench studio', 'Europe/Copenhagen', 'da-DK', 30)`,
    [accountId, `bench-bookings-${Date.now().toString(36)}`],
  );
  const ids = Array.from({ length: ATTENDEES }, () => randomUUID());
  await sql.query(
    `INSERT INTO "User" ("id", "email", "displayName")
     SELECT id, 'attendee' || n || '@bench.test', 'Attendee ' || n FROM unnest($1::text[]) WITH ORDINALITY AS u(id, n)`,
    [ids],
  );
  await sql.query(
    `INSERT INTO "Membership" ("accountId", "userId", "persona") SELECT $1, unnest($2::text[]), 'attendee'`,
    [accountId, ids],
  );
  const productId = randomUUID();
  await sql.query(
    `INSERT INTO "Product" ("id", "accountId", "type", "name", "status", "updatedAt") VALUES ($1, $2, 'subscription', 'Unlimited', 'active', now())`,
    [productId, accountId],
  );
  await sql.query(
    `INSERT INTO "Entitlement" ("id", "accountId", "userId", "productId", "remainingClasses", "validFrom", "status")
     SELECT gen_random_uuid()::text, $1, unnest($2::text[]), $3, NULL, now() - interval '1 day', 'active'`,
    [accountId, ids, productId],
  );
  const eventId = randomUUID();
  await sql.query(
    `INSERT INTO "Event" ("id", "accountId", "title", "durationMinutes", "capacity", "status", "updatedAt") VALUES ($1, $2, 'Bench class', 60, $3, 'published', now())`,
    [eventId, accountId, CAPACITY],
  );
  const instanceIds = Array.from({ length: SPREAD_INSTANCES + HOT_INSTANCES + 1 }, () => randomUUID());
  const startsAt = new Date(Date.now() + 2 * DAY);
  await sql.query(
    `INSERT INTO "Instance" ("id", "accountId", "eventId", "startsAt", "endsAt", "capacity")
     SELECT unnest($1::text[]), $2, $3, $4, $5, $6`,
    [instanceIds, accountId, eventId, startsAt, new Date(startsAt.getTime() + 3_600_000), CAPACITY],
  );
  const attendees: Attendee[] = new Array(ATTENDEES);
  for (let start = 0; start < ATTENDEES; start += 25) {
    await Promise.all(
      ids.slice(start, start + 25).map(async (id, offset) => {
        const { token } = await createSession({ userId: id, accountId, kind: "bearer" });
        attendees[start + offset] = { id, token };
      }),
    );
  }
  return {
    accountId,
    attendees,
    spread: instanceIds.slice(0, SPREAD_INSTANCES),
    hot: instanceIds.slice(SPREAD_INSTANCES, SPREAD_INSTANCES + HOT_INSTANCES),
    probe: instanceIds[SPREAD_INSTANCES + HOT_INSTANCES]!,
  };
}

/**
 * Distinct (attendee, instance) pairs for all runs (app and raw server book into the same database).
 * Spread: the p-th pair is instance p mod M with attendee (p mod M + ⌊p / M⌋) mod N, so consecutive
 * requests hit distinct instances and distinct attendees. Hot: attendee p mod N on hot instance ⌊p / N⌋.
 */
function pairs(seeded: Seed) {
  let spreadNext = 0;
  let hotNext = 0;
  const n = seeded.attendees.length;
  const m = seeded.spread.length;
  return {
    spread(): { attendee: Attendee; instanceId: string } | undefined {
      const p = spreadNext++;
      if (Math.floor(p / m) >= n) return undefined;
      return { attendee: seeded.attendees[((p % m) + Math.floor(p / m)) % n]!, instanceId: seeded.spread[p % m]! };
    },
    hot(): { attendee: Attendee; instanceId: string } | undefined {
      const p = hotNext++;
      const instanceId = seeded.hot[Math.floor(p / n)];
      return instanceId ? { attendee: seeded.attendees[p % n]!, instanceId } : undefined;
    },
  };
}

function bookingRequest(
  pathname: string,
  pair: { attendee: Attendee; instanceId: string } | undefined,
): RequestSpec | undefined {
  if (!pair) return undefined;
  return {
    method: "POST",
    path: pathname,
    headers: { authorization: `Bearer ${pair.attendee.token}` },
    body: { instanceId: pair.instanceId },
  };
}

type Statement = { text: string; startedAt: number; endedAt?: number };

/**
 * Books PROBE_RUNS times through the real POST /bookings handler in this process, recording every
 * statement the pg driver sends: how many before the answer and after it (the confirmation email),
 * and how long the booking statement (its own transaction, the instance's lock held within it) lasts.
 */
async function probeStatements(seeded: Seed): Promise<{
  before: number;
  after: number;
  list: string[];
  totalMs: number;
  txMs: number;
  cpuToAnswerMs: number;
  cpuAfterMs: number;
}> {
  const pg = (await import("pg")).default;
  const route = await import("@/app/api/bookings/route");
  const original = pg.Client.prototype.query;
  let log: Statement[] = [];
  const patched = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const statement: Statement = {
      text: (typeof first === "string" ? first : (first?.text ?? "")).replace(/\s+/g, " ").trim(),
      startedAt: performance.now(),
    };
    log.push(statement);
    const callback = args.at(-1);
    if (typeof callback === "function") {
      // pg-pool's query passes a callback and gets no promise back
      args[args.length - 1] = (...results: unknown[]) => {
        statement.endedAt = performance.now();
        return (callback as (...a: unknown[]) => unknown)(...results);
      };
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(
        () => (statement.endedAt = performance.now()),
        () => (statement.endedAt = performance.now()),
      );
    }
    return result;
  };
  pg.Client.prototype.query = patched as typeof original;
  const before: number[] = [];
  const after: number[] = [];
  const totals: number[] = [];
  const txs: number[] = [];
  const cpuToAnswer: number[] = [];
  const cpuAfter: number[] = [];
  let list: string[] = [];
  try {
    for (let run = 0; run < PROBE_RUNS; run++) {
      log = [];
      const attendee = seeded.attendees[run]!;
      const cpu0 = process.cpuUsage();
      const answer = await callRoute(route, "POST", "/bookings", {
        token: attendee.token,
        body: { instanceId: seeded.probe },
      });
      const cpuAnswer = process.cpuUsage(cpu0);
      if (answer.status !== 201) throw new Error(`in-process POST /bookings answered ${answer.status}`);
      const answered = log.length;
      await new Promise((resolve) => setTimeout(resolve, 300)); // the confirmation email, sent after the answer
      const cpuAll = process.cpuUsage(cpu0);
      // The booking is one statement in autocommit (book_instance): its transaction, holding the
      // instance's lock from inside the statement until its commit.
      const booking = log.find((s) => /book_instance/.test(s.text));
      if (run >= 5) {
        before.push(answered);
        after.push(log.length - answered);
        totals.push(answer.ms);
        cpuToAnswer.push((cpuAnswer.user + cpuAnswer.system) / 1000);
        cpuAfter.push((cpuAll.user + cpuAll.system - cpuAnswer.user - cpuAnswer.system) / 1000);
        if (booking?.endedAt) txs.push(booking.endedAt - booking.startedAt);
      }
      list = log.map((s, i) => `${i < answered ? "" : "(after) "}${s.text.slice(0, 90)}`);
    }
  } finally {
    pg.Client.prototype.query = original;
  }
  return {
    before: quantile(before, 0.5),
    after: quantile(after, 0.5),
    list,
    totalMs: quantile(totals, 0.5),
    txMs: quantile(txs, 0.5),
    cpuToAnswerMs: quantile(cpuToAnswer, 0.5),
    cpuAfterMs: quantile(cpuAfter, 0.5),
  };
}

type Outbox = { backlog: number; drainSeconds: number; serverCpuPerEmailMs?: number };
type Measured = {
  result: LoadResult;
  cpu: { server: number; postgres: number; generator: number };
  /** Confirmation emails still queued when the run ended, and how long the server took to send them. */
  outbox?: Outbox;
};

/**
 * Waits until the server has sent every queued booking email (the outbox table is empty), so one
 * run's emails are not sent during the next run. The server defers them while it is busy answering
 * requests (lib/bookings/booking-email-outbox.ts).
 */
async function drainOutbox(scratch: import("pg").Client): Promise<Outbox> {
  const pending = async () => Number((await scratch.query(`SELECT count(*) AS n FROM "BookingEmail"`)).rows[0].n);
  const backlog = await pending();
  const started = performance.now();
  const deadline = Date.now() + 300_000;
  while ((await pending()) > 0) {
    if (Date.now() > deadline) throw new Error("the server did not send its booking emails within 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { backlog, drainSeconds: round((performance.now() - started) / 1000, 1) };
}

/** Calls of the booking statement before STATEMENT_IN_TURN_CALLS are measured (plans, caches). */
const STATEMENT_IN_TURN_WARM_UP = 200;
const STATEMENT_IN_TURN_CALLS = 2000;

/**
 * The booking statement alone, without HTTP and without concurrency: book_instance called one call
 * after another on one connection, as the servers send it (prepared). Its time is the database's
 * work for one booking, its commit and one local round trip; the PostgreSQL CPU is per call.
 */
async function statementInTurn(
  scratch: import("pg").Client,
  next: () => { attendee: Attendee; instanceId: string } | undefined,
): Promise<{ calls: number; confirmed: number; msPerCall: number; postgresCpuMsPerCall: number }> {
  const { hashToken } = await import("@/lib/auth/tokens");
  const book = async (pair: { attendee: Attendee; instanceId: string }) => {
    const { rows } = await scratch.query<{ outcome: string }>({
      name: "book_instance",
      text: BOOK_SQL,
      values: [hashToken(pair.attendee.token), new Date().toISOString(), pair.instanceId],
    });
    return rows[0]!.outcome;
  };
  for (let n = 0; n < STATEMENT_IN_TURN_WARM_UP; n++) {
    const pair = next();
    if (pair) await book(pair);
  }
  const postgres0 = processCpu({ comm: "postgres" });
  const started = performance.now();
  let calls = 0;
  let confirmed = 0;
  for (let pair = next(); pair && calls < STATEMENT_IN_TURN_CALLS; pair = next()) {
    if ((await book(pair)) === "confirmed") confirmed++;
    calls++;
  }
  const elapsedMs = performance.now() - started;
  const postgresMs = cpuDelta(postgres0, processCpu({ comm: "postgres" }));
  return {
    calls,
    confirmed,
    msPerCall: round(elapsedMs / Math.max(1, calls), 3),
    postgresCpuMsPerCall: round(postgresMs / Math.max(1, calls), 3),
  };
}

/** A warm-up of WARMUP_MS, then the measured run, with the CPU each side spent during it. */
async function measure(
  serverPid: number,
  run: (durationMs: number) => Promise<LoadResult>,
  scratch?: import("pg").Client,
): Promise<Measured> {
  await run(WARMUP_MS);
  if (scratch) await drainOutbox(scratch);
  const server0 = processCpu({ roots: [serverPid] });
  const postgres0 = processCpu({ comm: "postgres" });
  const generator0 = process.cpuUsage();
  const result = await run(RUN_MS);
  const generator = process.cpuUsage(generator0);
  const cpu = {
    server: cpuDelta(server0, processCpu({ roots: [serverPid] })),
    postgres: cpuDelta(postgres0, processCpu({ comm: "postgres" })),
    generator: (generator.user + generator.system) / 1000,
  };
  return { result, cpu, ...(scratch ? { outbox: await drainMeasured(serverPid, scratch) } : {}) };
}

/** drainOutbox, with the server's CPU per email sent meanwhile (render, .ics, file, outbox rows). */
async function drainMeasured(serverPid: number, scratch: import("pg").Client): Promise<Outbox> {
  const before = processCpu({ roots: [serverPid] });
  const outbox = await drainOutbox(scratch);
  const cpuMs = cpuDelta(before, processCpu({ roots: [serverPid] }));
  return outbox.backlog > 0 ? { ...outbox, serverCpuPerEmailMs: round(cpuMs / outbox.backlog, 2) } : outbox;
}

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Answers with `status` per second. */
function rate(measured: Measured, status: number): number {
  return (measured.result.statuses.get(status) ?? 0) / measured.result.seconds;
}

function describe(measured: Measured, status: number, unit: string): string {
  const { result, cpu } = measured;
  const answered = result.latencies.length;
  const others = answered - (result.statuses.get(status) ?? 0);
  const perRequest = (ms: number) => round(ms / Math.max(1, answered), 2);
  return (
    `${round(rate(measured, status))} ${unit}/s, p50 ${quantile(result.latencies, 0.5)} ms, p99 ${quantile(result.latencies, 0.99)} ms` +
    (others > 0 ? ` (other answers: ${formatStatuses(result)})` : "") +
    `; CPU ms/req server ${perRequest(cpu.server)}, postgres ${perRequest(cpu.postgres)}, generator ${perRequest(cpu.generator)}` +
    describeOutbox(measured.outbox)
  );
}

function describeOutbox(outbox: Outbox | undefined): string {
  if (!outbox) return "";
  const cpu =
    outbox.serverCpuPerEmailMs === undefined ? "" : ` (server CPU ${outbox.serverCpuPerEmailMs} ms per email)`;
  return `; emails queued at the end ${outbox.backlog}, all sent ${outbox.drainSeconds} s later${cpu}`;
}

function describeOverload(measured: Measured): string {
  const { result } = measured;
  const other5xx = count(result, (status) => status >= 500 && status !== 503);
  return (
    `${formatStatuses(result)}; 5xx other than 503: ${other5xx}` +
    (result.missingRetryAfter ? `, 503 without Retry-After: ${result.missingRetryAfter}` : "") +
    (result.skipped ? `, not sent (generator cap): ${result.skipped}` : "") +
    `; p50 ${quantile(result.latencies, 0.5)} ms, p99 ${quantile(result.latencies, 0.99)} ms` +
    describeOutbox(measured.outbox)
  );
}

const percent = (a: number, b: number) => `${round((100 * a) / b)}%`;

type AppRound = { trivial: Measured; spread: Measured; hot: Measured };

/** A round's booking rate as a share of its own trivial route's rate. */
function ratioOf(run: AppRound, which: "spread" | "hot"): number {
  return rate(run[which], 201) / rate(run.trivial, 200);
}

/** The round whose spread ratio is the median (the lower middle one of an even count). */
function medianRound(rounds: AppRound[]): AppRound {
  const sorted = [...rounds].sort((a, b) => ratioOf(a, "spread") - ratioOf(b, "spread"));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function describeRound(run: AppRound): string {
  return (
    `trivial ${round(rate(run.trivial, 200))} req/s, spread ${round(rate(run.spread, 201))} bookings/s ` +
    `(${round(100 * ratioOf(run, "spread"))}%), one instance ${round(rate(run.hot, 201))} bookings/s (${round(100 * ratioOf(run, "hot"))}%)`
  );
}

/** "51% (median of 3 rounds: 49%, 51%, 56%)" */
function describeRatios(rounds: AppRound[], which: "spread" | "hot"): string {
  const ratios = rounds.map((run) => 100 * ratioOf(run, which)).sort((a, b) => a - b);
  const middle = ratios[Math.floor((ratios.length - 1) / 2)]!;
  if (ratios.length === 1) return `${round(middle)}%`;
  return `${round(middle)}% (median of ${ratios.length} rounds: ${ratios.map((r) => `${round(r)}%`).join(", ")})`;
}

export async function benchBookings(): Promise<Figure[]> {
  const available = bookingsBenchAvailable();
  if (!available.ok) {
    progress(BENCH, `skipped: ${available.reason}`);
    return [{ bench: BENCH, measure: "skipped", value: available.reason }];
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-bookings-"));
  prepareEnvironment(dataDir);
  const { migratePostgres, openPostgres } = await import("@/lib/db/client");
  const { useDatabase, closeDatabase } = await import("@/lib/db");
  const pg = (await import("pg")).default;
  const name = `studio_bench_bookings_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  const url = new URL(serverUrl()!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let app: ChildProcess | undefined;
  let raw: ChildProcess | undefined;
  let scratch: import("pg").Client | undefined;
  const figures: Figure[] = [];
  const figure = (measureName: string, value: string) => {
    figures.push({ bench: BENCH, measure: measureName, value });
    progress(BENCH, `${measureName}: ${value}`);
  };
  try {
    progress(
      BENCH,
      `scratch database ${name}: migrating, seeding ${ATTENDEES} attendees, ${SPREAD_INSTANCES + HOT_INSTANCES + 1} instances`,
    );
    await admin.query(`CREATE DATABASE "${name}"`);
    await migratePostgres(databaseUrl);
    useDatabase(openPostgres(databaseUrl, 10));
    const seeded = await seed();
    const next = pairs(seeded);
    // the probe books the first PROBE_RUNS attendees on its own instance: no pair of the runs below

    progress(BENCH, `statements per booking: ${PROBE_RUNS} bookings through the route handler in this process`);
    const probe = await probeStatements(seeded);
    progress(BENCH, `the statements of one booking:\n    ${probe.list.join("\n    ")}`);
    await closeDatabase();

    progress(BENCH, "starting the app server (the last build) and the raw node:http + pg server");
    const appPort = await freePort();
    const appUrl = `http://127.0.0.1:${appPort}`;
    const appProcess = startProcess(
      process.execPath,
      // as `npm start` runs it; BENCH_PROFILE_DIR: a V8 CPU profile of the app server, written when it
      // stops (open it in Chrome's DevTools).
      nextServerArguments(
        "start",
        process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [],
      ),
      {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DEMO_MODE: "false",
        LOG_LEVEL: "silent",
        PORT: String(appPort),
        APP_URL: `http://localhost:${appPort}`,
        DATA_DIR: dataDir,
        EMAIL_TRANSPORT: "outbox",
        EMAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      },
    );
    app = appProcess.child;
    const rawPort = await freePort();
    const rawUrl = `http://127.0.0.1:${rawPort}`;
    const rawProcess = startProcess(
      path.join(process.cwd(), "node_modules", ".bin", "tsx"),
      [path.join("bench", "lib", "raw-booking-server.ts")],
      { ...process.env, RAW_DATABASE_URL: databaseUrl, RAW_PORT: String(rawPort), RAW_POOL_SIZE: "10" },
    );
    raw = rawProcess.child;
    await waitUntilAnswering(`${appUrl}/api/health`, app, "next start", appProcess.stderr);
    await waitUntilAnswering(`${rawUrl}/health`, raw, "the raw server", rawProcess.stderr);
    const appPid = app.pid!;
    scratch = new pg.Client({ connectionString: databaseUrl });
    await scratch.connect();
    const rawPid = raw.pid!;

    const closed =
      (baseUrl: string, concurrency: number, make: () => RequestSpec | undefined) => (durationMs: number) =>
        closedLoop({ baseUrl, concurrency, durationMs, next: make });
    const health = (pathname: string) => () => ({ method: "GET", path: pathname });
    const appSpread = () => bookingRequest("/api/bookings", next.spread());
    const appHot = () => bookingRequest("/api/bookings", next.hot());
    const rawSpread = () => bookingRequest("/bookings", next.spread());
    const rawHot = () => bookingRequest("/bookings", next.hot());
    const seconds = RUN_MS / 1000;

    // Every route is warmed before anything is measured: a server's first thousands of bookings
    // cost it about twice the CPU of later ones (V8 still compiling the handler's code paths), and
    // without this the first booking run measured the warm-up, whichever run came first.
    const warmUp = async (
      server: string,
      runs: ((durationMs: number) => Promise<LoadResult>)[],
      settle: () => Promise<unknown>,
    ) => {
      progress(BENCH, `${server}: warming every route up, ${WARM_UP_SECONDS} s each`);
      for (const run of runs) await run(WARM_UP_SECONDS * 1000);
      await settle();
    };
    // The raw server (and the statement-alone run) book through the same database function, which
    // queues each booking's email, but send none. Left queued, they are found by the app's sender (its
    // sweep runs every 30 s), which then sends tens of thousands of emails it did not book during the
    // raw runs and the app's later ones. They are discarded instead.
    const discardForeignEmails = async () => {
      await scratch!.query(`DELETE FROM "BookingEmail"`);
      await scratch!.query(`VACUUM "BookingEmail"`);
    };
    await warmUp(
      "app",
      [
        closed(appUrl, CLIENTS, health("/api/health")),
        closed(appUrl, CLIENTS, appSpread),
        closed(appUrl, CLIENTS, appHot),
      ],
      () => drainOutbox(scratch!),
    );
    // Rounds of the three runs, back to back: each round's ratios compare runs made within seconds of
    // each other, and the median round is reported, so one disturbed run of a shared machine does not
    // decide a ratio.
    const rounds: AppRound[] = [];
    for (let n = 1; n <= ROUNDS; n++) {
      progress(
        BENCH,
        `app round ${n}/${ROUNDS}: GET /api/health, then POST /api/bookings over ${SPREAD_INSTANCES} instances, then on one instance; ${CLIENTS} clients, ${seconds} s each`,
      );
      const trivialRun = await measure(appPid, closed(appUrl, CLIENTS, health("/api/health")));
      const spreadRun = await measure(appPid, closed(appUrl, CLIENTS, appSpread), scratch);
      const hotRun = await measure(appPid, closed(appUrl, CLIENTS, appHot), scratch);
      rounds.push({ trivial: trivialRun, spread: spreadRun, hot: hotRun });
      progress(BENCH, `round ${n}: ${describeRound(rounds.at(-1)!)}`);
    }
    const median = medianRound(rounds);
    const appHealth = median.trivial;
    const appSpreadRun = median.spread;
    const appHotRun = median.hot;
    figure(`app GET /api/health (trivial route), ${CLIENTS} clients`, describe(appHealth, 200, "req"));
    figure(
      `app POST /api/bookings, ${CLIENTS} clients over ${SPREAD_INSTANCES} instances`,
      describe(appSpreadRun, 201, "bookings"),
    );
    figure(`app POST /api/bookings, ${CLIENTS} clients on one instance`, describe(appHotRun, 201, "bookings"));
    figure("ratio spread bookings / trivial route (aim ≥ 50%)", describeRatios(rounds, "spread"));
    figure("ratio one-instance bookings / trivial route (aim ≥ 30%)", describeRatios(rounds, "hot"));
    if (process.env.BENCH_QUICK) return figures;
    progress(
      BENCH,
      `raw node:http + pg: GET /health and POST /bookings (spread, one instance), ${CLIENTS} clients, ${seconds} s each`,
    );
    await warmUp(
      "raw server",
      [closed(rawUrl, CLIENTS, health("/health")), closed(rawUrl, CLIENTS, rawSpread), closed(rawUrl, CLIENTS, rawHot)],
      discardForeignEmails,
    );
    const rawHealth = await measure(rawPid, closed(rawUrl, CLIENTS, health("/health")));
    const rawSpreadRun = await measure(rawPid, closed(rawUrl, CLIENTS, rawSpread));
    const rawHotRun = await measure(rawPid, closed(rawUrl, CLIENTS, rawHot));
    await discardForeignEmails();
    progress(BENCH, `the booking statement alone: ${STATEMENT_IN_TURN_CALLS} calls in turn on one connection`);
    const inTurn = await statementInTurn(scratch, next.spread);
    await discardForeignEmails();

    const saturating = rate(appSpreadRun, 201);
    const half = Math.max(1, Math.round(saturating / 2));
    const halfRuns: Measured[] = [];
    for (let n = 1; n <= ROUNDS; n++) {
      progress(
        BENCH,
        `app: open loop at half the saturating rate (${half} bookings/s offered), ${seconds} s, run ${n}/${ROUNDS}`,
      );
      halfRuns.push(
        await measure(
          appPid,
          (durationMs) => openLoop({ baseUrl: appUrl, ratePerSecond: half, durationMs, next: appSpread }),
          scratch,
        ),
      );
    }
    const p99 = (run: Measured) => quantile(run.result.latencies, 0.99);
    const halfRun = [...halfRuns].sort((a, b) => p99(a) - p99(b))[Math.floor((halfRuns.length - 1) / 2)]!;
    progress(
      BENCH,
      `app: twice the load: ${2 * CLIENTS} clients, then an open loop at ${2 * Math.round(saturating)} bookings/s offered`,
    );
    const doubleClients = await measure(appPid, closed(appUrl, 2 * CLIENTS, appSpread), scratch);
    const doubleRate = await measure(
      appPid,
      (durationMs) =>
        openLoop({
          baseUrl: appUrl,
          ratePerSecond: Math.max(2, 2 * Math.round(saturating)),
          durationMs,
          next: appSpread,
        }),
      scratch,
    );
    const rawStats = (await (await fetch(`${rawUrl}/stats`)).json()) as { queries: number; bookings: number };

    figure(`raw node:http GET /health, ${CLIENTS} clients`, describe(rawHealth, 200, "req"));
    figure(`raw node:http + pg booking, ${CLIENTS} clients spread`, describe(rawSpreadRun, 201, "bookings"));
    figure(`raw node:http + pg booking, ${CLIENTS} clients one instance`, describe(rawHotRun, 201, "bookings"));
    figure(
      "booking statement alone, one connection, calls in turn (no HTTP, no concurrency)",
      `${inTurn.msPerCall} ms per call, PostgreSQL CPU ${inTurn.postgresCpuMsPerCall} ms per call ` +
        `(${inTurn.confirmed} of ${inTurn.calls} confirmed)`,
    );
    figure("ratio app / raw booking, spread", percent(rate(appSpreadRun, 201), rate(rawSpreadRun, 201)));
    figure("ratio app / raw booking, one instance", percent(rate(appHotRun, 201), rate(rawHotRun, 201)));
    figure(
      `app open loop at ${half}/s (half saturating; aim p99 < 100 ms)`,
      `${describe(halfRun, 201, "bookings")}` +
        (halfRuns.length > 1
          ? `; the median of ${halfRuns.length} runs by p99: ${halfRuns.map(p99).join(", ")} ms`
          : ""),
    );
    figure(`app ${2 * CLIENTS} clients (twice the load; aim no 5xx but 503)`, describeOverload(doubleClients));
    figure(`app open loop at ${2 * Math.round(saturating)}/s (twice saturating)`, describeOverload(doubleRate));
    figure(
      "app statements per booking (pg driver, in-process)",
      `${probe.before} before the answer, ${probe.after} after it (confirmation email); ` +
        `unloaded: request ${probe.totalMs} ms, booking statement (its transaction; the lock is held within it) ${probe.txMs} ms`,
    );
    figure(
      "app CPU per booking in this process (median, unloaded)",
      `${probe.cpuToAnswerMs} ms to the answer, ${probe.cpuAfterMs} ms after it (confirmation email: render, .ics, outbox file)`,
    );
    figure(
      "raw statements per booking (counted)",
      rawStats.bookings
        ? `${round(rawStats.queries / rawStats.bookings, 2)} (${rawStats.queries} over ${rawStats.bookings} bookings)`
        : "no bookings",
    );
    figure("pool size (app DATABASE_POOL_SIZE default, raw)", "10, 10; BOOKING_TRANSACTIONS_PER_INSTANCE default 2");
    return figures;
  } finally {
    progress(BENCH, "stopping the servers, dropping the scratch database");
    await stopProcess(app);
    await stopProcess(raw);
    await scratch?.end();
    await closeDatabase();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printFigures } = await import("./lib/measure");
  printFigures(await benchBookings());
}
