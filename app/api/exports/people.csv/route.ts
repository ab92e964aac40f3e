import { exportPeople } from "@/lib/exports/export-people";
import { peopleSheet, sheetReader } from "@/lib/exports/sheets";
import { csvResponse } from "@/lib/http/csv-response";
import { endpoints, route } from "@/lib/http/route";
import { SheetExportQuery } from "@/lib/schemas/export";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/exports/people.csv", {
  GET: route(
    { operation: "GET /exports/people.csv", auth: "admin", query: SheetExportQuery },
    async ({ auth, query }) => {
      const people = exportPeople({ db: auth.db, accountId: auth.accountId });
      const csv = query.language
        ? peopleSheet(people, await sheetReader(auth.db, auth.accountId, query.language))
        : people;
      return csvResponse("people.csv", csv, query.delimiter);
    },
  ),
});
