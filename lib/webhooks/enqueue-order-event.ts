import "server-only";
import type { Order } from "@prisma/client";
import { enqueueDineroVoucher } from "@/lib/accounting/enqueue-dinero-voucher";
import type { TenantTx } from "@/lib/db/tenant-db";
import { serializeOrder } from "@/lib/schemas/order";
import { enqueueWebhookEvent } from "./enqueue-webhook-delivery";

/**
 * `order.paid` or `order.refunded` as of `now` for the account's subscribed endpoints, and the
 * order's voucher for the studio's books in Dinero when connected (decision 0042), in the
 * transaction that made it so.
 */
export async function enqueueOrderEvent(
  tx: TenantTx,
  type: "order.paid" | "order.refunded",
  order: Order,
  now: Date,
): Promise<void> {
  await enqueueWebhookEvent(tx, { accountId: order.accountId, type, data: serializeOrder(order), now });
  await enqueueDineroVoucher(tx, order, type === "order.paid" ? "sale" : "refund");
}
