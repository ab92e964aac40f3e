import { addGroupMember } from "@/lib/groups/add-group-member";
import { removeGroupMember } from "@/lib/groups/remove-group-member";
import { endpoints, json, route } from "@/lib/http/route";
import { GroupUserParams } from "@/lib/schemas/group";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/groups/{groupId}/users/{userId}", {
  POST: route(
    { operation: "POST /groups/{groupId}/users/{userId}", auth: "admin", params: GroupUserParams },
    async ({ auth, params }) => json(await addGroupMember({ db: auth.db, accountId: auth.accountId, ...params })),
  ),
  DELETE: route(
    { operation: "DELETE /groups/{groupId}/users/{userId}", auth: "admin", params: GroupUserParams },
    async ({ auth, params }) => json(await removeGroupMember({ db: auth.db, ...params })),
  ),
});
