import { csvResponse } from "@/lib/http/csv-response";
import { endpoints, route } from "@/lib/http/route";
import { exportInvalidRows } from "@/lib/imports/export-invalid-rows";
import { ImportIdParams, InvalidRowsQuery } from "@/lib/schemas/import";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/imports/{importId}/invalid.csv", {
  GET: route(
    { operation: "GET /imports/{importId}/invalid.csv", auth: "admin", params: ImportIdParams, query: InvalidRowsQuery },
    async ({ auth, params, query }) =>
      csvResponse(
        "invalid-rows.csv",
        await exportInvalidRows({ db: auth.db, importId: params.importId, language: query.language }),
        query.delimiter,
      ),
  ),
});
