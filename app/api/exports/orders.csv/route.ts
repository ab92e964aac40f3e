import { orderFilterWhere } from "@/lib/orders/order-filter-where";
import { exportOrders } from "@/lib/exports/export-orders";
import { ordersSheet, sheetReader } from "@/lib/exports/sheets";
import { csvResponse } from "@/lib/http/csv-response";
import { endpoints, route } from "@/lib/http/route";
import { ExportOrdersQuery } from "@/lib/schemas/order-filter";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/exports/orders.csv", {
  GET: route(
    { operation: "GET /exports/orders.csv", auth: "admin", query: ExportOrdersQuery },
    async ({ auth, query: { delimiter, language, filter } }) => {
      const where = await orderFilterWhere({ db: auth.db, accountId: auth.accountId, filter });
      const orders = exportOrders({ db: auth.db, where });
      const csv = language ? ordersSheet(orders, await sheetReader(auth.db, auth.accountId, language)) : orders;
      return csvResponse("orders.csv", csv, delimiter);
    },
  ),
});
