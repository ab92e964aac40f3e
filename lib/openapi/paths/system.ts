import { z } from "@/lib/schemas/zod";
import { MetricsSchema, OpenApiDocumentSchema } from "@/lib/schemas/system";
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

registry.registerPath({
  method: "get",
  path: "/metrics",
  operationId: "getMetrics",
  tags: ["System"],
  summary: "Request counters of the answering process",
  description:
    "Counters since the process started, keyed by operation pattern. With several app processes each answers with its own. " +
    "Never contains bodies, credentials or personal data.",
  security: [],
  responses: { 200: jsonResponse("Counters", MetricsSchema) },
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
