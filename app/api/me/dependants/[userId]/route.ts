import { removeDependant } from "@/lib/households/remove-dependant";
import { updateDependant } from "@/lib/households/update-dependant";
import { endpoints, json, noContent, route } from "@/lib/http/route";
import { UpdateDependantInput, UserIdParams } from "@/lib/schemas/user-input";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/dependants/{userId}", {
  PATCH: route(
    {
      operation: "PATCH /me/dependants/{userId}",
      auth: "member",
      personOnly: true,
      params: UserIdParams,
      body: UpdateDependantInput,
    },
    async ({ auth, params, body }) =>
      json(await updateDependant({ db: auth.db, guardianId: auth.userId, userId: params.userId, input: body })),
  ),
  DELETE: route(
    { operation: "DELETE /me/dependants/{userId}", auth: "member", personOnly: true, params: UserIdParams },
    async ({ auth, params }) => {
      await removeDependant({ db: auth.db, accountId: auth.accountId, guardianId: auth.userId, userId: params.userId });
      return noContent();
    },
  ),
});
