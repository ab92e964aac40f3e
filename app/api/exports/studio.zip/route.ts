import { exportStudio } from "@/lib/exports/export-studio";
import { endpoints, route } from "@/lib/http/route";
import { zipResponse } from "@/lib/http/zip-response";
import { ExportQuery } from "@/lib/schemas/export";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/exports/studio.zip", {
  GET: route({ operation: "GET /exports/studio.zip", auth: "admin", query: ExportQuery }, async ({ auth, query }) => {
    const { filename, zip } = await exportStudio({ db: auth.db, accountId: auth.accountId, delimiter: query.delimiter });
    return zipResponse(filename, zip);
  }),
});
