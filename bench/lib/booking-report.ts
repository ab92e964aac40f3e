// What the bookings bench reports: its figures (the runs, the ratios with every round's value, where
// the time goes) and its aims, each with its figure and whether it holds.
import type { Probe } from "./booking-probe";
import type { EmailCpu } from "./email-cpu";
import type { Aim } from "./measure";
import { describeOverload, describeRun, p99, rate, round, unexpectedAnswers, type Measured } from "./measured-run";

export type Trio = { trivial: Measured; spread: Measured; hot: Measured };
export type Round = { app: Trio; raw: Trio };
export type RawStats = {
  queries: number;
  bookings: number;
  emails: number;
  emailFailures: number;
  emailStatements: number;
};
export type InTurn = { calls: number; confirmed: number; msPerCall: number; backendCpuMsPerCall: number };
export type Overload = {
  /** The open loops' kept-alive connections (a load balancer's pool). */
  balancerConnections: number;
  half: number;
  halfRuns: Measured[];
  doubleClients: Measured;
  double: number;
  doubleRate: Measured;
  /** The same open loop without a load balancer's pool: a new connection whenever all are busy. */
  doubleRateCrowd: Measured;
};
export type Measurements = {
  rounds: Round[];
  seconds: number;
  rest: { rawStats: RawStats; inTurn: InTurn; saturating: number; overload: Overload };
};
export type Report = Measurements & { probe: Probe & { email: EmailCpu }; clients: number; poolSize: number };

const AIM = { spread: 50, hot: 35, appRaw: 40, halfP99Ms: 100, doubleP99Ms: 1000, tailSeconds: 10 };
/** Issue 35: the app server's CPU per booking with its email, and an email's render and write. */
const CPU_AIM = { bookingMs: 1.0, emailMs: 1.0 };

type Ratio = { name: string; of: (r: Round) => number };

const RATIOS = {
  spread: { name: "spread bookings / trivial route", of: (r) => rate(r.app.spread, 201) / rate(r.app.trivial, 200) },
  hot: { name: "one-instance bookings / trivial route", of: (r) => rate(r.app.hot, 201) / rate(r.app.trivial, 200) },
  appRawSpread: { name: "app / raw bookings, spread", of: (r) => rate(r.app.spread, 201) / rate(r.raw.spread, 201) },
  appRawHot: { name: "app / raw bookings, one instance", of: (r) => rate(r.app.hot, 201) / rate(r.raw.hot, 201) },
} satisfies Record<string, Ratio>;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const medianRatio = (rounds: Round[], ratio: Ratio) => 100 * median(rounds.map(ratio.of));

/** "51% (median of 3 rounds: 56%, 49%, 51%)", rounds in their order. */
function describeRatio(rounds: Round[], ratio: Ratio): string {
  const middle = `${round(medianRatio(rounds, ratio))}%`;
  if (rounds.length === 1) return middle;
  return `${middle} (median of ${rounds.length} rounds: ${rounds.map((r) => `${round(100 * ratio.of(r))}%`).join(", ")})`;
}

