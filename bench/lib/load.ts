// A small HTTP load generator for the benches (node:http with keep-alive, no dependency):
//   closedLoop: `concurrency` clients, each sending its next request as soon as the last answered;
//   openLoop: requests sent on a fixed schedule whatever the answers, latency counted from the
//     scheduled time (so a stalled server is not hidden by a generator that waits for it), on a
//     pool of connections opened beforehand (a load balancer's) or on new ones as needed;
// both count answers by status (0 = no answer: connection error) and keep every latency.
import http from "node:http";

/** One request; `body` is sent as JSON. */
export type RequestSpec = { method: string; path: string; headers?: Record<string, string>; body?: unknown };

export type LoadResult = {
  /** Answers received per status; 0 counts connection errors. */
  statuses: Map<number, number>;
  /** Milliseconds per request (all statuses), in completion order. */
  latencies: number[];
  /** The same, per status. */
  latenciesByStatus: Map<number, number[]>;
  /** 503 answers without a Retry-After header. */
  missingRetryAfter: number;
  /** Open loop only: scheduled requests not sent because too many were already outstanding. */
  skipped: number;
  /** Open loop only: milliseconds from each request's scheduled time to its sending (the generator's own lag). */
  sendLags: number[];
  seconds: number;
};

type Answer = { status: number; retryAfter: boolean };

function send(agent: http.Agent, baseUrl: URL, spec: RequestSpec): Promise<Answer> {
  const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const headers: Record<string, string> = { ...spec.headers };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve) => {
    const request = http.request(
      { agent, host: baseUrl.hostname, port: baseUrl.port, method: spec.method, path: spec.path, headers },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] !== undefined }),
        );
        response.on("error", () => resolve({ status: 0, retryAfter: false }));
      },
    );
    request.on("error", () => resolve({ status: 0, retryAfter: false }));
    request.end(payload);
  });
}

function emptyResult(): LoadResult {
  return {
    statuses: new Map(),
    latencies: [],
    latenciesByStatus: new Map(),
    missingRetryAfter: 0,
    skipped: 0,
    sendLags: [],
    seconds: 0,
  };
}

function record(result: LoadResult, answer: Answer, ms: number): void {
  result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
  result.latencies.push(ms);
  const ofStatus = result.latenciesByStatus.get(answer.status) ?? [];
  ofStatus.push(ms);
  result.latenciesByStatus.set(answer.status, ofStatus);
  if (answer.status === 503 && !answer.retryAfter) result.missingRetryAfter += 1;
}

/**
 * `concurrency` clients for `durationMs`; `next(k)` gives the k-th request of the run (undefined:
 * nothing left, that client stops). Requests still running at the end are awaited and counted.
 */
export async function closedLoop(options: {
  baseUrl: string;
  concurrency: number;
  durationMs: number;
  next: (k: number) => RequestSpec | undefined;
}): Promise<LoadResult> {
  const baseUrl = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const result = emptyResult();
  let k = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const client = async () => {
    while (performance.now() < deadline) {
      const spec = options.next(k++);
      if (!spec) return;
      const sent = performance.now();
      const answer = await send(agent, baseUrl, spec);
      record(result, answer, performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}

/**
 * `ratePerSecond` requests a second on a fixed schedule for `durationMs`, at most `maxOutstanding` at
 * once. With `pool`, requests share that many kept-alive connections, opened (by `pool.open`
 * requests) before the schedule starts, and wait for a free one: a load balancer's upstream pool in
 * front of the server. Without, a new connection opens whenever all are busy: a crowd of clients
 * reaching the server directly.
 */
export async function openLoop(options: {
  baseUrl: string;
  ratePerSecond: number;
  durationMs: number;
  maxOutstanding?: number;
  pool?: { connections: number; open: RequestSpec };
  next: (k: number) => RequestSpec | undefined;
}): Promise<LoadResult> {
  const baseUrl = new URL(options.baseUrl);
  const maxOutstanding = options.maxOutstanding ?? 1000;
  const connections = options.pool?.connections ?? maxOutstanding;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  if (options.pool) {
    const open = options.pool.open;
    await Promise.all(Array.from({ length: connections }, () => send(agent, baseUrl, open)));
  }
  const result = emptyResult();
  const interval = 1000 / options.ratePerSecond;
  const total = Math.floor((options.durationMs / 1000) * options.ratePerSecond);
  const running = new Set<Promise<void>>();
  const started = performance.now();
  let k = 0;
  while (k < total) {
    const now = performance.now();
    while (k < total && started + k * interval <= now) {
      const scheduled = started + k * interval;
      const spec = running.size < maxOutstanding ? options.next(k) : undefined;
      k += 1;
      if (!spec) {
        result.skipped += 1;
        continue;
      }
      result.sendLags.push(performance.now() - scheduled);
      const done: Promise<void> = send(agent, baseUrl, spec).then((answer) => {
        record(result, answer, performance.now() - scheduled);
        running.delete(done);
      });
      running.add(done);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(running);
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}

/** The q-quantile (0..1) of `samples` in milliseconds, two decimals. */
export function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
  return Math.round(value * 100) / 100;
}

export function count(result: LoadResult, predicate: (status: number) => boolean): number {
  let total = 0;
  for (const [status, n] of result.statuses) if (predicate(status)) total += n;
  return total;
}

/** "201: 1234, 503: 5" */
export function formatStatuses(result: LoadResult): string {
  return [...result.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? "no answer" : status}: ${n}`)
    .join(", ");
}
