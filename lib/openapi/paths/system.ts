import { z } from "@/lib/schemas/zod";
import { errorResponse, jsonResponse, registry } from "../registry";

const HealthSchema = z.object({ status: z.string().openapi({ example: "ok" }) }).openapi("Health");

registry.registerPath({
  method: "get",
  path: "/health",
  tags: ["System"],
  summary: "Liveness: answers without checking the store",
  security: [],
  responses: { 200: jsonResponse("Alive", HealthSchema) },
});

registry.registerPath({
  method: "get",
  path: "/health/ready",
  tags: ["System"],
  summary: "Readiness: answers when the store can be read",
  security: [],
  responses: { 200: jsonResponse("Ready", HealthSchema), 500: errorResponse(500, "Database unavailable") },
});
