import { deleteGroup } from "@/lib/groups/delete-group";
import { renameGroup } from "@/lib/groups/rename-group";
import { endpoints, json, noContent, route } from "@/lib/http/route";
import { GroupIdParams, UpdateGroupInput } from "@/lib/schemas/group";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/groups/{groupId}", {
  PATCH: route(
    { operation: "PATCH /groups/{groupId}", auth: "admin", params: GroupIdParams, body: UpdateGroupInput },
    async ({ auth, params, body }) =>
      json(await renameGroup({ db: auth.db, groupId: params.groupId, name: body.name })),
  ),
  DELETE: route(
    { operation: "DELETE /groups/{groupId}", auth: "admin", params: GroupIdParams },
    async ({ auth, params }) => {
      await deleteGroup({ db: auth.db, groupId: params.groupId });
      return noContent();
    },
  ),
});
