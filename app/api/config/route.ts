import { endpoints, json, route } from "@/lib/http/route";
import { getConfig } from "@/lib/system/get-config";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/config", {
  GET: route({ operation: "GET /config", auth: "none" }, async () => json(getConfig())),
});
