import { exportJournal } from "@/lib/exports/export-journal";
import { csvResponse } from "@/lib/http/csv-response";
import { endpoints, route } from "@/lib/http/route";
import { JournalQuery } from "@/lib/schemas/export";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/exports/journal.csv", {
  GET: route(
    { operation: "GET /exports/journal.csv", auth: "admin", query: JournalQuery },
    async ({ auth, query: { delimiter, from, to } }) =>
      csvResponse("journal.csv", await exportJournal({ db: auth.db, accountId: auth.accountId, from, to }), delimiter),
  ),
});
