import { exportBookings } from "@/lib/exports/export-bookings";
import { csvResponse } from "@/lib/http/csv-response";
import { endpoints, route } from "@/lib/http/route";
import { ExportRangeQuery } from "@/lib/schemas/export";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/exports/bookings.csv", {
  GET: route(
    { operation: "GET /exports/bookings.csv", auth: "admin", query: ExportRangeQuery },
    async ({ auth, query: { delimiter, ...range } }) =>
      csvResponse("bookings.csv", exportBookings({ db: auth.db, ...range }), delimiter),
  ),
});
