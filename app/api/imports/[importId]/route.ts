import { endpoints, json, noContent, route } from "@/lib/http/route";
import { deleteImport, getImportOrThrow } from "@/lib/imports/manage-imports";
import { updateImport } from "@/lib/imports/update-import";
import { ImportIdParams, serializeImport, UpdateImportInput } from "@/lib/schemas/import";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/imports/{importId}", {
  GET: route(
    { operation: "GET /imports/{importId}", auth: "admin", params: ImportIdParams },
    async ({ auth, params }) =>
      json(serializeImport(await getImportOrThrow({ db: auth.db, importId: params.importId }))),
  ),
  PATCH: route(
    { operation: "PATCH /imports/{importId}", auth: "admin", params: ImportIdParams, body: UpdateImportInput },
    async ({ auth, params, body }) =>
      json(
        serializeImport(
          await updateImport({ db: auth.db, accountId: auth.accountId, importId: params.importId, input: body }),
        ),
      ),
  ),
  DELETE: route(
    { operation: "DELETE /imports/{importId}", auth: "admin", params: ImportIdParams },
    async ({ auth, params }) => {
      await deleteImport({ db: auth.db, importId: params.importId });
      return noContent();
    },
  ),
});
