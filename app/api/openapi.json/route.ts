import { endpoints, json, route } from "@/lib/http/route";
import { openApiDocument } from "@/lib/openapi/document";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/openapi.json", {
  GET: route({ operation: "GET /openapi.json", auth: "none" }, async () => json(openApiDocument())),
});
