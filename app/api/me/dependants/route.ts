import { addDependant } from "@/lib/households/add-dependant";
import { listDependants } from "@/lib/households/list-dependants";
import { endpoints, json, route } from "@/lib/http/route";
import { CreateDependantInput } from "@/lib/schemas/user-input";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/dependants", {
  GET: route({ operation: "GET /me/dependants", auth: "member", personOnly: true }, async ({ auth }) =>
    json(await listDependants({ db: auth.db, guardianId: auth.userId })),
  ),
  POST: route(
    { operation: "POST /me/dependants", auth: "member", personOnly: true, body: CreateDependantInput },
    async ({ auth, body }) =>
      json(await addDependant({ db: auth.db, accountId: auth.accountId, guardianId: auth.userId, input: body }), 201),
  ),
});
