import "server-only";
import { metrics as prometheus } from "@/lib/metrics/registry";

type RouteMetrics = { requests: number; errors: number; durationMsTotal: number };
type Metrics = {
  requestsTotal: number;
  errorsTotal: number;
  requestDurationMsTotal: number;
  routes: Record<string, RouteMetrics>;
};

// Counters of this process since it started; with several processes each reports its own.
const holder = globalThis as typeof globalThis & { __studioMetrics?: Metrics };

function metrics(): Metrics {
  holder.__studioMetrics ??= { requestsTotal: 0, errorsTotal: 0, requestDurationMsTotal: 0, routes: {} };
  return holder.__studioMetrics;
}

/**
 * Records one request under its route pattern ("GET /groups/{groupId}"), never its concrete path:
 * in the JSON counters, and in the histogram as method GET, route "/groups/{groupId}". `method`, the
 * request's, labels an operation that names none ("unknown path").
 */
export function recordRequest(route: string, status: number, durationMs: number, method = "GET"): void {
  observeDuration(route, status, durationMs, method);
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

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
// The histogram's series by operation, status class and method: labels are hashed once per series.
const seriesHolder = globalThis as typeof globalThis & {
  __studioDurationSeries?: Map<string, { observe(seconds: number): void }>;
};

function observeDuration(operation: string, status: number, durationMs: number, requestMethod: string): void {
  const statusClass = `${Math.floor(status / 100)}xx`;
  const key = `${operation}\n${statusClass}\n${requestMethod}`;
  const series = (seriesHolder.__studioDurationSeries ??= new Map());
  let child = series.get(key);
  if (!child) {
    const pattern = /^([A-Z]+) (\/.*)$/.exec(operation);
    const method = pattern?.[1] ?? (METHODS.has(requestMethod) ? requestMethod : "OTHER");
    child = prometheus().httpRequestDuration.labels({
      method,
      route: pattern?.[2] ?? operation,
      status_class: statusClass,
    });
    series.set(key, child);
  }
  child.observe(durationMs / 1000);
}

/**
 * The Prometheus text is asked for with `?format=prometheus`, or by an Accept header that names it
 * (`text/plain`, or OpenMetrics as Prometheus offers it first) and not JSON: clients that accept
 * anything (`*\/*`, a browser, `application/json, text/plain, *\/*`) keep the JSON answer.
 */
export function wantsPrometheusText(format: "json" | "prometheus" | undefined, accept: string | null): boolean {
  if (format) return format === "prometheus";
  const types = (accept ?? "").toLowerCase();
  return /\b(text\/plain|application\/openmetrics-text)\b/.test(types) && !types.includes("application/json");
}

/** This process's metrics in Prometheus' text exposition format. */
export async function prometheusResponse(): Promise<Response> {
  const { registry } = prometheus();
  return new Response(await registry.metrics(), {
    status: 200,
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store", Vary: "Accept" },
  });
}
