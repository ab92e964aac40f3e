import "server-only";
import type { Order } from "@prisma/client";
import type Stripe from "stripe";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { refundStripePayment } from "@/lib/payments/stripe/refund-payment";
import { stripeClient } from "@/lib/payments/stripe/client";
import { afterRefund } from "@/lib/orders/after-refund";
import { isRefundable } from "@/lib/orders/order-refundability";
import { markRefunded } from "@/lib/orders/order-status";
import { refundMobilepayCharge } from "@/lib/payments/mobilepay/renewals";

/**
 * An administrator refunds a `paid` order in full (409 `Order cannot be refunded` otherwise; 404 for
 * another account's). Demo and desk orders move no money here: the refund is recorded at once.
 * Stripe orders are refunded through the Refunds API first, on the connected account that took them, (503 when Stripe cannot be reached, the
 * order staying `paid`), then recorded; the `charge.refunded` that follows changes nothing more.
 * MobilePay orders are refunded through the Recurring API (the charge that paid them), likewise.
 * Recording it (markRefunded) revokes the entitlement and cancels its future confirmed bookings. A
 * revoked card membership or purchase in instalments also has its Stripe subscription cancelled
 * (nothing more is billed), a MobilePay membership its agreement stopped; the demo's job takes none
 * after a refunded first order.
 */
export async function refundOrder({
  db,
  orderId,
  reason,
  stripe = stripeClient,
}: {
  db: TenantDb;
  orderId: string;
  reason: string | null;
  stripe?: () => Stripe;
}): Promise<Order> {
  const order = await db.order.findFirst({ where: { id: orderId } });
  if (!order) throw new AppError("not_found");
  if (!isRefundable(order)) throw new AppError("order_not_refundable");
  if (order.provider === "mobilepay") await refundMobilepayCharge({ db, order });
  if (order.provider === "stripe" && order.paymentIntentId) {
    await refundWithStripe(stripe, {
      orderId,
      paymentIntentId: order.paymentIntentId,
      connectedAccountId: order.stripeAccountId,
    });
  }
  const refunded = await withRetry(
    () => db.$transaction((tx) => markRefunded(tx, order, { at: new Date(), reason }), TRANSACTION_OPTIONS),
    { label: "POST /orders/{orderId}/refunds" },
  );
  if (refunded) {
    await afterRefund(db, refunded, { stripe });
    return refunded;
  }
  // Refunded meanwhile: by a concurrent request, or by this refund's own webhook arriving first.
  const current = await db.order.findFirstOrThrow({ where: { id: orderId } });
  if (current.status === "refunded" && (order.provider === "stripe" || order.provider === "mobilepay")) return current;
  throw new AppError("order_not_refundable");
}

async function refundWithStripe(
  stripe: () => Stripe,
  refund: { orderId: string; paymentIntentId: string; connectedAccountId: string | null },
): Promise<void> {
  try {
    await refundStripePayment(stripe(), refund);
  } catch (error) {
    log.error("Stripe failed to refund an order", {
      orderId: refund.orderId,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
}
