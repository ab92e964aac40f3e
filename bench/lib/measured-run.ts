// One measured run of the bookings bench against one server: a short warm-up, the outbox emptied,
// the run with the CPU of each side (server process tree, the scratch database's backends, this
// generator), then the tail: how long until the run's emails are all sent, and the server's CPU meanwhile.
import { count, formatStatuses, quantile, type LoadResult } from "./load";
import { cpuDelta, ownCpuMs, treeCpu } from "./process-cpu";
import { backendsCpu, backendsDelta, pendingEmails, waitForEmptyOutbox, type Scratch } from "./scratch-database";
import type { ServerProcess } from "./server-process";

/** Before each measured run, the same load this long: connections opened, code paths warm. */
const WARM_UP_MS = 1000;
/** Longest wait for the outbox to empty, before a run and after it (a failed send waits out its 2-minute lease). */
export const OUTBOX_DEADLINE_SECONDS = 300;

export type Load = (durationMs: number) => Promise<LoadResult>;

export type Measured = {
  result: LoadResult;
  /** CPU milliseconds during the run. */
  cpu: { server: number; database: number; generator: number };
  /** Backends of the scratch database that ended during the run (their CPU in it is missing). */
  backendsEnded: number;
  /** Emails queued when the run ended, seconds until the outbox was empty, the server's CPU meanwhile. */
  tail: { backlog: number; seconds: number; serverCpuMs: number };
};

export async function measureRun(
  server: ServerProcess,
  scratch: Scratch,
  load: Load,
  durationMs: number,
): Promise<Measured> {
  if (server.paused) throw new Error(`${server.name} is paused: resume it before measuring it`);
  await load(WARM_UP_MS);
  await emptyOutbox(server, scratch, "before");
  const database0 = await backendsCpu(scratch);
  const server0 = treeCpu(server.pid);
  const generator0 = process.cpuUsage();
  const result = await load(durationMs);
  const ended = performance.now();
  const generator = ownCpuMs(generator0);
  const server1 = treeCpu(server.pid);
  const database = backendsDelta(database0, await backendsCpu(scratch));
  const backlog = await pendingEmails(scratch);
  await emptyOutbox(server, scratch, "after");
  const seconds = backlog === 0 ? 0 : (performance.now() - ended) / 1000;
  return {
    result,
    cpu: { server: cpuDelta(server0, server1), database: database.ms, generator },
    backendsEnded: database.ended,
    tail: { backlog, seconds, serverCpuMs: cpuDelta(server1, treeCpu(server.pid)) },
  };
}

async function emptyOutbox(server: ServerProcess, scratch: Scratch, when: "before" | "after"): Promise<void> {
  try {
    await waitForEmptyOutbox(scratch, OUTBOX_DEADLINE_SECONDS, `${when} a run of ${server.name}`);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${server.name}'s stderr: ${server.stderr().slice(-1000)}`);
  }
}

export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Answers with `status` per second. */
export function rate(measured: Measured, status: number): number {
  return (measured.result.statuses.get(status) ?? 0) / measured.result.seconds;
}

export const p99 = (measured: Measured) => quantile(measured.result.latencies, 0.99);

/** "812 bookings/s, p50 …, p99 …; CPU ms/req server …, database …, generator …; emails …" */
export function describeRun(measured: Measured, status: number, unit: string): string {
  const { result } = measured;
  const others = result.latencies.length - (result.statuses.get(status) ?? 0);
  return (
    `${round(rate(measured, status))} ${unit}/s, p50 ${quantile(result.latencies, 0.5)} ms, p99 ${p99(measured)} ms` +
    (others > 0 ? ` (other answers: ${formatStatuses(result)})` : "") +
    describeSendLag(result) +
    `; ${describeCpu(measured)}${describeTail(measured)}`
  );
}

function describeCpu(measured: Measured): string {
  const { cpu } = measured;
  const perRequest = (ms: number) => round(ms / Math.max(1, measured.result.latencies.length), 2);
  return (
    `CPU ms/req server ${perRequest(cpu.server)}, database ${perRequest(cpu.database)}, generator ${perRequest(cpu.generator)}` +
    (measured.backendsEnded
      ? ` (${measured.backendsEnded} database backends ended during the run: their CPU is missing)`
      : "")
  );
}

/** The emails left at the end of a run that booked, and the server's CPU per booking with them. */
function describeTail(measured: Measured): string {
  const bookings = measured.result.statuses.get(201) ?? 0;
  if (bookings === 0) return "";
  const { backlog, seconds, serverCpuMs } = measured.tail;
  const whole = round((measured.cpu.server + serverCpuMs) / bookings, 2);
  return (
    `; emails: ${bookings - backlog} of ${bookings} sent during the run, the last ${round(seconds, 1)} s after it; ` +
    `server CPU ms per booking with all its email ${whole}`
  );
}

/** Answers other than 201/409/503 (no answer included), and requests the generator could not send. */
export function unexpectedAnswers(measured: Measured): number {
  return count(measured.result, (status) => ![201, 409, 503].includes(status)) + measured.result.skipped;
}

export function describeOverload(measured: Measured): string {
  const { result } = measured;
  return (
    `${formatStatuses(result)}; other than 201/409/503: ${unexpectedAnswers(measured)}` +
    (result.missingRetryAfter ? `, 503 without Retry-After: ${result.missingRetryAfter}` : "") +
    (result.skipped ? ` (not sent, generator cap: ${result.skipped})` : "") +
    `; p50 ${quantile(result.latencies, 0.5)} ms, p99 ${p99(measured)} ms${describeSendLag(result)}` +
    ` (p99 by status: ${describeLatencyByStatus(result)}); ` +
    `${describeCpu(measured)}${describeTail(measured)}`
  );
}

function describeLatencyByStatus(result: LoadResult): string {
  return [...result.latenciesByStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, latencies]) => `${status === 0 ? "no answer" : status} ${quantile(latencies, 0.99)} ms`)
    .join(", ");
}

/** An open loop's own lag: when it is large, the latencies above are partly the generator's. */
function describeSendLag(result: LoadResult): string {
  if (result.sendLags.length === 0) return "";
  return ` (of which the generator's lag in sending: p50 ${quantile(result.sendLags, 0.5)} ms, p99 ${quantile(result.sendLags, 0.99)} ms)`;
}
