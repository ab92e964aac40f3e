import { listOrders } from "@/lib/commerce/list-orders";
import { endpoints, json, route } from "@/lib/http/route";
import { serializeOrder } from "@/lib/schemas/order";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/orders", {
  GET: route({ operation: "GET /orders", auth: "admin" }, async ({ auth }) =>
    json((await listOrders({ db: auth.db })).map(serializeOrder)),
  ),
});
