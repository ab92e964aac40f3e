import { endpoints, noContent, route } from "@/lib/http/route";
import { UserIdParams } from "@/lib/schemas/user-input";
import { erasePerson } from "@/lib/users/erase-person";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}/erase", {
  POST: route({ operation: "POST /users/{userId}/erase", auth: "admin", params: UserIdParams }, async ({ auth, params }) => {
    await erasePerson({
      accountId: auth.accountId,
      userId: params.userId,
      requestedBy: { kind: "administrator", userId: auth.userId },
    });
    return noContent();
  }),
});
