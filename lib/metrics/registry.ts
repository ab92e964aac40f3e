import "server-only";
import v8 from "node:v8";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { getDatabase } from "@/lib/db";
import { jobsGivenUp } from "@/lib/jobs/run-jobs";
import { JOB_KINDS, jobKindLabel, readWaitingJobs, WAITING_COUNT_CAP, type WaitingJobs } from "@/lib/jobs/waiting-jobs";
import { log } from "@/lib/log";

/** The metrics this process reports in Prometheus' text format (GET /metrics?format=prometheus). */
export type Metrics = {
  registry: Registry;
  httpRequestDuration: Histogram<"method" | "route" | "status_class">;
  emailsSent: Counter;
  emailsFailed: Counter;
};

// One registry per process, kept on globalThis as lib/http/metrics.ts keeps its counters: Next's
// bundles may each hold a copy of this module, and the default metrics must be registered once.
const holder = globalThis as typeof globalThis & { __studioPrometheus?: Metrics };

export function metrics(): Metrics {
  holder.__studioPrometheus ??= createMetrics();
  return holder.__studioPrometheus;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "nodejs_heap_size_limit_bytes",
    help: "V8's heap size limit (v8.getHeapStatistics().heap_size_limit)",
    registers: [registry],
    collect() {
      this.set(v8.getHeapStatistics().heap_size_limit);
    },
  });
  registerDatabasePool(registry);
  registerJobs(registry);
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "API requests by operation: method, route pattern (never a concrete path) and status class",
      labelNames: ["method", "route", "status_class"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    emailsSent: new Counter({
      name: "emails_sent_total",
      help: "Emails the configured transport accepted",
      registers: [registry],
    }),
    emailsFailed: new Counter({
      name: "emails_failed_total",
      help: "Attempts to send an email that failed (each is retried until its kind gives it up)",
      registers: [registry],
    }),
  };
}

function registerDatabasePool(registry: Registry): void {
  new Gauge({
    name: "db_pool_waiting",
    help: "Requests and jobs waiting for a pooled database connection (0 on the embedded database)",
    registers: [registry],
    collect() {
      this.set(getDatabase().pool().waiting);
    },
  });
  new Counter({
    name: "db_pool_wait_timeouts_total",
    help: "Waits for a pooled connection that gave up after DATABASE_POOL_TIMEOUT_MS (0 on the embedded database)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(getDatabase().pool().waitTimeouts);
    },
  });
  new Gauge({
    name: "db_embedded_memory_bytes",
    help: "The embedded database's WebAssembly memory, part of this process's resident size; it grows as PGlite works and never shrinks (0 on PostgreSQL)",
    registers: [registry],
    collect() {
      this.set(getDatabase().embeddedMemoryBytes());
    },
  });
}

function registerJobs(registry: Registry): void {
  const labelNames = ["kind"] as const;
  // Both gauges come from one statement per scrape: the first collect starts it, the other shares it.
  let reading: Promise<WaitingJobs> | undefined;
  const read = () =>
    (reading ??= readWaitingJobs(getDatabase().raw)
      .catch((error: unknown) => {
        // the process's own metrics still answer while the database does not
        log.warn("waiting jobs not read for the metrics", { errorName: error instanceof Error ? error.name : "Error" });
        return [];
      })
      .finally(() => {
        reading = undefined;
      }));
  async function collectWaiting(this: Gauge<"kind">, value: (kind: WaitingJobs[number]) => number) {
    const kinds = await read();
    this.reset();
    for (const kind of kinds) this.set({ kind: kind.kind }, value(kind));
  }
  new Gauge({
    name: "jobs_waiting",
    help: `Rows waiting in each background job kind's outbox, due or not (counted up to ${WAITING_COUNT_CAP})`,
    labelNames,
    registers: [registry],
    collect() {
      return collectWaiting.call(this, (kind) => kind.waiting);
    },
  });
  new Gauge({
    name: "jobs_oldest_age_seconds",
    help: "Age of the oldest row waiting in each background job kind's outbox (0 when none waits)",
    labelNames,
    registers: [registry],
    collect() {
      return collectWaiting.call(this, (kind) => kind.oldestAgeSeconds);
    },
  });
  new Counter({
    name: "jobs_given_up_total",
    help: "Rows this process gave up after their kind's last attempt, since it started",
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      const givenUp = jobsGivenUp();
      for (const name of JOB_KINDS) this.inc({ kind: jobKindLabel(name) }, givenUp.get(name) ?? 0);
    },
  });
}
