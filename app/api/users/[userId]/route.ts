import { endpoints, json, route } from "@/lib/http/route";
import { UpdateUserInput, UserIdParams } from "@/lib/schemas/user-input";
import { updateUser } from "@/lib/users/update-user";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}", {
  PATCH: route(
    { operation: "PATCH /users/{userId}", auth: "admin", params: UserIdParams, body: UpdateUserInput },
    async ({ auth, params, body }) =>
      json(await updateUser({ db: auth.db, accountId: auth.accountId, userId: params.userId, input: body })),
  ),
});
