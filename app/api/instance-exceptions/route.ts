import { endpoints, json, route } from "@/lib/http/route";
import { listInstanceExceptions } from "@/lib/programme/list-instance-exceptions";
import { ListInstanceExceptionsQuery, serializeInstanceException } from "@/lib/schemas/instance";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/instance-exceptions", {
  GET: route({ operation: "GET /instance-exceptions", auth: "member", query: ListInstanceExceptionsQuery }, async ({ auth, query }) =>
    json((await listInstanceExceptions({ db: auth.db, instanceId: query.instanceId })).map(serializeInstanceException)),
  ),
});
