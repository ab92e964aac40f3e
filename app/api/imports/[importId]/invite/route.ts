import { endpoints, json, route } from "@/lib/http/route";
import { inviteImport } from "@/lib/imports/invite-import";
import { ImportIdParams } from "@/lib/schemas/import";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/imports/{importId}/invite", {
  POST: route(
    { operation: "POST /imports/{importId}/invite", auth: "admin", params: ImportIdParams },
    async ({ auth, params }) =>
      json(await inviteImport({ db: auth.db, accountId: auth.accountId, importId: params.importId }), 202),
  ),
});
