import { listOrders } from "@/lib/orders/list-orders";
import { pageResponse } from "@/lib/http/page-response";
import { endpoints, route } from "@/lib/http/route";
import { orderWireContext } from "@/lib/orders/order-wire";
import { serializeOrder } from "@/lib/schemas/order";
import { ListOrdersQuery } from "@/lib/schemas/order-filter";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/orders", {
  GET: route({ operation: "GET /orders", auth: "admin", query: ListOrdersQuery }, async ({ auth, query, request }) => {
    const { limit, after, filter } = query;
    const page = await listOrders({ db: auth.db, limit, after, filter: { ...filter, accountId: auth.accountId } });
    const wire = await orderWireContext(auth.db, auth.accountId);
    return pageResponse(
      request,
      page.items.map((order) => serializeOrder(order, wire)),
      page.next,
    );
  }),
});
