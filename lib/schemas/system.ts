import { z } from "./zod";

const RouteMetricsSchema = z
  .object({
    requests: z.number().int().nonnegative().openapi({ example: 42 }),
    errors: z.number().int().nonnegative().openapi({ example: 0, description: "Responses with a 5xx status" }),
    durationMsTotal: z.number().nonnegative().openapi({ example: 118.4 }),
  })
  .openapi("RouteMetrics");

/** Counters of the answering process since it started. Route keys are patterns, never concrete paths. */
export const MetricsSchema = z
  .object({
    requestsTotal: z.number().int().nonnegative().openapi({ example: 1200 }),
    errorsTotal: z.number().int().nonnegative().openapi({ example: 1, description: "Responses with a 5xx status" }),
    requestDurationMsTotal: z.number().nonnegative().openapi({ example: 3561.25 }),
    routes: z
      .record(z.string(), RouteMetricsSchema)
      .openapi({ description: 'Keyed by operation pattern, e.g. "GET /groups/{groupId}"' }),
  })
  .openapi("Metrics");

export const MetricsQuery = z.object({
  format: z.enum(["json", "prometheus"]).optional().openapi({
    description:
      "`prometheus`: the Prometheus text exposition format (as `Accept: text/plain` asks for it); `json` (the default): the counters above",
    example: "prometheus",
  }),
});

export const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.literal("3.1.0"),
    info: z.looseObject({ title: z.string(), version: z.string().openapi({ example: "0.3.0" }) }),
    paths: z.record(z.string(), z.unknown()),
  })
  .openapi("OpenApiDocument", { description: "This OpenAPI 3.1 document" });
