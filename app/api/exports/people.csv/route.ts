import { exportPeople } from "@/lib/exports/export-people";
import { csvResponse } from "@/lib/http/csv-response";
import { endpoints, route } from "@/lib/http/route";
import { ExportQuery } from "@/lib/schemas/export";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/exports/people.csv", {
  GET: route({ operation: "GET /exports/people.csv", auth: "admin", query: ExportQuery }, async ({ auth, query }) =>
    csvResponse("people.csv", exportPeople({ db: auth.db, accountId: auth.accountId }), query.delimiter),
  ),
});
