import { endpoints, json, route } from "@/lib/http/route";
import { metricsSnapshot } from "@/lib/http/metrics";
import { MetricsSchema } from "@/lib/schemas/system";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/metrics", {
  // Parsed through the schema so that nothing beyond the documented counters can leave.
  GET: route({ operation: "GET /metrics", auth: "none" }, async () => json(MetricsSchema.parse(metricsSnapshot()))),
});
