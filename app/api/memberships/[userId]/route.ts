import { endpoints, noContent, route } from "@/lib/http/route";
import { UserIdParams } from "@/lib/schemas/user-input";
import { removeMembership } from "@/lib/users/remove-membership";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/memberships/{userId}", {
  DELETE: route(
    { operation: "DELETE /memberships/{userId}", auth: "admin", params: UserIdParams },
    async ({ auth, params }) => {
      await removeMembership({
        db: auth.db,
        accountId: auth.accountId,
        actorUserId: auth.userId,
        userId: params.userId,
      });
      return noContent();
    },
  ),
});
