import { endpoints, json, route } from "@/lib/http/route";
import { readFileBody } from "@/lib/http/read-file-body";
import { listImports } from "@/lib/imports/manage-imports";
import { MAX_IMPORT_BYTES } from "@/lib/imports/read-csv";
import { previewImport } from "@/lib/imports/preview-import";
import { CreateImportQuery, serializeImport } from "@/lib/schemas/import";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/imports", {
  GET: route({ operation: "GET /imports", auth: "admin" }, async ({ auth }) =>
    json((await listImports({ db: auth.db })).items.map(serializeImport)),
  ),
  POST: route(
    { operation: "POST /imports", auth: "admin", query: CreateImportQuery },
    async ({ auth, query, request }) => {
      const created = await readFileBody(request, MAX_IMPORT_BYTES, (file) =>
        previewImport({ db: auth.db, accountId: auth.accountId, kind: query.kind, file }),
      );
      return json(serializeImport(created), 201);
    },
  ),
});
