import "server-only";

type RouteMetrics = { requests: number; errors: number; durationMsTotal: number };
type Metrics = { requestsTotal: number; errorsTotal: number; requestDurationMsTotal: number; routes: Record<string, RouteMetrics> };

// Counters of this process since it started; with several processes each reports its own.
const holder = globalThis as typeof globalThis & { __studioMetrics?: Metrics };

function metrics(): Metrics {
  holder.__studioMetrics ??= { requestsTotal: 0, errorsTotal: 0, requestDurationMsTotal: 0, routes: {} };
  return holder.__studioMetrics;
}

/** Records one request under its route pattern ("GET /groups/{groupId}"), never its concrete path. */
export function recordRequest(route: string, status: number, durationMs: number): void {
  const all = metrics();
  const entry = (all.routes[route] ??= { requests: 0, errors: 0, durationMsTotal: 0 });
  const isError = status >= 500;
  all.requestsTotal += 1;
  all.requestDurationMsTotal += durationMs;
  entry.requests += 1;
  entry.durationMsTotal += durationMs;
  if (isError) {
    all.errorsTotal += 1;
    entry.errors += 1;
  }
}

export function metricsSnapshot(): Metrics {
  return structuredClone(metrics());
}
