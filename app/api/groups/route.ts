import { createGroup } from "@/lib/groups/create-group";
import { listGroups } from "@/lib/groups/list-groups";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateGroupInput } from "@/lib/schemas/group";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/groups", {
  GET: route({ operation: "GET /groups", auth: "member" }, async ({ auth }) => json(await listGroups({ db: auth.db }))),
  POST: route({ operation: "POST /groups", auth: "admin", body: CreateGroupInput }, async ({ auth, body }) =>
    json(await createGroup({ db: auth.db, accountId: auth.accountId, name: body.name }), 201),
  ),
});
