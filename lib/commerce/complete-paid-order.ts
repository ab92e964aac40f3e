import "server-only";
import type { Entitlement, Order } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { markPaid, type PaymentRefs } from "@/lib/orders/order-status";

/**
 * A hosted checkout's payment came through (Stripe's Checkout Session, a Vipps MobilePay
 * agreement's initial charge): the pending order is paid for what it bought (markPaid), with the
 * provider's subscription or agreement that bills its later periods. Null when it was no longer
 * pending (the payment reported twice).
 */
export async function completePaidOrder(
  tx: TenantTx,
  order: Order,
  { now, refs, providerSubscriptionId }: { now: Date; refs?: PaymentRefs; providerSubscriptionId: string | null },
): Promise<{ order: Order; entitlement: Entitlement | null } | null> {
  const [product, price] = await Promise.all([
    tx.product.findFirstOrThrow({ where: { id: order.productId } }),
    tx.price.findFirstOrThrow({ where: { id: order.priceId } }),
  ]);
  return markPaid(tx, order, { at: now, refs, payment: { for: "purchase", product, price, providerSubscriptionId } });
}
