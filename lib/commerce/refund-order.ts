import "server-only";
import type { Order } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { providerOf } from "@/lib/payments/provider";
import { afterRefund } from "@/lib/orders/after-refund";
import { isRefundable } from "@/lib/orders/order-refundability";
import { markRefunded } from "@/lib/orders/order-status";

/**
 * An administrator refunds a `paid` order in full (409 `Order cannot be refunded` otherwise; 404 for
 * another account's). The order's provider moves the money back first (PaymentProvider.refund:
 * Stripe through the Refunds API on the connected account that took it, MobilePay through the
 * Recurring API on the charge that paid it; 503 when it cannot be reached, the order staying
 * `paid`); the demo and the desk move none. Then it is recorded; a provider's own report of the
 * refund that follows (Stripe's `charge.refunded`) changes nothing more. Recording it (markRefunded)
 * revokes the entitlement and cancels its future confirmed bookings; after the commit the
 * provider's billing of what it revoked stops (after-refund.ts).
 */
export async function refundOrder({
  db,
  orderId,
  reason,
}: {
  db: TenantDb;
  orderId: string;
  reason: string | null;
}): Promise<Order> {
  const order = await db.order.findFirst({ where: { id: orderId } });
  if (!order) throw new AppError("not_found");
  if (!isRefundable(order)) throw new AppError("order_not_refundable");
  const provider = providerOf(order.provider);
  await provider.refund(db, order);
  const refunded = await withRetry(
    () => db.$transaction((tx) => markRefunded(tx, order, { at: new Date(), reason }), TRANSACTION_OPTIONS),
    { label: "POST /orders/{orderId}/refunds" },
  );
  if (refunded) {
    await afterRefund(db, refunded, provider);
    return refunded;
  }
  // Refunded meanwhile: by a concurrent request, or by this refund's own webhook arriving first.
  const current = await db.order.findFirstOrThrow({ where: { id: orderId } });
  if (current.status === "refunded" && provider.refundsMoney) return current;
  throw new AppError("order_not_refundable");
}
