import { endpoints, json, route } from "@/lib/http/route";
import { commitImport } from "@/lib/imports/commit-import";
import { ImportIdParams, serializeImport } from "@/lib/schemas/import";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/imports/{importId}/commit", {
  POST: route(
    { operation: "POST /imports/{importId}/commit", auth: "admin", params: ImportIdParams },
    async ({ auth, params }) =>
      json(serializeImport(await commitImport({ db: auth.db, importId: params.importId })), 202),
  ),
});
