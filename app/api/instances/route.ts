import { endpoints, json, route } from "@/lib/http/route";
import { listInstances } from "@/lib/programme/list-instances";
import { withEventFlags } from "@/lib/programme/with-event-flags";
import { ListInstancesQuery, serializeInstance } from "@/lib/schemas/instance";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/instances", {
  GET: route({ operation: "GET /instances", auth: "member", query: ListInstancesQuery }, async ({ auth, query }) =>
    json((await withEventFlags(auth.db, await listInstances({ db: auth.db, ...query }))).map(serializeInstance)),
  ),
});
