import { listOrders } from "@/lib/commerce/list-orders";
import { pageResponse } from "@/lib/http/page-response";
import { endpoints, route } from "@/lib/http/route";
import { ListOrdersQuery, serializeOrder } from "@/lib/schemas/order";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/orders", {
  GET: route({ operation: "GET /orders", auth: "admin", query: ListOrdersQuery }, async ({ auth, query, request }) => {
    const page = await listOrders({ db: auth.db, ...query });
    return pageResponse(request, page.items.map(serializeOrder), page.next);
  }),
});
