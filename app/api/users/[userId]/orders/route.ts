import { listPersonOrders } from "@/lib/orders/list-person-orders";
import { endpoints, json, route } from "@/lib/http/route";
import { orderWireContext } from "@/lib/orders/order-wire";
import { serializeOrder } from "@/lib/schemas/order";
import { UserIdParams } from "@/lib/schemas/user-input";
import { getMemberOrThrow } from "@/lib/users/get-member-or-throw";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}/orders", {
  GET: route(
    { operation: "GET /users/{userId}/orders", auth: "admin", params: UserIdParams },
    async ({ auth, params }) => {
      await getMemberOrThrow({ db: auth.db, userId: params.userId });
      const orders = await listPersonOrders({ db: auth.db, userId: params.userId });
      const wire = await orderWireContext(auth.db, auth.accountId);
      return json(orders.map((order) => serializeOrder(order, wire)));
    },
  ),
});
