import { endpoints, json, route } from "@/lib/http/route";
import { listSeries } from "@/lib/programme/list-series";
import { serializeSeries } from "@/lib/schemas/series";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/series", {
  GET: route({ operation: "GET /series", auth: "member" }, async ({ auth }) =>
    json((await listSeries({ db: auth.db })).map(serializeSeries)),
  ),
});
