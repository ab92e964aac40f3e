import { checkDatabaseReadable } from "@/lib/system/check-database-readable";
import { endpoints, json, route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/health/ready", {
  GET: route({ operation: "GET /health/ready", auth: "none" }, async () => {
    await checkDatabaseReadable();
    return json({ status: "ready" });
  }),
});
