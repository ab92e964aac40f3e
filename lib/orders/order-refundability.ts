import { tenderOf } from "@/lib/payments/tenders";

/**
 * Whether an administrator can refund an order: a paid one its tender can refund now (a Stripe one
 * only once its payment is known: a subscription's order gets its PaymentIntent when invoice.paid
 * reports it). The one rule of refundOrder (409 `Order cannot be refunded` otherwise) and of the
 * orders page's Refund.
 */
export function isRefundable(order: { status: string; provider: string; paymentIntentId: string | null }): boolean {
  return order.status === "paid" && tenderOf(order.provider).refundable(order);
}
