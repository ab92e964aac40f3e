import { refundOrder } from "@/lib/commerce/refund-order";
import { idempotent } from "@/lib/http/idempotency";
import { endpoints, json, route } from "@/lib/http/route";
import { orderWireContext, withWithdrawal } from "@/lib/orders/order-wire";
import { OrderParams, RefundOrderInput, serializeOrder } from "@/lib/schemas/order";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/orders/{orderId}/refunds", {
  POST: route(
    {
      operation: "POST /orders/{orderId}/refunds",
      auth: "admin",
      params: OrderParams,
      body: RefundOrderInput.optional(),
    },
    async ({ auth, params, body, request }) =>
      idempotent(request, auth, body, async () => {
        const order = await refundOrder({
          db: auth.db,
          orderId: params.orderId,
          amount: body?.amount,
          classes: body?.classes,
          reason: body?.reason ?? null,
        });
        const wire = await orderWireContext(auth.db, auth.accountId);
        return json(serializeOrder(await withWithdrawal(auth.db, order), wire));
      }),
  ),
});