/** The round whose spread ratio is the median: its runs are the ones described. */
function medianRound(rounds: Round[]): Round {
  const sorted = [...rounds].sort((a, b) => RATIOS.spread.of(a) - RATIOS.spread.of(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const medianByP99 = (runs: Measured[]) => [...runs].sort((a, b) => p99(a) - p99(b))[Math.floor((runs.length - 1) / 2)]!;

export function bookingsFigures(report: Report): [string, string][] {
  const { clients, seconds } = report;
  const r = medianRound(report.rounds);
  const figures: [string, string][] = [
    [`app GET /api/health (trivial route), ${clients} clients, ${seconds} s`, describeRun(r.app.trivial, 200, "req")],
    [`app POST /api/bookings, ${clients} clients spread`, describeRun(r.app.spread, 201, "bookings")],
    [`app POST /api/bookings, ${clients} clients on one instance`, describeRun(r.app.hot, 201, "bookings")],
    [`raw node:http GET /health, ${clients} clients`, describeRun(r.raw.trivial, 200, "req")],
    [`raw node:http + pg booking, ${clients} clients spread`, describeRun(r.raw.spread, 201, "bookings")],
    [`raw node:http + pg booking, ${clients} clients on one instance`, describeRun(r.raw.hot, 201, "bookings")],
    ...Object.values(RATIOS).map((ratio): [string, string] => [
      `ratio ${ratio.name}`,
      describeRatio(report.rounds, ratio),
    ]),
  ];
  figures.push(...restFigures(report, report.rest));
  figures.push(...probeFigures(report.probe));
  return figures;
}

function restFigures(report: Report, rest: Measurements["rest"]): [string, string][] {
  const { overload, inTurn, rawStats } = rest;
  const per = (a: number, b: number) => (b ? `${round(a / b, 2)} (${a} over ${b})` : "none");
  return [
    [
      "booking statement alone, one connection, calls in turn (no HTTP, no concurrency)",
      `${inTurn.msPerCall} ms per call, its backend's CPU ${inTurn.backendCpuMsPerCall} ms per call ` +
        `(${inTurn.confirmed} of ${inTurn.calls} confirmed)`,
    ],
    [
      `app open loop at ${overload.half}/s (half the saturating ${round(rest.saturating)}/s), ` +
        `through a load balancer's ${overload.balancerConnections} kept-alive connections`,
      `${describeRun(medianByP99(overload.halfRuns), 201, "bookings")}; ` +
        `the median of ${overload.halfRuns.length} runs by p99: ${overload.halfRuns.map(p99).join(", ")} ms`,
    ],
    [`app ${2 * report.clients} clients (twice the load)`, describeOverload(overload.doubleClients)],
    [
      `app open loop at ${overload.double}/s (twice saturating), through the load balancer's connections`,
      describeOverload(overload.doubleRate),
    ],
    [
      `app open loop at ${overload.double}/s, no load balancer: a new connection whenever all are busy`,
      describeOverload(overload.doubleRateCrowd),
    ],
    ["raw statements per booking (counted)", per(rawStats.queries, rawStats.bookings)],
    [
      "raw emails: statements per email sent (claim, delete)",
      `${per(rawStats.emailStatements, rawStats.emails)}; drains failed: ${rawStats.emailFailures}`,
    ],
    ["pool size (app DATABASE_POOL_SIZE default, raw)", `${report.poolSize}, ${report.poolSize}`],
  ];
}

function probeFigures(probe: Probe): [string, string][] {
  return [
    [
      "app statements per booking (pg driver, in-process)",
      `${probe.before} before the answer, ${probe.after} after it (confirmation email); unloaded: request ` +
        `${probe.totalMs} ms, booking statement (its transaction; the lock is held within it) ${probe.txMs} ms`,
    ],
    [
      "app CPU per booking in this process, all threads (median, unloaded)",
      `${probe.cpuToAnswerMs} ms to the answer, ${probe.cpuAfterMs} ms after it until its email is written ` +
        "(render, .ics, outbox file, outbox row)",
    ],
  ];
}

export function bookingsAims(report: Report): Aim[] {
  const { rounds } = report;
  const ratioAim = (ratio: Ratio, aim: number, what: string): Aim => ({
    aim: `${what} ≥ ${aim}% (sustained, emails included)`,
    figure: describeRatio(rounds, ratio),
    holds: medianRatio(rounds, ratio) >= aim,
  });
  const aims = [
    ratioAim(RATIOS.spread, AIM.spread, "spread bookings / trivial route"),
    ratioAim(RATIOS.hot, AIM.hot, "one-class bookings / trivial route"),
    ratioAim(RATIOS.appRawSpread, AIM.appRaw, "app / raw bookings, spread"),
  ];
  aims.push(...cpuAims(report));
  aims.push(...overloadAims(report.rest.overload));
  aims.push(emailAim(report));
  return aims;
}

/** The server's CPU (all its threads) per booking of a sustained run, its emails' tail included. */
function serverCpuPerBooking(run: Measured): number {
  return (run.cpu.server + run.tail.serverCpuMs) / Math.max(1, run.result.statuses.get(201) ?? 0);
}

function cpuAims(report: Report): Aim[] {
  const perRound = report.rounds.map((r) => serverCpuPerBooking(r.app.spread));
  const middle = median(perRound);
  const rounds =
    perRound.length > 1
      ? ` (median of ${perRound.length} rounds: ${perRound.map((ms) => round(ms, 2)).join(", ")})`
      : "";
  return [
    {
      aim: `app server CPU per booking with its email ≤ ${CPU_AIM.bookingMs} ms (spread, sustained, all threads)`,
      figure: `${round(middle, 2)} ms${rounds}`,
      holds: middle <= CPU_AIM.bookingMs,
    },
    {
      aim: `an email's render and write ≤ ${CPU_AIM.emailMs} ms of CPU (the email worker, batches as under load)`,
      figure:
        `${round(report.probe.email.cpuMs, 2)} ms (HTML, text, .ics, outbox file; all threads, ${report.probe.email.emails} emails); ` +
        `one unloaded booking's whole email ${report.probe.cpuAfterMs} ms (wake, claim, hand-off, delete too)`,
      holds: report.probe.email.cpuMs <= CPU_AIM.emailMs,
    },
  ];
}

function overloadAims(overload: Overload): Aim[] {
  const halfRun = medianByP99(overload.halfRuns);
  const { doubleRate } = overload;
  const answers = doubleRate.result.latencies.length + doubleRate.result.skipped;
  return [
    {
      aim: `p99 < ${AIM.halfP99Ms} ms at half the saturating rate (${overload.half}/s)`,
      figure: `${p99(halfRun)} ms (median of ${overload.halfRuns.length} runs)`,
      holds: p99(halfRun) < AIM.halfP99Ms,
    },
    {
      aim: `2× saturating (${overload.double}/s, through a load balancer): no answers but 201/409/503`,
      figure: `${unexpectedAnswers(doubleRate)} of ${answers} other (no answer included)`,
      holds: unexpectedAnswers(doubleRate) === 0,
    },
    {
      aim: `2× saturating: p99 < ${AIM.doubleP99Ms / 1000} s`,
      figure: `${p99(doubleRate)} ms`,
      holds: p99(doubleRate) < AIM.doubleP99Ms,
    },
    {
      aim: "2× saturating: every 503 with Retry-After",
      figure: `${doubleRate.result.missingRetryAfter} of ${doubleRate.result.statuses.get(503) ?? 0} without`,
      holds: doubleRate.result.missingRetryAfter === 0,
    },
  ];
}

/** The slowest tail of the app's booking runs: all emails of a run sent this long after it ended. */
function emailAim(report: Report): Aim {
  const runs = report.rounds.flatMap((r) => [r.app.spread, r.app.hot]);
  const overload = report.rest.overload;
  runs.push(...overload.halfRuns, overload.doubleClients, overload.doubleRate, overload.doubleRateCrowd);
  const slowest = Math.max(...runs.map((run) => run.tail.seconds));
  const backlogs = runs.map((run) => run.tail.backlog);
  return {
    aim: `app emails: all of a run's sent ≤ ${AIM.tailSeconds} s after it ends`,
    figure: `slowest ${round(slowest, 1)} s over ${runs.length} booking runs (queued at their ends: ${Math.min(...backlogs)}–${Math.max(...backlogs)})`,
    holds: slowest <= AIM.tailSeconds,
  };
}
