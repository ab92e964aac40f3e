import { orderFilterWhere } from "@/lib/orders/order-filter-where";
import { exportOrders } from "@/lib/exports/export-orders";
import { csvResponse } from "@/lib/http/csv-response";
import { endpoints, route } from "@/lib/http/route";
import { ExportOrdersQuery } from "@/lib/schemas/order-filter";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/exports/orders.csv", {
  GET: route(
    { operation: "GET /exports/orders.csv", auth: "admin", query: ExportOrdersQuery },
    async ({ auth, query: { delimiter, filter } }) => {
      const where = await orderFilterWhere({ db: auth.db, accountId: auth.accountId, filter });
      return csvResponse("orders.csv", exportOrders({ db: auth.db, where }), delimiter);
    },
  ),
});
