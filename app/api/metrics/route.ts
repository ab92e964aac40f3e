import { endpoints, json, route } from "@/lib/http/route";
import { metricsSnapshot, prometheusResponse, wantsPrometheusText } from "@/lib/http/metrics";
import { MetricsQuery, MetricsSchema } from "@/lib/schemas/system";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/metrics", {
  GET: route({ operation: "GET /metrics", auth: "none", query: MetricsQuery }, async ({ query, request }) =>
    wantsPrometheusText(query.format, request.headers.get("accept"))
      ? prometheusResponse()
      : // Parsed through the schema so that nothing beyond the documented counters can leave.
        json(MetricsSchema.parse(metricsSnapshot()), 200, { Vary: "Accept" }),
  ),
});
