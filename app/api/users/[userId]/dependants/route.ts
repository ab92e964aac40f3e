import { addDependant } from "@/lib/households/add-dependant";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateDependantInput, UserIdParams } from "@/lib/schemas/user-input";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}/dependants", {
  POST: route(
    { operation: "POST /users/{userId}/dependants", auth: "admin", params: UserIdParams, body: CreateDependantInput },
    async ({ auth, params, body }) =>
      json(await addDependant({ db: auth.db, accountId: auth.accountId, guardianId: params.userId, input: body }), 201),
  ),
});
