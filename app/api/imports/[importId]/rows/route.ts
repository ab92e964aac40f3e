import { pageResponse } from "@/lib/http/page-response";
import { endpoints, route } from "@/lib/http/route";
import { listImportRows } from "@/lib/imports/manage-imports";
import { ImportIdParams, ListImportRowsQuery } from "@/lib/schemas/import";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/imports/{importId}/rows", {
  GET: route(
    { operation: "GET /imports/{importId}/rows", auth: "admin", params: ImportIdParams, query: ListImportRowsQuery },
    async ({ auth, params, query, request }) => {
      const page = await listImportRows({ db: auth.db, importId: params.importId, ...query });
      return pageResponse(request, page.items, page.next);
    },
  ),
});
