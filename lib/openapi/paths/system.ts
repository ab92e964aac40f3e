import { z } from "@/lib/schemas/zod";
import { MetricsQuery, MetricsSchema, OpenApiDocumentSchema } from "@/lib/schemas/system";
import { errorResponse, jsonResponse, registry } from "../registry";

const HealthSchema = z.object({ status: z.string().openapi({ example: "ok" }) }).openapi("Health");

registry.registerPath({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  tags: ["System"],
  summary: "Liveness: answers without checking the store",
  security: [],
  responses: { 200: jsonResponse("Alive", HealthSchema) },
});

registry.registerPath({
  method: "get",
  path: "/health/ready",
  operationId: "getReadiness",
  tags: ["System"],
  summary: "Readiness: answers when the store can be read",
  security: [],
  responses: { 200: jsonResponse("Ready", HealthSchema), 500: errorResponse(500, "Database unavailable") },
});

const PROMETHEUS_EXAMPLE = [
  "# HELP http_request_duration_seconds API requests by operation: method, route pattern (never a concrete path) and status class",
  "# TYPE http_request_duration_seconds histogram",
  'http_request_duration_seconds_bucket{le="0.005",method="PATCH",route="/groups/{groupId}",status_class="2xx"} 41',
  'http_request_duration_seconds_sum{method="PATCH",route="/groups/{groupId}",status_class="2xx"} 0.118',
  'http_request_duration_seconds_count{method="PATCH",route="/groups/{groupId}",status_class="2xx"} 42',
  "# HELP jobs_waiting Rows waiting in each background job kind's outbox, due or not (counted up to 100000)",
  "# TYPE jobs_waiting gauge",
  'jobs_waiting{kind="booking_emails"} 3',
  "",
].join("\n");

registry.registerPath({
  method: "get",
  path: "/metrics",
  operationId: "getMetrics",
  tags: ["System"],
  summary: "Request counters of the answering process",
  description:
    "Counters since the process started, keyed by operation pattern. With several app processes each answers with its own. " +
    "Never contains bodies, credentials or personal data.\n\n" +
    "Asked for with `?format=prometheus`, or with an `Accept` header naming `text/plain` (or `application/openmetrics-text`) " +
    "and not `application/json`, it answers the Prometheus text exposition format instead: the process's and Node's metrics " +
    "(`process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`, `nodejs_heap_size_limit_bytes`, " +
    "`nodejs_eventloop_lag_seconds`, `nodejs_gc_duration_seconds`, …), `http_request_duration_seconds` by `method`, " +
    "`route` (the operation's pattern) and `status_class`, `jobs_waiting`, `jobs_oldest_age_seconds` and " +
    "`jobs_given_up_total` by job `kind`, `emails_sent_total`, `emails_failed_total`, `db_pool_waiting` and " +
    "`db_pool_wait_timeouts_total`.",
  security: [],
  request: { query: MetricsQuery },
  responses: {
    200: {
      description: "Counters",
      content: {
        "application/json": { schema: MetricsSchema },
        "text/plain": {
          schema: { type: "string", description: "Prometheus text exposition format 0.0.4" },
          example: PROMETHEUS_EXAMPLE,
        },
      },
    },
    400: errorResponse(400),
  },
});

registry.registerPath({
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  tags: ["System"],
  summary: "This OpenAPI 3.1 document",
  description: "Rendered interactively at `/docs/` and `/api/docs/`.",
  security: [],
  responses: { 200: jsonResponse("The OpenAPI document", OpenApiDocumentSchema) },
});
