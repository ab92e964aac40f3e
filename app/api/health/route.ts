import { endpoints, json, route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/health", {
  GET: route({ operation: "GET /health", auth: "none" }, async () => json({ status: "ok" })),
});
