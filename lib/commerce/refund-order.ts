import "server-only";
import type { Order } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { providerOf } from "@/lib/payments/provider";
import { assertGiftCardOrderRefundable, providerRefundOf } from "@/lib/gift-cards/gift-card-order-refunds";
import { afterRefund } from "@/lib/orders/after-refund";
import { isRefundable } from "@/lib/orders/order-refundability";
import { markRefunded } from "@/lib/orders/order-status";

/**
 * An administrator refunds `amount` of a `paid` order (default all that is left; 409 `Refund
 * exceeds what was paid` past it, 409 `Order cannot be refunded` for an order not paid; 404 for
 * another account's). `classes`: how many classes a part refunded takes off the order's class pass
 * (409 `Refund exceeds the classes left` past them); a refund of all that is left revokes the pass
 * as before. Both are checked before the provider moves the money back (PaymentProvider.refund, that
 * amount: Stripe through the Refunds API on the connected account that took it, MobilePay through
 * the Recurring API on the charge that paid it; 503 when it cannot be reached, the order unchanged);
 * the demo and the desk move none. Then it is recorded (markRefunded: its credit note, emailed to the
 * payer, and its voucher); a provider's own report of the refund that follows (Stripe's
 * `charge.refunded`) changes nothing more. A refund of all that is left revokes the entitlement and
 * cancels its future confirmed bookings not yet attended; after the commit the provider's billing
 * of what it revoked stops (after-refund.ts). Gift cards (decision 0051): of an order paid in part by
 * a card the provider refunds its part first and the rest goes back to the card; an order that bought
 * a card is refunded only in whole while the card is unspent (409 `Gift card has been spent`), and
 * the refund voids the card (lib/gift-cards/gift-card-order-refunds.ts).
 */
export async function refundOrder({
  db,
  orderId,
  amount,
  classes,
  reason,
}: {
  db: TenantDb;
  orderId: string;
  amount?: number;
  classes?: number;
  reason: string | null;
}): Promise<Order> {
  const order = await db.order.findFirst({ where: { id: orderId } });
  if (!order) throw new AppError("not_found");
  if (!isRefundable(order)) throw new AppError("order_not_refundable");
  const left = order.amount - order.refundedAmount;
  const refunding = amount ?? left;
  if (refunding > left) throw new AppError("refund_exceeds_paid");
  if (classes !== undefined && refunding < left) await checkClassesLeft(db, order.id, classes);
  await assertGiftCardOrderRefundable(db, order, refunding);
  const provider = providerOf(order.provider);
  // a gift card's part goes back to the card in the transaction ("order.refunded"), after the provider's
  const providerPart = providerRefundOf(order, refunding);
  if (providerPart > 0) await provider.refund(db, order, providerPart);
  const refunded = await withRetry(
    () =>
      db.$transaction(
        (tx) => markRefunded(tx, order, { at: new Date(), amount: refunding, classes, reason }),
        TRANSACTION_OPTIONS,
      ),
    { label: "POST /orders/{orderId}/refunds" },
  );
  if (refunded) {
    if (refunded.full) await afterRefund(db, refunded.order, provider);
    return refunded.order;
  }
  // Refunded meanwhile: by a concurrent request, or by this refund's own webhook arriving first.
  const current = await db.order.findFirstOrThrow({ where: { id: orderId } });
  if (provider.refundsMoney && current.refundedAmount >= order.refundedAmount + refunding) return current;
  throw new AppError(current.status === "paid" ? "refund_exceeds_paid" : "order_not_refundable");
}

/** 409 `Refund exceeds the classes left` unless the order's pass has `classes` left to take off. */
async function checkClassesLeft(db: TenantDb, orderId: string, classes: number): Promise<void> {
  const pass = await db.entitlement.findFirst({
    where: { orderId, status: { in: ["active", "exhausted"] }, remainingClasses: { gte: classes } },
    select: { id: true },
  });
  if (!pass) throw new AppError("refund_exceeds_classes");
}
