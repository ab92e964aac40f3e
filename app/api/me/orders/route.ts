import { listPersonOrders } from "@/lib/orders/list-person-orders";
import { readHousehold } from "@/lib/households/household-scope";
import { endpoints, json, route } from "@/lib/http/route";
import { orderWireContext } from "@/lib/orders/order-wire";
import { serializeOrder } from "@/lib/schemas/order";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/orders", {
  GET: route({ operation: "GET /me/orders", auth: "member", personOnly: true }, async ({ auth }) => {
    const orders = await listPersonOrders({
      db: auth.db,
      userId: auth.userId,
      household: await readHousehold(auth.db, auth.userId),
    });
    const wire = await orderWireContext(auth.db, auth.accountId);
    return json(orders.map((order) => serializeOrder(order, wire)));
  }),
});
