import { exportOrders } from "@/lib/exports/export-orders";
import { csvResponse } from "@/lib/http/csv-response";
import { endpoints, route } from "@/lib/http/route";
import { ExportRangeQuery } from "@/lib/schemas/export";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/exports/orders.csv", {
  GET: route(
    { operation: "GET /exports/orders.csv", auth: "admin", query: ExportRangeQuery },
    async ({ auth, query: { delimiter, ...range } }) =>
      csvResponse("orders.csv", exportOrders({ db: auth.db, ...range }), delimiter),
  ),
});
